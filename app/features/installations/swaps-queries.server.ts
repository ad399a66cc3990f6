// What an installation's page shows of its swaps: the products its users suggested (with their votes,
// whether each is already in the machine or planned), the product being chosen for a swap (from a
// suggestion's 'Prévoir' or a catalogue search in the address), the slots to choose from, and the swaps
// planned for the next visit.
import type { Db } from "../../../server/db/client";
import { listProductCardsWithPrice, searchProductsByName } from "~/features/catalogue/products.server";
import { formatDate } from "~/lib/dates";
import { isUuid } from "~/rules/id";
import type { GridSection } from "../../../server/db/schema";
import type { InstallationSlot, InstallationSwap } from "./store.server";
import { slotLabel, slotValue, SWAP_PRODUCT_PARAM, SWAP_SEARCH_PARAM } from "./swaps";
import { momentWhen } from "./when";

type CatalogueProduct = { id: string; nom: string; prix: number; image: string };

/** The product chosen for a swap, or the catalogue's answer to the search typed. */
export async function swapPlannerData(db: Db, url: URL | undefined) {
  const productId = url?.searchParams.get(SWAP_PRODUCT_PARAM) ?? "";
  const search = (url?.searchParams.get(SWAP_SEARCH_PARAM) ?? "").trim().slice(0, 80);
  const [chosen] = isUuid(productId) ? await listProductCardsWithPrice(db, [productId]) : [];
  const found: CatalogueProduct[] | null =
    !chosen && search
      ? (await searchProductsByName(db, search, 8)).items.map((p) => ({
          id: p.id,
          nom: p.nom,
          prix: p.prix,
          image: p.image,
        }))
      : null;
  return { chosen: chosen ?? null, search, found };
}

type Vote = { product_id: string | null; product_name: string; votes: number; last_day: string };
type Installation = { id: string; status: string; sections: GridSection[]; slots: InstallationSlot[] };

/** A day as the database writes it ('2026-12-03'), in French ('3 décembre 2026'); noon UTC keeps it the
 * same day in Québec. */
const dayWhen = (day: string) => formatDate(new Date(`${day}T12:00:00Z`), "date");

export function swapsPageData(
  installation: Installation,
  votes: Vote[],
  planned: InstallationSwap[],
  planner: Awaited<ReturnType<typeof swapPlannerData>>,
) {
  const inMachine = new Set(installation.slots.map((s) => s.product_id ?? s.product_name));
  const plannedProducts = new Set(planned.map((s) => s.product_id ?? s.product_name));
  const plannedSlots = new Set(planned.map((s) => slotValue(s.section, s.slot)));
  const bySlot = new Map(installation.slots.map((s) => [slotValue(s.section, s.slot), s]));
  return {
    suggestions: votes.map((v) => {
      const key = v.product_id ?? v.product_name;
      return {
        name: v.product_name,
        productId: v.product_id,
        votes: Number(v.votes),
        lastVote: dayWhen(v.last_day),
        inMachine: inMachine.has(key),
        planned: plannedProducts.has(key),
      };
    }),
    swaps: {
      canSwap: installation.status !== "retiree",
      planner,
      sections: installation.sections.map((grid, section) => ({
        label: `Section ${section + 1}`,
        slots: Array.from({ length: grid.rows * grid.cols }, (_, slot) => {
          const value = slotValue(section, slot);
          const product = bySlot.get(value)?.product_name ?? "vide";
          const busy = plannedSlots.has(value);
          return {
            value,
            label: `Emplacement ${slot + 1} — ${product}${busy ? " (échange déjà prévu)" : ""}`,
            disabled: busy || bySlot.get(value)?.product_id === planner.chosen?.id,
          };
        }),
      })),
      planned: planned.map((s) => ({
        id: s.id,
        where: slotLabel(s.section, s.slot).replace(/^s/, "S"),
        // What is in the slot now (the layout may have changed since the swap was planned).
        from: bySlot.get(slotValue(s.section, s.slot))?.product_name ?? null,
        to: s.product_name,
        image: s.product_image,
        when: momentWhen(s.planned_at),
        at: s.planned_at.toISOString(),
        account: s.account,
      })),
    },
  };
}
