import { loadOfferDialog, loadOfferPreview } from "~/features/offer/queries.server";
import { OfferPage } from "~/features/offer/offer-page";
import type { OfferLoaderData } from "~/features/offer/view";
import { parseOfferQuery } from "~/rules/offer-query";
import { pageMeta, withSeoTexts } from "~/lib/seo";
import { PAGE_SEO } from "~/rules/page-seo";
import { useSite } from "~/lib/site-data";
import { getServices } from "~/lib/loader-context.server";
import { pageTexts } from "~/lib/site-texts.server";
import type { Route } from "./+types/notre-offre";

// The page itself needs only a glimpse of the catalogue. Its dialogs ask this same loader for one
// level at a time (?vue=categories, ?vue=machines&categorie=..., ?vue=produits&q=..., ...), so the
// page never ships the whole catalogue.
export async function loader({ request, context }: Route.LoaderArgs): Promise<OfferLoaderData> {
  const { db, log } = getServices(context);
  const query = parseOfferQuery(new URL(request.url).searchParams);
  try {
    if (query) return { preview: null, dialog: await loadOfferDialog(db, query), texts: null };
    const [preview, offer, contact, about] = await Promise.all([
      loadOfferPreview(db),
      pageTexts(request, context, "offer"),
      pageTexts(request, context, "contact"),
      pageTexts(request, context, "about"),
    ]);
    return { preview, dialog: null, texts: { offer, contact, about } };
  } catch (error) {
    log.error({ err: error, query }, "Error loading the offer page");
    return { preview: null, dialog: null, texts: null };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, withSeoTexts({ ...PAGE_SEO.offer, path: "/notre-offre" }, loaderData?.texts?.offer));

export default function NotreOffrePage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return <OfferPage preview={loaderData.preview} site={site} texts={loaderData.texts} />;
}
