import { getServices } from "../../server/context";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getServices(context).config.site;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /edit",
    "Disallow: /login",
    "Disallow: /creer-machine",
    "Disallow: /about",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
