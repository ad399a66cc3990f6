// What an operator runs (docs/operations.md, "Several instances"): PostgreSQL (a throwaway database on the local
// server), an S3-compatible server, two instances of the built site (`node server.js`), each with its
// own DATA_DIR, and Debian's nginx in front. Needs `npm run build`, TEST_DATABASE_URL and nginx
// (.ci/run provides all three); vitest.config.ts runs it only when TEST_DATABASE_URL is set.
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { startFauxqs, type FauxqsServer } from "fauxqs";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/postgres-template";
import { startReceiver, waitFor, type Receiver } from "../integration/contact-receiver";
import { freePort, NGINX_KEEPALIVE_TIMEOUT_S, siteInstance, startNginx, type Instance, type Proxy } from "./support";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("The multi-instance test needs TEST_DATABASE_URL (a PostgreSQL server).");

const ADMIN = { username: "exploitant", password: "mot-de-passe-de-l-exploitant" };
const BUCKET = `site-multi-${process.pid}`;
const DRAIN_MS = 400;

let admin: pg.Client;
let databaseName: string;
let db: pg.Client;
let s3: FauxqsServer;
let receiver: Receiver;
let proxy: Proxy;
let proxyPort: number;
let instances: Instance[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `multi_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${databaseName}"`);
  const databaseUrl = withDatabase(serverUrl, databaseName);

  s3 = await startFauxqs({ port: 0, logger: false, host: "127.0.0.1" });
  s3.createBucket(BUCKET);
  receiver = await startReceiver();

  const ports = [await freePort(), await freePort()];
  // The proxy's address is needed for PUBLIC_URL before the instances start; nginx starts after them.
  proxyPort = await freePort();
  const env = (dataDir: string): Record<string, string> => ({
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: "loopback",
    // Shared by every instance: it keys the hashes of visitors' addresses.
    SESSION_SECRET: "secret-partage-par-toutes-les-instances",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    CONTACT_WEBHOOK_URL: receiver.url,
    // All the load comes from one address, thousands of requests an hour: neither limit applies here.
    CONTACT_RATE_LIMIT: "off",
    CONTACT_MAX_PER_HOUR: "off",
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: "15000",
    // Pictures' widths are made when asked for: the picture tests cover the background maker, and two
    // instances encoding the demo's pictures at once would only slow this test down.
    PICTURE_WIDTHS_AHEAD: "off",
    // Above the idle timeout of nginx's upstream pool (the keep-alive variant).
    KEEP_ALIVE_TIMEOUT_MS: String((NGINX_KEEPALIVE_TIMEOUT_S + 1) * 1000),
    LOG_LEVEL: "warn",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test",
    S3_FORCE_PATH_STYLE: "1",
  });
  for (const [i, port] of ports.entries()) {
    const dataDir = await mkdtemp(join(tmpdir(), `site-instance-${i}-`));
    dataDirs.push(dataDir);
    instances.push(siteInstance(`instance ${"AB"[i]}`, port, env(dataDir)));
  }
  // Both at once, on the empty database: migrations and the demo content must happen once.
  await Promise.all(instances.map((instance) => instance.start()));
  proxy = await startNginx(ports, proxyPort);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  for (const instance of instances) instance.kill();
  await proxy?.stop();
  await db?.end();
  await receiver?.close();
  await s3?.stop();
  if (admin) {
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  }
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  instances = [];
});

/** Through nginx, with the Origin a browser on the site sends with a form. */
function viaProxy(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET") headers.set("origin", proxy.url);
  return fetch(proxy.url + path, { redirect: "manual", ...init, headers, signal: AbortSignal.timeout(20_000) });
}

/** The instance that answered through nginx (the last one it tried). */
const upstreamOf = (response: Response) => response.headers.get("x-upstream")?.split(", ").at(-1) ?? "";
const instanceOf = (response: Response) => instances.find((i) => upstreamOf(response).endsWith(`:${i.port}`));

async function signIn(): Promise<{ cookie: string; response: Response }> {
  const response = await viaProxy("/login", { method: "POST", body: new URLSearchParams(ADMIN) });
  const cookie = response.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return { cookie: cookie.split(";")[0]!, response };
}

