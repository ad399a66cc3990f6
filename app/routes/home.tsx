import { ContactSection } from "~/features/home/contact-section";
import { CtaSection } from "~/features/home/cta-section";
import { FeaturedGallery } from "~/features/home/featured-gallery";
import { Hero } from "~/features/home/hero";
import { featuredPhotos, heroVideoUrl } from "~/features/home/queries.server";
import { PromisesSection } from "~/features/home/promises-section";
import { SocialSection } from "~/features/home/social-section";
import { getServices, readyOrDeferred } from "~/lib/loader-context.server";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import { localBusinessJsonLd, pageMeta, siteFromMatches, withSeoTexts } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { PAGE_SEO } from "~/rules/page-seo";
import type { Route } from "./+types/home";
import { StaticMarkup } from "~/lib/static-markup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  // In the page when they come at once; else it streams with the gallery skeleton until they are in.
  const featured = featuredPhotos(services);
  const [heroVideo, texts, contactTexts] = await Promise.all([
    heroVideoUrl(services),
    pageTexts(request, context, "home"),
    pageTexts(request, context, "contact"),
  ]);
  return { featured: (await readyOrDeferred(request, featured)).data, heroVideo, texts, contactTexts };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    withSeoTexts(
      {
        ...PAGE_SEO.home,
        path: "/",
        jsonLd: localBusinessJsonLd(siteFromMatches(matches)),
      },
      loaderData?.texts,
    ),
  );

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <Hero videoUrl={loaderData.heroVideo} texts={loaderData.texts} />
      <StaticMarkup>
        <PromisesSection texts={loaderData.texts} />
      </StaticMarkup>
      <FeaturedGallery photos={loaderData.featured} />
      <CtaSection texts={loaderData.texts} />
      <ContactSection site={site} texts={loaderData.contactTexts} />
      <SocialSection site={site} />
    </>
  );
}
