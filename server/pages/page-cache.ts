// Visitors' pages, kept as finished responses: every visitor without a session gets the same bytes
// until the content changes, so one render serves them all. Bounded in bytes (least recently used
// pages leave first), filed under the content version (see content-version.ts), and rendered once
// however many visitors ask for a page at the same moment.
//
// Anyone can ask for URLs that name no real page (unknown tags, pages past the last, searches, missing
// paths): those are kept on shelves of their own, small, so that they can only push each other out and
// never the real pages.
import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A finished response, as every visitor gets it. */
export type PageSnapshot = {
  status: number;
  /** The render's headers, without the ones worked out per response (length, encoding). */
  headers: [string, string][];
  body: Buffer;
  /** For an HTML page: its Content-Security-Policy, which allows its inline scripts by their hashes
   * (the same bytes go to every visitor, so they cannot carry a per-response nonce). */
  contentSecurityPolicy: string | null;
  etag: string;
  /** For an HTML page, the path and query of its canonical link ('/produits?page=2'), if it has one. */
  canonical: string | null;
};

/** Where a page is kept: the real pages; URLs whose page names another URL as its own (a search, an
 * unknown tag, a page past the last); missing pages (404). Each has its own bytes. */
export type Shelf = "pages" | "variants" | "missing";

/** Shares of the cache's bytes kept for the two small shelves; the real pages get the rest. */
const SHELF_SHARES = { variants: 1 / 8, missing: 1 / 32 } as const;

export type Encoding = "br" | "gzip";

/** A cached page and the compressed copies made of it so far. */
export type CachedPage = {
  id: string;
  snapshot: PageSnapshot;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  size: number;
  shelf: Shelf;
};

/** Only these statuses are the same for every visitor for as long as the content stays the same. */
const CACHED_STATUSES = new Set([200, 404]);

/** Headers that belong to one response, never to a stored copy. */
const PER_RESPONSE_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

// Made once per page and version, so the kept copy can afford Brotli's best ratio: quality 11 makes
// pages 7 % smaller than 9 (/contact then fits a new connection's first round trip, one round trip
// less on a phone) but takes 60–170 ms a page. Visitors asking meanwhile get a quick copy (quality 5,
// a few ms, 2 % larger than 9). Only real pages get the smallest copy: variants and missing pages,
// which anyone can mint by the thousand, keep the quick one, so a flood of them costs no quality-11 work.
const BROTLI_QUICK = 5;
const BROTLI_SMALLEST = 11;

/** Whether a rendered response may be given to every visitor. */
export function isShareable(response: { status: number; headers: Headers }): boolean {
  return CACHED_STATUSES.has(response.status) && !response.headers.has("set-cookie");
}

/** The CSP hash sources of every inline script element of an HTML page. Scripts with a src are covered
 * by 'self', and JSON data (structured data) is never run. The inert app module (text/plain) is
 * hashed: the start program runs its text as an inline module. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || /\stype="application\/(?:ld\+)?json"/.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

const CANONICAL_LINK = /<link rel="canonical" href="([^"]*)"/;

/** The path and query of an HTML page's canonical link. */
function canonicalOf(html: string): string | null {
  const href = CANONICAL_LINK.exec(html)?.[1];
  if (!href) return null;
  const url = new URL(href.replaceAll("&amp;", "&"), "http://x");
  return url.pathname + url.search;
}

/** The shelf of the page rendered for `key`. A page is a real one when its canonical link names its own
 * key; a page without one (sign-in, a data request) when its key has no query but the routes a data
 * request names. */
export function shelfOf(key: string, snapshot: Pick<PageSnapshot, "status" | "canonical">): Shelf {
  if (snapshot.status === 404) return "missing";
  if (snapshot.canonical !== null) return snapshot.canonical === key ? "pages" : "variants";
  const query = new URL(key, "http://x").searchParams;
  query.delete("_routes");
  return query.size === 0 ? "pages" : "variants";
}

/** The stored form of a rendered response; `policy` makes an HTML page's CSP from its script hashes. */
export async function snapshotOf(
  response: Response,
  policy: (scriptHashes: string[]) => string,
): Promise<PageSnapshot> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name));
  const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
  const text = html ? body.toString("utf8") : "";
  return {
    status: response.status,
    headers,
    body,
    contentSecurityPolicy: html ? policy(inlineScriptHashes(text)) : null,
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    canonical: html ? canonicalOf(text) : null,
  };
}

