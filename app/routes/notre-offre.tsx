import { data } from "react-router";
import { loadOfferDialog, loadOfferPreview } from "~/features/offer/queries.server";
import { OfferPage } from "~/features/offer/offer-page";
import { machineViewSeo } from "~/features/offer/machine-view-seo";
import type { OfferLoaderData } from "~/features/offer/view";
import { parseOfferMachine, parseOfferQuery } from "~/rules/offer-query";
import { pageMeta, withSeoTexts } from "~/lib/seo";
import { PAGE_SEO } from "~/rules/page-seo";
import { useSite } from "~/lib/site-data";
import { getServices } from "~/lib/loader-context.server";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import type { Route } from "./+types/notre-offre";

// The page itself needs only a glimpse of the catalogue. Its dialogs ask this same loader for one
// level at a time (?vue=categories, ?vue=machines&categorie=..., ?vue=produits&q=..., ...), so the
// page never ships the whole catalogue. ?machine=<id> is the page with one machine's view open: an
// address of its own (shared, opened directly, closed by Back), rendered on the server.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = parseOfferQuery(params);
  const machineId = parseOfferMachine(params);
  try {
    if (query) return { preview: null, dialog: await loadOfferDialog(db, query), texts: null } as OfferLoaderData;
    const [preview, offer, contact, about, shown] = await Promise.all([
      loadOfferPreview(db),
      pageTexts(request, context, "offer"),
      pageTexts(request, context, "contact"),
      pageTexts(request, context, "about"),
      machineId ? loadOfferDialog(db, { vue: "machine", id: machineId }) : null,
    ]);
    const page: OfferLoaderData = { preview, dialog: null, texts: { offer, contact, about } };
    if (!machineId || shown?.vue !== "machine") return page;
    const view = { id: machineId, machine: shown.machine };
    // An unknown machine: the page with the view's 'Machine non trouvée', answered 404.
    return data<OfferLoaderData>({ ...page, view }, { status: view.machine ? 200 : 404 });
  } catch (error) {
    log.error({ err: error, query, machineId }, "Error loading the offer page");
    return { preview: null, dialog: null, texts: null } as OfferLoaderData;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = withSeoTexts({ ...PAGE_SEO.offer, path: "/notre-offre" }, loaderData?.texts?.offer);
  return pageMeta(matches, loaderData?.view ? machineViewSeo(page, loaderData.view) : page);
};

export default function NotreOffrePage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return <OfferPage preview={loaderData.preview} view={loaderData.view} site={site} texts={loaderData.texts} />;
}
