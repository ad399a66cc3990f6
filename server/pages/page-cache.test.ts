import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { inlineScriptHashes, PageCache, shelfOf, snapshotOf, type PageSnapshot } from "./page-cache";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

function page(body: string, init: { status?: number; headers?: Record<string, string> } = {}): Promise<PageSnapshot> {
  const response = new Response(body, {
    status: init.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", ...init.headers },
  });
  return snapshotOf(response, (hashes) => `script-src 'self' ${hashes.join(" ")}`);
}

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, as the browser reads it, and skips scripts with a src and JSON data", () => {
    const html =
      '<script nonce="n">window.a=1</script><script src="/assets/x.js"></script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script type="text/plain" id="app-module">import "/a.js";</script><script>window.a=1</script>' +
      "<script>é</script>";
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/a.js";'), sha("é")]);
  });
});

describe("snapshotOf", () => {
  it("gives an HTML page the policy of its scripts, and a weak ETag of its bytes", async () => {
    const snapshot = await page("<p>Bonjour</p><script>go()</script>", { headers: { "content-length": "34" } });
    expect(snapshot.contentSecurityPolicy).toBe(`script-src 'self' ${sha("go()")}`);
    expect(snapshot.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(snapshot.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
    expect((await page("<p>Bonjour</p><script>go()</script>")).etag).toBe(snapshot.etag);
    expect((await page("<p>Salut</p>")).etag).not.toBe(snapshot.etag);
  });
});

describe("PageCache", () => {
  const cache = () => new PageCache({ maxBytes: 1000, ttlMs: 60_000 });

  it("renders a page once however many ask at the same moment, then answers from memory", async () => {
    const pages = cache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page("<p>a</p>");
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => pages.get(1, "/", render)));
    expect(renders).toBe(1);
    expect(results.filter((result) => result.leader)).toHaveLength(1);
    expect(results.every((result) => result.page?.snapshot.body.toString() === "<p>a</p>")).toBe(true);
    await pages.get(1, "/", render);
    expect(renders).toBe(1);
  });

  it("keeps 404s, but never redirects, errors or responses that set a cookie", async () => {
    const pages = cache();
    const kept = await pages.get(1, "/absent", () => page("introuvable", { status: 404 }));
    expect(kept.page).not.toBeNull();
    for (const [key, snapshot] of [
      ["/a", page("", { status: 302, headers: { location: "/" } })],
      ["/b", page("erreur", { status: 500 })],
      ["/c", page("<p>c</p>", { headers: { "set-cookie": "flash=; Max-Age=0" } })],
    ] as const) {
      const first = await pages.get(1, key, () => snapshot);
      expect(first.page).toBeNull();
      expect(first.leader).toBe(true);
      let again = false;
      await pages.get(1, key, () => ((again = true), snapshot));
      expect(again, key).toBe(true);
    }
  });

  it("uses no copy made for an older content version", async () => {
    const pages = cache();
    await pages.get(1, "/", () => page("<p>v1</p>"));
    const newer = await pages.get(2, "/", () => page("<p>v2</p>"));
    expect(newer.page?.snapshot.body.toString()).toBe("<p>v2</p>");
    // A caller still holding version 1 gets the newer copy, not a render filed under the old version.
    const late = await pages.get(1, "/", () => page("<p>stale</p>"));
    expect(late.page?.snapshot.body.toString()).toBe("<p>v2</p>");
  });

  it("stays within its byte bound, the least recently used page leaving first, compressed copies counted", async () => {
    const pages = cache();
    const body = (letter: string) => `<p>${letter.repeat(400)}</p>`;
    await pages.get(1, "/a", () => page(body("a")));
    await pages.get(1, "/b", () => page(body("b")));
    await pages.get(1, "/a", () => page("never rendered"));
    await pages.get(1, "/c", () => page(body("c")));
    expect(pages.size).toBeLessThanOrEqual(1000);
    let rendered = "";
    await pages.get(1, "/b", () => ((rendered = "/b"), page(body("b"))));
    expect(rendered).toBe("/b");

    const { page: cached } = await pages.get(1, "/b", () => page("never rendered"));
    const before = cached!.size;
    const quick = await pages.encoded(cached!, "br");
    const gzip = await pages.encoded(cached!, "gzip");
    expect((await promisify(brotliDecompress)(quick)).toString()).toBe(body("b"));
    expect((await promisify(gunzip)(gzip)).toString()).toBe(body("b"));
    // The smallest Brotli copy replaces the quick one when it is made, and only its bytes are counted.
    await vi.waitFor(async () => expect(await pages.encoded(cached!, "br")).not.toBe(quick));
    const smallest = await pages.encoded(cached!, "br");
    expect((await promisify(brotliDecompress)(smallest)).toString()).toBe(body("b"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cached!.size).toBe(before + smallest.length + gzip.length);
    expect(await pages.encoded(cached!, "br")).toBe(smallest);
    expect(pages.size).toBeLessThanOrEqual(1000);
  });

  it("gives a page's first visitors a quick Brotli copy, and later ones a smaller copy", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    // A list page's markup, which quality 11 compresses noticeably better than a quick pass.
    const vocabulary = ["distributrice", "collation", "boisson", "café", "bureau", "Québec", "Lévis", "paiement"];
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const words = Array.from(
      { length: 300 },
      () =>
        `<li class="flex gap-${next() % 6} p-${next() % 8}"><a href="/produits/${next() % 500}">` +
        `${Array.from({ length: 6 }, () => vocabulary[next() % vocabulary.length]).join(" ")}</a></li>`,
    ).join("");
    const { page: cached } = await pages.get(1, "/", () => page(`<p>${words}</p>`));
    const quick = await pages.encoded(cached!, "br");
    await vi.waitFor(async () => expect(await pages.encoded(cached!, "br")).not.toBe(quick));
    const smallest = await pages.encoded(cached!, "br");
    expect(smallest.length).toBeLessThan(quick.length * 0.95);
    expect((await promisify(brotliDecompress)(smallest)).toString()).toBe(`<p>${words}</p>`);
  });

  it("keeps the quick Brotli copy of a variant or a missing page: a flood of them costs no slow compression", async () => {
    const pages = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    const body = `<p>${"Distributrices à Québec et Lévis. ".repeat(400)}</p>`;
    const { page: variant } = await pages.get(1, "/produits?q=zz", () => page(body));
    const { page: missing } = await pages.get(1, "/nulle-part", () => page(body, { status: 404 }));
    const { page: real } = await pages.get(1, "/galerie", () => page(body));
    expect([variant!.shelf, missing!.shelf, real!.shelf]).toEqual(["variants", "missing", "pages"]);
    const quick = await Promise.all([variant!, missing!, real!].map((p) => pages.encoded(p, "br")));
    await vi.waitFor(async () => expect(await pages.encoded(real!, "br")).not.toBe(quick[2]));
    expect(await pages.encoded(variant!, "br")).toBe(quick[0]);
    expect(await pages.encoded(missing!, "br")).toBe(quick[1]);
  });
});

