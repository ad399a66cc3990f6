import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../server/auth/password";
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_SECURE, sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import { ContentVersion } from "../../server/pages/content-version";
import { versionedStorage } from "../../server/pages/versioned-storage";
import { loadConfig } from "../../server/config";
import type { Services } from "../../server/context";
import type { Database } from "../../server/db/client";
import { adminUsers } from "../../server/db/schema";
import { log } from "../../server/lib/log";
import { createStorage } from "../../server/services";
import { createTestDatabase } from "./db";
import { TEST_ADMIN } from "./test-admin";

export { TEST_ADMIN };

// A hash costs 0.4 s of a core and 128 MiB: made once per run (the projects' global setup) or else once
// per test process, then stored in each test database as the site's own admin account (upsertAdmin has
// its own tests in auth*.test.ts).
let testAdminHash: Promise<string> | undefined;

export type TestApp = {
  url: string;
  services: Services;
  database: Database;
  db(): Services["db"];
  /** fetch relative to the app, with the same Origin as a browser on the site would send. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Opens a session for the test admin, as signing in does, and returns the Cookie header value. */
  login(): Promise<string>;
  /** Signs the test admin in through the sign-in form (its hash, throttle and cookie) and returns the
   * Cookie header value. */
  loginByForm(): Promise<string>;
  close(): Promise<void>;
};

/** The built application (npm run build) on a private database (or the one given) and data folder,
 * on a free port. Media live in DATA_DIR/storage, or on S3 when env holds S3_BUCKET and its settings
 * (`startTestApp(s3.env)` with `s3 = await startTestS3()` from ./s3). */
export async function startTestApp(
  env: Record<string, string> = {},
  { database: given }: { database?: Database } = {},
): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), "site-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const contentVersion = new ContentVersion(database.db);
  const stopListening = await contentVersion.listen(database);
  const services: Services = {
    database,
    db: database.db,
    storage: versionedStorage(await createStorage(config), contentVersion),
    contentVersion,
    config,
    log,
    secret: "test-secret",
  };
  testAdminHash ??= Promise.resolve(inject("testAdminHash") ?? hashPassword(TEST_ADMIN.password));
  await database.db
    .insert(adminUsers)
    .values({ username: TEST_ADMIN.username, password_hash: await testAdminHash })
    .onConflictDoNothing();
  // @ts-expect-error: the built bundle has no type declarations.
  const { createApp } = (await import("../../build/server/index.js")) as {
    createApp: (s: Services) => import("express").Express;
  };
  const server = createApp(services).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const app: TestApp = {
    url,
    services,
    database,
    db: () => database.db,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", url);
      return fetch(url + path, { redirect: "manual", ...init, headers });
    },
    // The sign-in form's own tests post it; the rest skip its deliberately slow hash (0.35 s of a core).
    async login() {
      const [admin] = await database.db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.username, TEST_ADMIN.username));
      if (!admin) throw new Error("login failed: no test admin");
      const token = await createSession(database.db, admin.id, sessionPolicy(config));
      return `${config.https ? SESSION_COOKIE_SECURE : SESSION_COOKIE_PLAIN}=${token}`;
    },
    async loginByForm() {
      const response = await app.fetch("/login", {
        method: "POST",
        body: new URLSearchParams(TEST_ADMIN),
      });
      // __Host-sid when the site is served over HTTPS (PUBLIC_URL), sid otherwise.
      const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
      if (!cookie) throw new Error(`login failed: ${response.status}`);
      return cookie.split(";")[0]!;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stopListening();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** startTestApp, with the test admin signed in: the app and the Cookie header value of its session. */
export async function startSignedInApp(env: Record<string, string> = {}): Promise<{ app: TestApp; cookie: string }> {
  const app = await startTestApp(env);
  return { app, cookie: await app.login() };
}