let contactCount = 0;
function contactForm(label: string) {
  contactCount++;
  return new URLSearchParams({
    nom_complet: `${label} ${contactCount}`,
    courriel: `client${contactCount}@exemple.ca`,
    description_demande: "Une distributrice de collations pour la salle des employés.",
    type_emplacement: "office",
    emplacement: "quebec",
    date_installation: "1-3-months",
  });
}

/** A contact POST sent straight to one instance by a slow client: the headers and half the body now,
 * the rest after `pauseMs`. Resolves with the status. */
function slowContactPost(instance: Instance, body: URLSearchParams, pauseMs: number): Promise<number> {
  const bytes = Buffer.from(body.toString());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${instance.url}/contact`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": bytes.length,
          origin: instance.url,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(bytes.subarray(0, bytes.length >> 1));
    setTimeout(() => req.end(bytes.subarray(bytes.length >> 1)), pauseMs);
  });
}

async function rowsNamed(prefix: string): Promise<{ id: string; nom_complet: string; status: string }[]> {
  const { rows } = await db.query<{ id: string; nom_complet: string; status: string }>(
    "select id, nom_complet, status from contact_requests where nom_complet like $1",
    [`${prefix} %`],
  );
  return rows;
}

/** Waits until every request named `prefix …` is delivered, then checks each went out exactly once. */
async function expectDeliveredOnce(prefix: string, expected: number) {
  await waitFor(
    async () => {
      const rows = await rowsNamed(prefix);
      return rows.length === expected && rows.every((r) => r.status === "delivered");
    },
    30_000,
    `delivery of the ${expected} '${prefix}' requests`,
  );
  const rows = await rowsNamed(prefix);
  const calls = receiver
    .delivered()
    .filter((call) => (call.json as { nom_complet?: string }).nom_complet?.startsWith(`${prefix} `));
  expect(calls.map((c) => c.headers["idempotency-key"]).sort()).toEqual(rows.map((r) => r.id).sort());
  expect(new Set(calls.map((c) => (c.json as { nom_complet: string }).nom_complet)).size).toBe(expected);
}

describe("two instances behind nginx on one PostgreSQL database", () => {
  it("both started together on an empty database: migrated and seeded once, both ready", async () => {
    for (const instance of instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    const { rows: migrations } = await db.query<{ n: number; distinct: number }>(
      "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
    );
    expect(migrations[0]!.n).toBeGreaterThan(0);
    expect(migrations[0]!.n).toBe(migrations[0]!.distinct);
    const { rows: categories } = await db.query<{ n: number; names: number }>(
      "select count(*)::int as n, count(distinct nom)::int as names from machine_categories",
    );
    expect(categories[0]!.n).toBeGreaterThan(0);
    expect(categories[0]!.n).toBe(categories[0]!.names); // not seeded twice
    const { rows: admins } = await db.query("select username from admin_users");
    expect(admins.map((a: { username: string }) => a.username)).toEqual([ADMIN.username]);

    const answered = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await viaProxy("/");
      expect(response.status).toBe(200);
      answered.add(upstreamOf(response));
    }
    expect(answered.size).toBe(2); // nginx shares the requests between both
  });

  it("signing in through the proxy works on both instances", async () => {
    const first = await signIn();
    const second = await signIn();
    // Round robin: the two sign-ins went to different instances.
    expect(new Set([instanceOf(first.response)?.name, instanceOf(second.response)?.name]).size).toBe(2);
    for (const { cookie } of [first, second]) {
      const servedBy = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const response = await viaProxy("/edit", { headers: { cookie } });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain("Se déconnecter");
        servedBy.add(upstreamOf(response));
      }
      expect(servedBy.size).toBe(2);
    }
  });

  it("a photo uploaded through one instance is served by the other and is in the bucket", async () => {
    const { cookie } = await signIn();
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#2f6f5f" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/png" }), "photo.png");
    const upload = await viaProxy("/api/upload/gallery-images", { method: "POST", body: form, headers: { cookie } });
    expect(upload.status).toBe(201);
    const { url, name } = (await upload.json()) as { url: string; name: string };
    const uploadedOn = instanceOf(upload)!;
    const other = instances.find((i) => i !== uploadedOn)!;

    const served = await fetch(new URL(url, other.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    const client = new S3Client({
      endpoint: `http://127.0.0.1:${s3.port}`,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "test", secretAccessKey: "test" },
    });
    const listing = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    client.destroy();
    expect((listing.Contents ?? []).map((o) => o.Key).filter((key) => key?.endsWith(name))).toHaveLength(1);
  });

  it("contact requests sent through both instances are delivered exactly once", async () => {
    const handledBy = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const response = await viaProxy("/contact", { method: "POST", body: contactForm("Demande") });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/confirmation");
      handledBy.add(upstreamOf(response));
    }
    expect(handledBy.size).toBe(2);
    await expectDeliveredOnce("Demande", 8);
  });

  it("a rolling restart under load fails no request and delivers every contact request exactly once", async () => {
    await rollingRestartUnderLoad(instances, "Charge");
  });

  it("behind nginx's upstream keep-alive pool, three rolling restarts under load fail no request", async () => {
    await proxy.stop();
    proxy = await startNginx(
      instances.map((instance) => instance.port),
      proxyPort,
      { keepalive: true },
    );
    const [a, b] = instances as [Instance, Instance];
    await rollingRestartUnderLoad([a, b, a], "Relais");
  });
});

