import { listMachineLinks } from "~/features/machines/queries.server";
import { listProductIds } from "~/features/catalogue/queries.server";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/sitemap.xml";

// Public pages, then every product, machine category and machine from the database.
const STATIC_PATHS = [
  "/",
  "/notre-offre",
  "/galerie",
  "/contact",
  "/produits",
  "/machines",
  "/politique-de-confidentialite",
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

function entry(loc: string, lastmod?: Date): string {
  const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${date}</url>`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = getServices(context);
  const base = config.site.publicUrl;
  const [productRows, links] = await Promise.all([listProductIds(db), listMachineLinks(db)]);
  const urls = [
    ...STATIC_PATHS.map((path) => entry(base + path)),
    ...links.categories.map((c) => entry(`${base}/machines/${c.id}`, c.created_at)),
    ...links.machines.map((m) => entry(`${base}/machines/${m.categorie_id}/${m.id}`, m.created_at)),
    ...productRows.map((p) => entry(`${base}/produits/${p.id}`, p.created_at)),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
