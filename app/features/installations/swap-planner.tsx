// 'Prévoir un échange' on an installation's staff page: the product comes from the catalogue (a search,
// or a suggestion's 'Prévoir'), kept in the page's address so that it works without JavaScript too;
// then the slot to change, and the swap is planned for the next visit.
import { CalendarPlus, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate } from "react-router";
import { Img } from "~/components/img";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, Select } from "~/components/ui/field";
import { formatPrice } from "~/lib/format";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { InstallationResult } from "./staff-schema";
import type { installationPageData } from "./staff-queries.server";
import { SWAP_PRODUCT_PARAM, SWAP_SEARCH_PARAM } from "./swaps";
import { card } from "./swaps-view";

type Swaps = NonNullable<Awaited<ReturnType<typeof installationPageData>>>["swaps"];
const t = typography;

export function SwapPlanner({ installationId, swaps }: { installationId: string; swaps: Swaps }) {
  const { chosen, search, found } = swaps.planner;
  const fetcher = useFetcher<InstallationResult>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Planned: the form starts again from an empty choice.
  const section = useRef<HTMLElement>(null);
  const { fieldErrors, pending } = useStaffAction(fetcher, (result) => {
    if (!result.ok) return;
    void navigate(pathname, { replace: true, preventScrollReset: true });
    section.current?.querySelector("h2")?.focus();
  });
  // A product just chosen (a link pressed on this page): the slot is what to choose next.
  const shown = useRef(chosen?.id);
  useEffect(() => {
    if (!chosen || shown.current === chosen.id) return;
    shown.current = chosen.id;
    const select = section.current?.querySelector("select");
    select?.focus({ preventScroll: true });
    select?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [chosen]);
  return (
    <section ref={section} aria-labelledby="echange-titre" id="echange" className={`${card} scroll-mt-20`}>
      <h2 id="echange-titre" tabIndex={-1} className="text-lg font-semibold outline-none">
        Prévoir un échange
      </h2>
      {!swaps.canSwap ? (
        <p className="mt-2 text-stone">{t("Cette machine est retirée : aucun échange n'y est possible.")}</p>
      ) : chosen ? (
        // Posted to the page without the chosen product: without JavaScript it comes back to an empty choice.
        <fetcher.Form method="post" action={pathname} className="mt-4 grid gap-4" aria-labelledby="echange-titre">
          <input type="hidden" name="intent" value="prevoir-echange" />
          <input type="hidden" name="id" value={installationId} />
          <input type="hidden" name="product_id" value={chosen.id} />
          <div className="flex items-center gap-3 rounded-xl bg-ivory p-2 ring-1 ring-ink/8">
            <Img
              src={chosen.image}
              alt=""
              width={160}
              height={160}
              sizes="48px"
              maxWidth={96}
              className="size-12 shrink-0 object-contain"
            />
            <p className="min-w-0 flex-1">
              <span className="block text-sm text-stone">Nouveau produit</span>
              <span className="block font-medium break-words text-ink" data-testid="swap-product">
                {t(chosen.nom)}
              </span>
              <span className="block text-sm text-stone">{formatPrice(chosen.prix)}</span>
            </p>
            <Link to={{ search: "", hash: "echange" }} preventScrollReset className={buttonClass("ghost", "sm")}>
              Changer
            </Link>
          </div>
          <Field
            label="Emplacement à changer"
            hint={t("Numérotés rangée par rangée, de gauche à droite, comme sur la disposition.")}
            error={fieldErrors.emplacement ? t(fieldErrors.emplacement) : undefined}
          >
            {(p) => (
              <Select {...p} name="emplacement" defaultValue="">
                <option value="" disabled>
                  {t("Choisissez…")}
                </option>
                {swaps.sections.map((section) => (
                  <optgroup key={section.label} label={section.label}>
                    {section.slots.map((slot) => (
                      <option key={slot.value} value={slot.value} disabled={slot.disabled}>
                        {t(slot.label)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={pending} className="w-full sm:w-auto sm:justify-self-start">
            <CalendarPlus aria-hidden="true" /> Prévoir l'échange
          </Button>
        </fetcher.Form>
      ) : (
        <CatalogueSearch search={search} found={found} />
      )}
    </section>
  );
}

/** A plain GET search of the catalogue; each product found is chosen by a link. */
function CatalogueSearch({ search, found }: Pick<Swaps["planner"], "search" | "found">) {
  return (
    <div className="mt-3">
      <p className="text-sm text-stone">
        {t("Choisissez le nouveau produit : cherchez-le au catalogue, ou touchez « Prévoir » près d'une suggestion.")}
      </p>
      <Form
        method="get"
        role="search"
        preventScrollReset
        className="mt-3 flex gap-2"
        aria-label="Chercher au catalogue"
      >
        <label htmlFor="recherche-echange" className="sr-only">
          Chercher un produit au catalogue
        </label>
        <input
          id="recherche-echange"
          type="search"
          name={SWAP_SEARCH_PARAM}
          defaultValue={search}
          key={search}
          maxLength={80}
          placeholder="Nom du produit"
          className="h-11 min-w-0 flex-1 rounded-full border border-ink/15 bg-white px-4 text-base focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-brass/50"
        />
        <button type="submit" className={buttonClass("outline", "md")} aria-label="Chercher">
          <Search aria-hidden="true" />
          <span className="max-sm:sr-only">Chercher</span>
        </button>
      </Form>
      {found &&
        (found.length === 0 ? (
          <p className="mt-3 text-stone">{t(`Aucun produit du catalogue ne correspond à « ${search} ».`)}</p>
        ) : (
          <ul className="mt-3 grid gap-2" aria-label="Produits trouvés">
            {found.map((p) => (
              <li key={p.id} className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-ink/8">
                <Img
                  src={p.image}
                  alt=""
                  width={160}
                  height={160}
                  sizes="40px"
                  maxWidth={80}
                  className="size-10 shrink-0 object-contain"
                />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium break-words text-ink">{t(p.nom)}</span>
                  <span className="block text-stone">{formatPrice(p.prix)}</span>
                </span>
                <Link
                  to={`?${new URLSearchParams({ [SWAP_PRODUCT_PARAM]: p.id })}#echange`}
                  preventScrollReset
                  className={buttonClass("outline", "sm")}
                  aria-label={`Choisir ${p.nom}`}
                >
                  Choisir
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