function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

export class PageCache {
  private readonly shelves: Record<Shelf, LRUCache<string, CachedPage>>;
  private readonly rendering = new Map<string, Promise<PageSnapshot>>();
  private version: number | null = null;

  constructor({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }) {
    const shelf = (maxSize: number) =>
      new LRUCache<string, CachedPage>({ maxSize, sizeCalculation: (page) => page.size, ttl: ttlMs });
    const variants = Math.floor(maxBytes * SHELF_SHARES.variants);
    const missing = Math.floor(maxBytes * SHELF_SHARES.missing);
    this.shelves = { pages: shelf(maxBytes - variants - missing), variants: shelf(variants), missing: shelf(missing) };
  }

  /** Bytes held (bodies and their compressed copies), on every shelf. */
  get size(): number {
    return Object.values(this.shelves).reduce((sum, shelf) => sum + shelf.calculatedSize, 0);
  }

  /** Bytes held on one shelf. */
  sizeOf(shelf: Shelf): number {
    return this.shelves[shelf].calculatedSize;
  }

  private find(id: string): CachedPage | undefined {
    return this.shelves.pages.get(id) ?? this.shelves.variants.get(id) ?? this.shelves.missing.get(id);
  }

  /**
   * The page of `key` for content `version`: the stored copy, or the snapshot `render` makes, made once
   * however many callers ask at once. `page` is null when the snapshot may not be shared (a redirect,
   * an error, a cookie): `leader` then tells the caller whose render it was.
   */
  async get(
    version: number,
    key: string,
    render: () => Promise<PageSnapshot>,
  ): Promise<{ page: CachedPage | null; snapshot: PageSnapshot; leader: boolean }> {
    if (this.version === null || version > this.version) {
      // The content changed: every copy is out of date.
      this.clear();
      this.version = version;
    }
    // A caller that read the version just before another saw it move on gets the newer one (its render
    // starts now, so it reads data at least that new).
    version = this.version;
    const id = `${version} ${key}`;
    const cached = this.find(id);
    if (cached) return { page: cached, snapshot: cached.snapshot, leader: false };

    let pending = this.rendering.get(id);
    const leader = !pending;
    if (!pending) {
      pending = render().finally(() => this.rendering.delete(id));
      this.rendering.set(id, pending);
    }
    const snapshot = await pending;
    if (!isShareable({ status: snapshot.status, headers: new Headers(snapshot.headers) })) {
      return { page: null, snapshot, leader };
    }
    let page = this.find(id);
    if (!page) {
      page = { id, snapshot, encoded: {}, size: snapshot.body.length, shelf: shelfOf(key, snapshot) };
      // A render that finished after the content changed again is not kept.
      if (this.version === version) this.shelves[page.shelf].set(id, page);
    }
    return { page, snapshot, leader };
  }

  /** The page's body in `encoding`, compressed on first use and kept with the page (for Brotli, a
   * quick copy until the smallest is made). */
  encoded(page: CachedPage, encoding: Encoding): Promise<Buffer> {
    const kept = page.encoded[encoding];
    if (kept) return kept;
    const { body } = page.snapshot;
    const first = encoding === "br" ? brotliAt(body, BROTLI_QUICK) : gzipAsync(body, { level: 9 });
    this.keep(page, encoding, first);
    if (encoding === "br" && page.shelf === "pages") {
      void first
        .then(async (quick) => {
          const smallest = await brotliAt(body, BROTLI_SMALLEST);
          if (page.encoded.br !== first) return;
          this.keep(page, "br", Promise.resolve(smallest), quick.length);
        })
        .catch(() => undefined);
    }
    return first;
  }

  clear(): void {
    for (const shelf of Object.values(this.shelves)) shelf.clear();
  }

  /** Keeps a compressed copy with the page, in place of one of `replacedBytes`, and counts it in the
   * page's size (which may now push older pages out). A copy that fails is forgotten. */
  private keep(page: CachedPage, encoding: Encoding, copy: Promise<Buffer>, replacedBytes = 0) {
    page.encoded[encoding] = copy;
    copy.then(
      (bytes) => {
        page.size += bytes.length - replacedBytes;
        const shelf = this.shelves[page.shelf];
        if (shelf.peek(page.id) === page) shelf.set(page.id, page, { noUpdateTTL: true });
      },
      () => {
        if (page.encoded[encoding] === copy) delete page.encoded[encoding];
      },
    );
  }
}
