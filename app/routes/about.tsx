import { AboutPage } from "~/features/about/about-page";
import { localBusinessJsonLd, pageMeta, siteFromMatches, withSeoTexts } from "~/lib/seo";
import { requireAdmin } from "~/lib/loader-context.server";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import { PAGE_SEO } from "~/rules/page-seo";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { texts: await pageTexts(request, context, "about") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    withSeoTexts(
      {
        ...PAGE_SEO.about,
        noindex: true,
        jsonLd: localBusinessJsonLd(siteFromMatches(matches)),
      },
      loaderData?.texts,
    ),
  );

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage texts={loaderData.texts} />;
}
