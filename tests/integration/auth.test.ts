import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../server/auth/password";
import { LOGIN_MAX_ADDRESS_FAILURES, recordLoginAttempt, reserveLoginAttempt } from "../../server/auth/throttle";
import {
  checkCredentials,
  createSession,
  deleteSession,
  ensureAdmin,
  findAdmin,
  getSessionUser,
  upsertAdmin,
} from "../../server/auth/users";
import { adminUsers } from "../../server/db/schema";
import { log } from "../../server/lib/log";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("passwords", () => {
  it("hashes with scrypt and verifies only the right password", async () => {
    const hash = await hashPassword("érable-2026");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("érable-2026", hash)).toBe(true);
    expect(await verifyPassword("erable-2026", hash)).toBe(false);
    expect(await hashPassword("érable-2026")).not.toBe(hash);
  });
});

describe("admin accounts", () => {
  it("creates or updates the configured admin, and never leaves the site without one", async () => {
    const db = app.db();
    const dataDir = app.services.config.dataDir;
    await ensureAdmin(db, log, { username: "gerant", password: "premier-mot-de-passe" }, dataDir);
    expect(await checkCredentials(db, "gerant", "premier-mot-de-passe")).not.toBeNull();
    await ensureAdmin(db, log, { username: "gerant", password: "second-mot-de-passe" }, dataDir);
    expect(await checkCredentials(db, "gerant", "premier-mot-de-passe")).toBeNull();
    expect(await checkCredentials(db, "gerant", "second-mot-de-passe")).not.toBeNull();
    expect(await checkCredentials(db, "inconnu", "second-mot-de-passe")).toBeNull();

    await db.delete(adminUsers);
    await ensureAdmin(db, log, {}, dataDir);
    expect(await findAdmin(db, "admin")).not.toBeNull();
    await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
  });
});

describe("sessions", () => {
  it("expire, and logout revokes them", async () => {
    const db = app.db();
    const user = (await findAdmin(db, TEST_ADMIN.username))!;
    const policy = { idleMs: 2 * 60 * 60 * 1000, maxMs: 12 * 60 * 60 * 1000 };
    const token = await createSession(db, user.id, policy);
    expect(await getSessionUser(db, token, policy)).toMatchObject({ username: TEST_ADMIN.username });
    expect(await getSessionUser(db, token, policy, new Date(Date.now() + policy.maxMs + 1000))).toBeNull();
    await deleteSession(db, token);
    expect(await getSessionUser(db, token, policy)).toBeNull();
    expect(await getSessionUser(db, "forged", policy)).toBeNull();
  });
});

