import { STAFF_SCREENS } from "~/rules/staff-paths";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getServices(context).config.site;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...STAFF_SCREENS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
