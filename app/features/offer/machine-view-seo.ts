// The search and sharing tags of the offer page with a machine's view open (/notre-offre?machine=<id>).
import { machineDerivedSeo } from "~/features/machines/seo";
import type { PageMetaInput } from "~/lib/seo";
import { offerMachineUrl } from "~/rules/offer-query";
import type { OfferLoaderData } from "./view";

/** The view names the machine. Its canonical address is the machine's own page, which says the same
 * and more (one address per machine in search results); a machine outside any category has no such
 * page, so the view is its own. An unknown machine is not indexed. */
export function machineViewSeo(page: PageMetaInput, view: NonNullable<OfferLoaderData["view"]>): PageMetaInput {
  const { machine } = view;
  if (!machine) return { ...page, title: "Machine non trouvée", path: undefined, noindex: true, jsonLd: undefined };
  const derived = machineDerivedSeo(machine);
  return {
    ...page,
    title: `${machine.nom} — Notre offre`,
    description: derived.description,
    path: machine.categorieId ? `/machines/${machine.categorieId}/${machine.id}` : offerMachineUrl(machine.id),
    image: machine.images[0] ?? page.image,
    imageAlt: machine.images[0] ? machine.imageAlts?.[0] || machine.nom : page.imageAlt,
  };
}