describe("login over HTTP", () => {
  it("signs in with the right pair, sets an HttpOnly SameSite=Lax cookie and goes to /edit", async () => {
    const response = await app.fetch("/login", { method: "POST", body: new URLSearchParams(TEST_ADMIN) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/edit");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const page = await app.fetch("/edit", { headers: { cookie: cookie.split(";")[0]! } });
    expect(page.status).toBe(200);
  });

  it("'/admin', typed or bookmarked, leads to the sign-in and on to the panel", async () => {
    const signedOut = await app.fetch("/admin");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/login?retour=/edit");
    const form = await app.fetch("/login?retour=/edit");
    expect(await form.text()).toContain("Connexion");
    const cookie = await app.login();
    const signedIn = await app.fetch("/login?retour=/edit", { headers: { cookie } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/edit");
  });

  it("refuses a wrong pair with the same answer whether or not the user exists", async () => {
    const wrong = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username: TEST_ADMIN.username, password: "non" }),
      headers: { "x-forwarded-for": "10.0.0.1" },
    });
    const unknown = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "personne", password: "non" }),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("throttles after 5 failures in 15 minutes for a username from one address, with 429", async () => {
    const db = app.db();
    const username = "cible";
    for (let i = 0; i < 5; i++) await recordLoginAttempt(db, "127.0.0.1", username, false);
    expect((await reserveLoginAttempt(db, "127.0.0.1", username)).allowed).toBe(false);
    expect((await reserveLoginAttempt(db, "198.51.100.1", username)).allowed).toBe(true);
    expect((await reserveLoginAttempt(db, "127.0.0.1", "autre")).allowed).toBe(true);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect((await reserveLoginAttempt(db, "127.0.0.1", username, later)).allowed).toBe(true);
    const response = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username, password: "x" }),
    });
    expect(response.status).toBe(429);
  });

  it("throttles an address that failed too often across usernames, even with the right password", async () => {
    const db = app.db();
    for (let i = 0; i < LOGIN_MAX_ADDRESS_FAILURES; i++) await recordLoginAttempt(db, "127.0.0.1", `u${i}`, false);
    const response = await app.fetch("/login", { method: "POST", body: new URLSearchParams(TEST_ADMIN) });
    expect(response.status).toBe(429);
    await db.delete((await import("../../server/db/schema")).loginAttempts);
  });

  it("refuses a cross-site form post", async () => {
    const response = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams(TEST_ADMIN),
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("protected routes", () => {
  const pages = [
    "/edit",
    "/edit-products",
    "/edit-machines",
    "/edit-gallery",
    "/edit-demandes",
    "/creer-machine",
    "/about",
  ];

  it("answer 404 with 'Page non trouvée' when signed out, on first load and as data", async () => {
    for (const path of pages) {
      const page = await app.fetch(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain("Page non trouvée");
      const dataRequest = await app.fetch(`${path}.data`);
      expect(dataRequest.status, `${path}.data`).toBe(404);
    }
  });

  it("refuse mutations with 401 when signed out", async () => {
    for (const path of pages) {
      const response = await app.fetch(path, { method: "POST", body: new URLSearchParams({ intent: "x" }) });
      expect(response.status, path).toBe(401);
    }
  });

  it("logout revokes the session", async () => {
    const cookie = await app.login();
    expect((await app.fetch("/edit", { headers: { cookie } })).status).toBe(200);
    const out = await app.fetch("/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("sid=;"))).toBe(true);
    expect((await app.fetch("/edit", { headers: { cookie } })).status).toBe(404);
  });

  it("deleting the admin row ends its sessions", async () => {
    const cookie = await app.login();
    const db = app.db();
    await db.delete(adminUsers).where(eq(adminUsers.username, TEST_ADMIN.username));
    expect((await app.fetch("/edit", { headers: { cookie } })).status).toBe(404);
    await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
  });
});

describe("shell", () => {
  it("serves pages in French with security headers; a visitor's page allows its inline scripts by hash", async () => {
    const response = await app.fetch("/");
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy")!;
    const scriptSources = /script-src ([^;]*)/.exec(csp)![1]!.split(" ");
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBeTruthy();
    const html = await response.text();
    expect(html).toContain('<html lang="fr-CA">');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attributes]) => !/src=/.test(attributes!) && !/json"/.test(attributes!));
    expect(inline.length).toBeGreaterThan(0);
    const hashOf = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    for (const [, , code] of inline) expect(scriptSources).toContain(hashOf(code!));
    // Structured data is never run: its hash would only lengthen the header.
    const structuredData = scripts.filter(([, attributes]) => attributes!.includes('type="application/ld+json"'));
    expect(structuredData.length).toBeGreaterThan(0);
    for (const [, , code] of structuredData) expect(scriptSources).not.toContain(hashOf(code!));
  });

  it("gives a signed-in person's page a fresh nonce on every script", async () => {
    const cookie = await app.login();
    const response = await app.fetch("/", { headers: { cookie } });
    const csp = response.headers.get("content-security-policy")!;
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts.filter((t) => !t.includes("application/ld+json") && !t.includes("text/plain")))
      expect(tag).toContain(`nonce="${nonce}"`);
    const again = (await app.fetch("/", { headers: { cookie } })).headers.get("content-security-policy")!;
    expect(again).not.toContain(nonce);
  });

  it("paints from the HTML alone: the styles are inline and the scripts start after the content", async () => {
    const html = await (await app.fetch("/")).text();
    const styles = /<style id="styles-site"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(styles).toContain("@font-face");
    expect(styles).toContain(".container-page");
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    // The preloads and the app's module script are added by a script at the end of the shell, once painted.
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html.indexOf('"/assets/react-')).toBeGreaterThan(html.indexOf("</main>"));
  });

  it("inlines only the rules a page's scripts use, and points to the whole stylesheet for later", async () => {
    const inlineOf = (html: string) => /<style id="styles-site"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const home = await (await app.fetch("/")).text();
    const login = await (await app.fetch("/login")).text();
    // min-h-[70vh] is written only in the sign-in screen's code.
    const signInRule = ".min-h-\\[70vh\\]";
    expect(inlineOf(login)).toContain(signInRule);
    expect(inlineOf(home)).not.toContain(signInRule);
    expect(inlineOf(home)).toContain(".container-page");
    const stylesheetUrl = /"(\/assets\/app-[^"]+\.css)"/.exec(home)![1]!;
    const stylesheet = await app.fetch(stylesheetUrl);
    expect(stylesheet.headers.get("content-type")).toContain("text/css");
    const whole = await stylesheet.text();
    expect(whole).toContain(signInRule);
    expect(whole.length).toBeGreaterThan(inlineOf(home).length * 1.5);
    // The font faces travel only inline: arriving again with the stylesheet, they would make the
    // browser lay out every text of the page a second time.
    expect(inlineOf(home)).toContain("@font-face");
    expect(whole).not.toContain("@font-face");
  });

  it("serves build files precompressed, cached for good, without the page headers", async () => {
    const html = await (await app.fetch("/")).text();
    const script = /"(\/assets\/react-[^"]+\.js)"/.exec(html)![1]!;
    const response = await app.fetch(script, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(await response.text()).toContain("react");
    const missing = await app.fetch("/assets/absent-0000.js");
    expect(missing.status).toBe(404);
  });

  it("serves the icons and the product placeholder from the build, cached for an hour", async () => {
    for (const [path, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/favicon.ico", "image/"],
      ["/placeholder.svg", "image/svg+xml"],
    ] as const) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain(type);
      expect(response.headers.get("cache-control"), path).toContain("max-age=3600");
    }
  });

  it("answers unknown paths with the Oups screen and 404", async () => {
    const response = await app.fetch("/cette-page-nexiste-pas");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oups");
  });

  it("reports health", async () => {
    const response = await app.fetch("/healthz");
    expect(response.status).toBe(200);
  });
});