/** Pages and contact POSTs through nginx without pause while `restarts` are stopped (SIGTERM) and
 * started again one after the other; no request may fail, and every contact request accepted (named
 * `prefix …`) is delivered exactly once. */
async function rollingRestartUnderLoad(restarts: Instance[], prefix: string) {
  const failures: string[] = [];
  let pages = 0;
  let accepted = 0;
  let running = true;
  // Cached pages, and searches the page cache cannot answer (rendered each time, with a query).
  const pagePaths = ["/", "/produits", "/machines", "/contact", "/galerie", "/notre-offre", "/produits?q="];

  const pageLoop = async (offset: number) => {
    for (let i = offset; running; i++) {
      let path = pagePaths[i % pagePaths.length]!;
      if (path.endsWith("=")) path += `cafe${i}`;
      try {
        const response = await viaProxy(path);
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`GET ${path}: ${response.status}`);
        else pages++;
      } catch (error) {
        failures.push(`GET ${path}: ${String(error)}`);
      }
    }
  };
  const contactLoop = async () => {
    while (running) {
      const body = contactForm(prefix);
      try {
        const response = await viaProxy("/contact", { method: "POST", body });
        await response.arrayBuffer();
        if (response.status !== 302) failures.push(`POST /contact: ${response.status}`);
        else accepted++;
      } catch (error) {
        failures.push(`POST /contact: ${String(error)}`);
      }
    }
  };
  const load = [pageLoop(0), pageLoop(3), pageLoop(5), contactLoop(), contactLoop()];

  try {
    await sleep(1000);
    for (const instance of restarts) {
      const stopping = instance.stop();
      // Draining: not ready any more, still serving.
      await sleep(DRAIN_MS / 4);
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
      // Accepted during the drain, still being received when the server closes: it must complete.
      const slow = slowContactPost(instance, contactForm(prefix), DRAIN_MS + 500);
      expect(await slow).toBe(302);
      accepted++;
      expect(await stopping, instance.output()).toBe(0);
      await instance.start();
      // nginx tries a failed upstream again only after fail_timeout (1 s), counted in whole seconds:
      // up to 2 s after its last refused connection. Wait that long before stopping the next one.
      await sleep(2500);
    }
    await sleep(1000);
  } finally {
    running = false;
    await Promise.all(load);
  }

  expect(failures, `${failures.join("\n")}\n${await proxy.errorLog()}`).toEqual([]);
  expect(pages).toBeGreaterThan(20);
  expect(accepted).toBeGreaterThan(10);
  await expectDeliveredOnce(prefix, accepted);
}