describe("shelves", () => {
  const canonical = (path: string) => `<link rel="canonical" href="https://exemple.ca${path}"/>`;

  it("tells a real page from a URL whose page names another, and from a missing page", async () => {
    expect(shelfOf("/produits?page=2", await page(canonical("/produits?page=2")))).toBe("pages");
    expect(shelfOf("/produits?tag=zzz", await page(canonical("/produits")))).toBe("variants");
    expect(shelfOf("/produits?page=999", await page(canonical("/produits?page=4")))).toBe("variants");
    expect(shelfOf("/produits?q=a&tag=b", await page(canonical("/produits?q=a&amp;tag=b")))).toBe("pages");
    expect(shelfOf("/login", await page("<p>connexion</p>"))).toBe("pages");
    expect(shelfOf("/produits.data?_routes=root", { status: 200, canonical: null })).toBe("pages");
    expect(shelfOf("/produits.data?_routes=root&tag=x", { status: 200, canonical: null })).toBe("variants");
    expect(shelfOf("/nulle-part", await page(canonical("/nulle-part"), { status: 404 }))).toBe("missing");
  });

  it("keeps the real pages however many other URLs are asked for, within the cache's bytes", async () => {
    const body = (path: string) => `${canonical(path)}${"x".repeat(900)}`;
    const pages = new PageCache({ maxBytes: 64_000, ttlMs: 60_000 });
    const real = Array.from({ length: 40 }, (_, i) => `/page-${i}`);
    for (const key of real) await pages.get(1, key, () => page(body(key)));
    for (let i = 0; i < 2000; i++) {
      await pages.get(1, `/produits?tag=j${i}`, () => page(body("/produits")));
      await pages.get(1, `/absent-${i}`, () => page(body(`/absent-${i}`), { status: 404 }));
    }
    let renders = 0;
    for (const key of real) await pages.get(1, key, () => (renders++, page(body(key))));
    expect(renders).toBe(0);
    expect(pages.size).toBeLessThanOrEqual(64_000);
    expect(pages.sizeOf("variants")).toBeGreaterThan(0);
    expect(pages.sizeOf("missing")).toBeGreaterThan(0);
  });
});
