// Visitors' pages, kept as finished responses: every visitor without a session gets the same bytes
// until the content changes, so one render serves them all. Bounded in bytes (least recently used
// pages leave first), filed under the content version (see content-version.ts), and rendered once
// however many visitors ask for a page at the same moment.
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
};

export type Encoding = "br" | "gzip";

/** A cached page and the compressed copies made of it so far. */
export type CachedPage = {
  id: string;
  snapshot: PageSnapshot;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  size: number;
};

/** Only these statuses are the same for every visitor for as long as the content stays the same. */
const CACHED_STATUSES = new Set([200, 404]);

/** Headers that belong to one response, never to a stored copy. */
const PER_RESPONSE_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

// Made once per page and version, so the kept copy can afford Brotli's best ratio: quality 11 makes
// pages 7 % smaller than 9 (/contact then fits a new connection's first round trip, one round trip
// less on a phone) but takes 60–170 ms a page. Visitors asking meanwhile get a quick copy (quality 5,
// a few ms, 2 % larger than 9).
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

/** The stored form of a rendered response; `policy` makes an HTML page's CSP from its script hashes. */
export async function snapshotOf(
  response: Response,
  policy: (scriptHashes: string[]) => string,
): Promise<PageSnapshot> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name));
  const html = (response.headers.get("content-type") ?? "").startsWith("text/html");
  return {
    status: response.status,
    headers,
    body,
    contentSecurityPolicy: html ? policy(inlineScriptHashes(body.toString("utf8"))) : null,
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  };
}

function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly rendering = new Map<string, Promise<PageSnapshot>>();
  private version: number | null = null;

  constructor({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }) {
    this.pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page) => page.size, ttl: ttlMs });
  }

  /** Bytes held (bodies and their compressed copies). */
  get size(): number {
    return this.pages.calculatedSize;
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
      this.pages.clear();
      this.version = version;
    }
    // A caller that read the version just before another saw it move on gets the newer one (its render
    // starts now, so it reads data at least that new).
    version = this.version;
    const id = `${version} ${key}`;
    const cached = this.pages.get(id);
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
    let page = this.pages.get(id);
    if (!page) {
      page = { id, snapshot, encoded: {}, size: snapshot.body.length };
      // A render that finished after the content changed again is not kept.
      if (this.version === version) this.pages.set(id, page);
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
    if (encoding === "br") {
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
    this.pages.clear();
  }

  /** Keeps a compressed copy with the page, in place of one of `replacedBytes`, and counts it in the
   * page's size (which may now push older pages out). A copy that fails is forgotten. */
  private keep(page: CachedPage, encoding: Encoding, copy: Promise<Buffer>, replacedBytes = 0) {
    page.encoded[encoding] = copy;
    copy.then(
      (bytes) => {
        page.size += bytes.length - replacedBytes;
        if (this.pages.peek(page.id) === page) this.pages.set(page.id, page, { noUpdateTTL: true });
      },
      () => {
        if (page.encoded[encoding] === copy) delete page.encoded[encoding];
      },
    );
  }
}
