import { AboutPage } from "~/features/about/about-page";
import { localBusinessJsonLd, pageMeta, siteFromMatches } from "~/lib/seo";
import { requireAdmin } from "~/lib/loader-context.server";
import { pageTexts } from "~/lib/site-texts.server";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { texts: await pageTexts(request, context, "about") };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "À propos de nous",
    description:
      "Installation en moins de 24 h, service gratuit, soutien local 7 jours sur 7 : notre façon de travailler, en quatre étapes.",
    noindex: true,
    jsonLd: localBusinessJsonLd(siteFromMatches(matches)),
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage texts={loaderData.texts} />;
}
