// What a link checker or an image crawler does with the site's pictures: reads every public page,
// collects every src and srcset URL of the site's own, and fetches them all, `parallel` at a time.
// Shared by the picture tests and `npm run bench` (scripts/bench/picture-crawl.ts).

/** Listing pages, and a link of each kind found on them (a product, a category, a machine). */
const LISTINGS = ["/", "/galerie", "/notre-offre", "/produits", "/machines"];
const DETAIL_LINKS = [
  /href="(\/produits\/[^"/?#]+)"/,
  /href="(\/machines\/[^"/?#]+)"/,
  /href="(\/machines\/[^"/?#]+\/[^"/?#]+)"/,
];

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Every public page the crawl reads: the listings, then one product, one category with machines and
 * one of its machines. */
async function publicPages(base: string): Promise<string[]> {
  const [products, machines] = await Promise.all(["/produits", "/machines"].map((path) => fetchText(base + path)));
  const product = DETAIL_LINKS[0]!.exec(products!)?.[1];
  if (!product) throw new Error("no product link on /produits");
  const categories = [...new Set([...machines!.matchAll(new RegExp(DETAIL_LINKS[1]!, "g"))].map((m) => m[1]!))];
  for (const category of categories) {
    const machine = DETAIL_LINKS[2]!.exec(await fetchText(base + category))?.[1];
    if (machine) return [...LISTINGS, product, category, machine].map(decode);
  }
  throw new Error("no category with a machine on /machines");
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** The site's own picture URLs named by a page's src, srcset and imagesrcset attributes. */
function pictureUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [, attribute, value] of html.matchAll(/\s(src|srcset|imagesrcset)="([^"]*)"/gi)) {
    const candidates =
      attribute!.toLowerCase() === "src" ? [value!] : value!.split(",").map((c) => c.trim().split(/\s+/)[0]!);
    for (const candidate of candidates.map(decode)) {
      if (/^\/(?:img|media)\//.test(candidate)) urls.add(candidate);
    }
  }
  return [...urls];
}

/** Every picture URL of every public page. */
export async function collectPictureUrls(base: string): Promise<{ pages: string[]; urls: string[] }> {
  const pages = await publicPages(base);
  const urls = new Set<string>();
  for (const page of pages) for (const url of pictureUrls(await fetchText(base + page))) urls.add(url);
  return { pages, urls: [...urls].sort() };
}

export type CrawlResult = {
  url: string;
  accept: string;
  status: number;
  ms: number;
};

/** What browsers and crawlers send: AVIF first (Chrome, most crawlers' any type), or WebP only. */
const PICTURE_ACCEPTS = ["image/avif,image/webp,image/apng,*/*;q=0.8", "image/webp,*/*;q=0.8"];

/** Fetches every URL once per Accept value, `parallel` at a time; reads each body whole. */
export async function crawlPictures(
  base: string,
  urls: readonly string[],
  { parallel = 32, accepts = PICTURE_ACCEPTS } = {},
): Promise<CrawlResult[]> {
  const work = accepts.flatMap((accept) => urls.map((url) => ({ url, accept })));
  const results: CrawlResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { url, accept } = work[next++]!;
      const started = performance.now();
      // 0: no answer (refused, reset or over a minute).
      const status = await fetch(base + url, { headers: { accept }, signal: AbortSignal.timeout(60_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      results.push({ url, accept, status, ms: performance.now() - started });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

/** The p-th percentile (0-100) of some latencies. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
