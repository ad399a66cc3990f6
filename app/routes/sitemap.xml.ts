import { getServices } from "../../server/context";
import type { Route } from "./+types/sitemap.xml";

// Public pages; the catalogue issue adds every product, category and machine from the database.
const STATIC_PATHS = ["/", "/notre-offre", "/galerie", "/contact", "/produits", "/machines", "/politique-de-confidentialite"];

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getServices(context).config.site;
  const urls = STATIC_PATHS.map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
