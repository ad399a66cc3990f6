// What an attacker tries at the HTTP layer, against the built app (npm run build first): oversized
// bodies, forged X-Forwarded-For, cross-origin posts; and what a browser must be told (staff pages
// never stored, permissions, HSTS over HTTPS).
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { hashIp } from "../../app/features/contact-requests/rate-limit.server";
import { contactRequests } from "../../server/db/schema";
import { BODY_LIMITS, TOO_LARGE } from "../../server/pages/handler";
import { startSignedInApp, startTestApp, type TestApp } from "../support/server";

const contactForm = (nom: string) =>
  new URLSearchParams({
    nom_complet: nom,
    courriel: "julie@cliniqueboreale.ca",
    description_demande: "Une distributrice de collations santé pour la salle d'attente.",
    type_emplacement: "hospital",
    emplacement: "levis",
    date_installation: "1-3-months",
  });

/** A raw POST whose body is written in `chunks` chunks of `chunkSize` bytes (chunked encoding unless
 * `contentLength` is given); resolves with the status once the server answers, and with how many
 * chunks the client had written by then. */
function rawPost(
  url: string,
  path: string,
  { chunks, chunkSize = 64 * 1024, contentLength }: { chunks: number; chunkSize?: number; contentLength?: number },
): Promise<{ status: number; written: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let written = 0;
    const headers: Record<string, string> = {
      origin: url,
      "content-type": "application/x-www-form-urlencoded",
      ...(contentLength ? { "content-length": String(contentLength) } : {}),
    };
    const req = httpRequest({ hostname, port, path, method: "POST", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, written });
      req.destroy();
    });
    req.on("error", (error) => (written > 0 ? undefined : reject(error)));
    const chunk = Buffer.alloc(chunkSize, "a");
    const pump = () => {
      while (written < chunks && !req.destroyed) {
        written++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

describe("bodies are bounded before they are read", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("a Content-Length over the login form's limit is refused with 413 at once", async () => {
    // 300 MB announced; the client writes at most a few chunks before the answer arrives.
    const result = await rawPost(app.url, "/login", { chunks: 4800, contentLength: 300 * 1024 * 1024 });
    expect(result.status).toBe(413);
    expect(result.written).toBeLessThan(4800);
  });

  it("a chunked body is cut when it passes the limit", async () => {
    const result = await rawPost(app.url, "/login", { chunks: 4800 });
    expect(result.status).toBe(413);
    expect(result.written).toBeLessThan(4800);
  });

  it("the contact form has room for its longest message, and no more", async () => {
    const long = contactForm("Julie Gagnon");
    long.set("description_demande", "é".repeat(5000));
    const fits = await app.fetch("/contact", { method: "POST", body: long });
    expect(fits.status).not.toBe(413);
    const over = await app.fetch("/contact", { method: "POST", body: "a=" + "b".repeat(BODY_LIMITS.contact) });
    expect(over.status).toBe(413);
    expect(await over.text()).toBe(TOO_LARGE);
  });

  it("staff forms take up to 1 MB, visitors' forms a few KB", async () => {
    const cookie = await app.login();
    const big = "x=" + "a".repeat(900 * 1024);
    const staff = await app.fetch("/edit-products.data", { method: "POST", headers: { cookie }, body: big });
    expect(staff.status).not.toBe(413);
    const login = await app.fetch("/login", { method: "POST", body: "username=a&password=" + "b".repeat(9000) });
    expect(login.status).toBe(413);
  });
});

describe("staff responses are never stored", () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
  afterAll(() => app?.close());

  const staffPages = ["/edit", "/edit-products", "/edit-machines", "/edit-gallery", "/edit-demandes", "/creer-machine"];

  it.each(staffPages)("%s and its data request carry Cache-Control: private, no-store", async (path) => {
    for (const url of [path, `${path}.data`]) {
      const response = await app.fetch(url, { headers: { cookie } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe("private, no-store");
    }
  });

  it("so do the guarded pages' answers to visitors, and the upload endpoint", async () => {
    const signedOut = await app.fetch("/edit-demandes");
    expect(signedOut.status).toBe(404);
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
    const upload = await app.fetch("/api/upload/gallery-images", { method: "POST", headers: { cookie } });
    expect(upload.headers.get("cache-control")).toBe("private, no-store");
  });

  it("public pages are not marked private", async () => {
    const response = await app.fetch("/produits");
    expect(response.headers.get("cache-control") ?? "").not.toContain("no-store");
  });
});

describe("proxy trust is explicit", () => {
  it("TRUST_PROXY refuses 'trust everything'", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  /** Sends a contact request with this X-Forwarded-For and answers the address the site recorded. */
  async function recordedAddress(app: TestApp, forwardedFor: string, candidates: string[]): Promise<string> {
    await app.db().delete(contactRequests);
    const response = await app.fetch("/contact", {
      method: "POST",
      headers: { "x-forwarded-for": forwardedFor },
      body: contactForm("Julie Gagnon"),
    });
    expect(response.status).toBe(302);
    const [row] = await app.db().select({ ip_hash: contactRequests.ip_hash }).from(contactRequests);
    const found = candidates.find((ip) => hashIp(ip, app.services.secret) === row?.ip_hash);
    return found ?? "other";
  }

  it.each([
    // Without a trusted proxy the header is ignored: the connection's address counts.
    [undefined, "127.0.0.1"],
    // One hop: the address the proxy appended; what the client put before it is ignored.
    ["1", "203.0.113.9"],
    // Two hops: the address before the last proxy.
    ["2", "198.51.100.4"],
    // The proxy's address: the same as one hop here, since the proxy is this machine.
    ["127.0.0.1", "203.0.113.9"],
    ["loopback", "203.0.113.9"],
  ])("TRUST_PROXY=%s keys the client as %s", async (trustProxy, expected) => {
    const app = await startTestApp(trustProxy ? { TRUST_PROXY: trustProxy } : {});
    try {
      const forged = "10.6.6.6, 198.51.100.4, 203.0.113.9";
      const candidates = ["127.0.0.1", "10.6.6.6", "198.51.100.4", "203.0.113.9"];
      expect(await recordedAddress(app, forged, candidates)).toBe(expected);
    } finally {
      await app.close();
    }
  });

  it("keys an IPv6 client by its /64", async () => {
    const app = await startTestApp({ TRUST_PROXY: "1" });
    try {
      const address = await recordedAddress(app, "2001:db8:1:2::beef", ["2001:db8:1:2::/64", "2001:db8:1:2::beef"]);
      expect(address).toBe("2001:db8:1:2::/64");
    } finally {
      await app.close();
    }
  });
});

describe("origin and headers", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it.each([
    ["another port", (url: string) => url.replace(/:(\d+)$/, (_m, port: string) => `:${Number(port) + 1}`)],
    ["another scheme", (url: string) => url.replace("http:", "https:")],
    ["another host", () => "http://evil.example"],
    ["null", () => "null"],
  ])("a mutation from %s is refused with 403 and changes nothing", async (_name, origin) => {
    await app.db().delete(contactRequests);
    const response = await app.fetch("/contact", {
      method: "POST",
      headers: { origin: origin(app.url) },
      body: contactForm("Julie Gagnon"),
    });
    expect(response.status).toBe(403);
    expect(await app.db().select().from(contactRequests)).toHaveLength(0);
  });

  it("a mutation from the site's own origin goes through", async () => {
    const response = await app.fetch("/contact", { method: "POST", body: contactForm("Julie Gagnon") });
    expect(response.status).toBe(302);
  });

  it("pages carry a Permissions-Policy, and no HSTS over plain HTTP", async () => {
    const response = await app.fetch("/");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("over HTTPS behind a proxy, HSTS for one year and the public origin accepted", async () => {
    const secure = await startTestApp({ PUBLIC_URL: "https://www.distributrices.test", TRUST_PROXY: "1" });
    const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "www.distributrices.test" };
    try {
      const page = await secure.fetch("/", { headers: proxied });
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const post = await secure.fetch("/contact", {
        method: "POST",
        headers: { ...proxied, origin: "https://www.distributrices.test" },
        body: contactForm("Julie Gagnon"),
      });
      expect(post.status).toBe(302);
    } finally {
      await secure.close();
    }
  });
});
