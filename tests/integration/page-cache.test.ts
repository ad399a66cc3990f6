// The visitors' page cache, as visitors, the admin and a proxy in front meet it (against the built app):
// one render serves everyone, a signed-in person never shares a page with a visitor, keys are
// normalised, validators and compression work, the bound holds. What each admin change invalidates is
// in page-cache-invalidation.test.ts.
import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { flashCookie } from "../../server/flash";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PAGE_S_MAXAGE: "7", PAGE_STALE_WHILE_REVALIDATE: "30" });
  await insertProduct(app.db(), { nom: "Barre tendre à l'érable", prix: 2.5, tags: ["Collation"] });
});
afterAll(() => app?.close());

async function visit(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await app.fetch(path, { method, headers });
  return { response, cache: response.headers.get("x-cache"), html: await response.text() };
}

describe("a visitor's page", () => {
  it("is rendered once, then served from memory with the same bytes and validator", async () => {
    const first = await visit("/politique-de-confidentialite");
    const second = await visit("/politique-de-confidentialite");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.html).toBe(first.html);
    expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    expect(second.response.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("tells a CDN or proxy it may keep it briefly, and that it differs with a cookie", async () => {
    const { response } = await visit("/politique-de-confidentialite");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=7, stale-while-revalidate=30");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
  });

  it("answers 304 without a body to a browser that has it, and 200 to one whose copy is different", async () => {
    const { response } = await visit("/galerie");
    const etag = response.headers.get("etag")!;
    const revalidated = await app.fetch("/galerie", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    const other = await app.fetch("/galerie", { headers: { "if-none-match": 'W/"autre"' } });
    expect(other.status).toBe(200);
  });

  it("is sent compressed as the browser accepts, each copy decoding to the same page", async () => {
    const plain = await visit("/contact", { "accept-encoding": "identity" });
    expect(plain.response.headers.get("content-encoding")).toBeNull();
    for (const [encoding, decode] of [
      ["br", promisify(brotliDecompress)],
      ["gzip", promisify(gunzip)],
    ] as const) {
      // Node's fetch decodes by itself: read the raw bytes with a request of our own.
      const raw = await rawGet("/contact", { "accept-encoding": encoding });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      expect((await decode(raw.body)).toString("utf8")).toBe(plain.html);
    }
  });

  it("gives a browser that accepts Brotli the Brotli copy, though its header lists gzip first", async () => {
    const raw = await rawGet("/contact", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(raw.headers["content-encoding"]).toBe("br");
    const refused = await rawGet("/contact", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("answers HEAD from the same copy, without a body", async () => {
    await visit("/notre-offre");
    const head = await visit("/notre-offre", {}, "HEAD");
    expect(head.cache).toBe("hit");
    expect(head.response.status).toBe(200);
    expect(head.html).toBe("");
  });

  it("is one entry whatever defaults and junk its query carries", async () => {
    const first = await visit("/produits?tag=Collation");
    expect(first.cache).toBe("miss");
    for (const path of ["/produits?tag=Collation&page=1&q=", "/produits?utm_source=infolettre&tag=Collation&min="]) {
      const again = await visit(path);
      expect(again.cache, path).toBe("hit");
      expect(again.html).toBe(first.html);
    }
    expect((await visit("/produits?tag=Collation&page=2")).cache).toBe("miss");
  });

  it("is rendered once for 50 visitors arriving together on a page nobody has asked for", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => visit("/produits?top10=1")));
    expect(results.filter((result) => result.cache === "miss")).toHaveLength(1);
    expect(new Set(results.map((result) => result.html)).size).toBe(1);
    expect(results.every((result) => result.response.status === 200)).toBe(true);
  });

  it("keeps a 'not found' page, with its status", async () => {
    const first = await visit("/page-qui-n-existe-pas");
    const second = await visit("/page-qui-n-existe-pas");
    expect([first.response.status, second.response.status]).toEqual([404, 404]);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
  });
});

describe("a signed-in person and a visitor never share a page", () => {
  it("the admin gets a page of their own, never stored; a visitor after them gets the visitors' page", async () => {
    const visitor = await visit("/machines");
    const cookie = await app.login();
    const admin = await visit("/machines", { cookie });
    expect(admin.cache).toBeNull();
    expect(admin.response.headers.get("cache-control")).toBe("private, no-store");
    expect(admin.html).toContain("Se déconnecter");
    expect(visitor.html).not.toContain("Se déconnecter");

    const after = await visit("/machines");
    expect(after.cache).toBe("hit");
    expect(after.html).not.toContain("Se déconnecter");
    expect(after.html).toBe(visitor.html);
  });

  it("a visitor first on a page does not give it to the admin", async () => {
    await visit("/confirmation");
    const cookie = await app.login();
    const admin = await visit("/confirmation", { cookie });
    expect(admin.cache).toBeNull();
    expect(admin.html).toContain("Se déconnecter");
  });

  it("a data request for a client navigation is cached for visitors only", async () => {
    const first = await visit("/galerie.data");
    const second = await visit("/galerie.data");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    const cookie = await app.login();
    expect((await visit("/galerie.data", { cookie })).cache).toBeNull();
  });

  it("a page showing a one-time message is made for that visitor alone", async () => {
    await visit("/");
    const cookie = (await flashCookie({ type: "success", title: "Vous êtes déconnecté." }, "test-secret")).split(
      ";",
    )[0]!;
    const withFlash = await visit("/", { cookie });
    expect(withFlash.cache).toBeNull();
    expect(withFlash.response.headers.get("cache-control")).toBe("private, no-store");
    expect(withFlash.html).toContain("Vous êtes déconnecté.");
    const next = await visit("/");
    expect(next.cache).toBe("hit");
    expect(next.html).not.toContain("Vous êtes déconnecté.");
  });

  it("forms are answered, never cached", async () => {
    const response = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "personne", password: "pas-le-bon" }),
    });
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the bound", () => {
  it("keeps the most recently used pages within PAGE_CACHE_MB, the oldest leaving first", async () => {
    // Room for three or four of these pages (about 50 KB each here, plus a compressed copy).
    const small = await startTestApp({ PAGE_CACHE_MB: "0.2" });
    try {
      const get = async (path: string) => (await small.fetch(path)).headers.get("x-cache");
      expect(await get("/")).toBe("miss");
      expect(await get("/")).toBe("hit");
      for (const path of [
        "/galerie",
        "/contact",
        "/notre-offre",
        "/produits",
        "/machines",
        "/politique-de-confidentialite",
      ])
        await get(path);
      expect(await get("/politique-de-confidentialite")).toBe("hit");
      expect(await get("/")).toBe("miss");
    } finally {
      await small.close();
    }
  });

  it("PAGE_CACHE_MB=0 turns the cache off", async () => {
    const off = await startTestApp({ PAGE_CACHE_MB: "0" });
    try {
      const response = await off.fetch("/");
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBeNull();
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    } finally {
      await off.close();
    }
  });
});

/** A GET whose body is read as sent (fetch would decode it). */
async function rawGet(path: string, headers: Record<string, string>) {
  const { request } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(app.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
