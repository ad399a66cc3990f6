// An installation's wishes and swaps, on its staff page: the products its users suggested with their
// votes ('Prévoir' picks one for a swap), and the swaps planned for the next visit, each marked done
// (the layout follows) or cancelled.
import { ArrowRight, Check, Search, ThumbsUp, X } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Img } from "~/components/img";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { InstallationResult } from "./staff-schema";
import type { installationPageData } from "./staff-queries.server";
import { SWAP_PRODUCT_PARAM, SWAP_SEARCH_PARAM } from "./swaps";

type PageData = NonNullable<Awaited<ReturnType<typeof installationPageData>>>;

export const card = "rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";
const t = typography;

/** The address that opens the swap form with this product chosen, or with this search. */
const pickHref = (param: string, value: string) => `?${new URLSearchParams({ [param]: value })}#echange`;

export function Suggestions({ suggestions, canSwap }: { suggestions: PageData["suggestions"]; canSwap: boolean }) {
  return (
    <section aria-labelledby="suggestions" className={card}>
      <h2 id="suggestions" className="text-lg font-semibold">
        Produits suggérés
      </h2>
      {suggestions.length === 0 ? (
        <p className="mt-2 text-stone">
          {t("Aucune suggestion pour l'instant : les gens sur place en font depuis la page de la machine (code QR).")}
        </p>
      ) : (
        <ol className="mt-3 grid gap-2" data-testid="suggestions">
          {suggestions.map((s) => (
            <li
              key={s.name}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl p-2 ring-1 ring-ink/8"
            >
              <span className="flex min-w-[min(100%,14rem)] flex-1 items-center gap-3">
                <span
                  className="inline-flex h-8 min-w-12 shrink-0 items-center justify-center gap-1 rounded-full bg-brass/15 px-2 text-sm font-semibold text-brass-ink tabular-nums"
                  aria-hidden="true"
                >
                  <ThumbsUp className="size-3.5" /> {s.votes}
                </span>
                <span className="min-w-0">
                  <span className="block font-medium break-words text-ink">{t(s.name)}</span>
                  <span className="block text-sm text-stone">
                    <span className="sr-only">{s.votes > 1 ? `${s.votes} votes, ` : "1 vote, "}</span>
                    {t(`dernier vote le ${s.lastVote}`)}
                    {!s.productId && " · hors catalogue"}
                  </span>
                </span>
              </span>
              <SuggestionAction suggestion={s} canSwap={canSwap} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function SuggestionAction({
  suggestion: s,
  canSwap,
}: {
  suggestion: PageData["suggestions"][number];
  canSwap: boolean;
}) {
  const tag = "rounded-full px-3 py-1 text-sm font-medium";
  if (s.inMachine) return <span className={cn(tag, "bg-success/10 text-success")}>Dans la machine</span>;
  if (s.planned) return <span className={cn(tag, "bg-brass/15 text-brass-ink")}>Échange prévu</span>;
  if (!canSwap) return null;
  return s.productId ? (
    <Link
      to={pickHref(SWAP_PRODUCT_PARAM, s.productId)}
      preventScrollReset
      className={buttonClass("outline", "sm")}
      aria-label={`Prévoir un échange avec ${s.name}`}
    >
      Prévoir <ArrowRight aria-hidden="true" />
    </Link>
  ) : (
    <Link
      to={pickHref(SWAP_SEARCH_PARAM, s.name)}
      preventScrollReset
      className={buttonClass("ghost", "sm")}
      aria-label={`Chercher au catalogue : ${s.name}`}
    >
      <Search aria-hidden="true" /> Chercher au catalogue
    </Link>
  );
}

/** The swaps planned; its one fetcher outlives the rows a 'Marquer fait' removes, so the toast shows. */
export function PlannedSwaps({
  installationId,
  planned,
}: {
  installationId: string;
  planned: PageData["swaps"]["planned"];
}) {
  const fetcher = useFetcher<InstallationResult>();
  const heading = useRef<HTMLHeadingElement>(null);
  // The row pressed is gone: the keyboard's place is the list's heading.
  const { pending } = useStaffAction(fetcher, (result) => {
    if (result.ok) heading.current?.focus();
  });
  return (
    <section aria-labelledby="echanges-prevus" className={card}>
      <h2 ref={heading} id="echanges-prevus" tabIndex={-1} className="text-lg font-semibold outline-none">
        Échanges prévus
      </h2>
      {planned.length === 0 ? (
        <p className="mt-2 text-stone">{t("Aucun échange prévu pour la prochaine visite.")}</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="planned-swaps">
          {planned.map((s) => (
            <li key={s.id} className="rounded-xl p-3 ring-1 ring-ink/8" aria-labelledby={`echange-${s.id}`}>
              <div className="flex items-start gap-3">
                <Img
                  src={s.image}
                  alt=""
                  width={160}
                  height={160}
                  sizes="48px"
                  maxWidth={96}
                  className="size-12 shrink-0 rounded-lg bg-sand/40 object-contain p-0.5"
                />
                <div className="min-w-0" id={`echange-${s.id}`}>
                  <p className="font-medium text-ink">{t(s.where)}</p>
                  <p className="break-words text-ink">
                    <span className="text-stone">{t(s.from ?? "Emplacement vide")}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="sr-only"> remplacé par </span>
                    <span className="font-medium">{t(s.to)}</span>
                  </p>
                  <p className="text-sm text-stone">
                    {t(`Prévu le ${s.when}`)}
                    {s.account && ` · ${s.account}`}
                  </p>
                </div>
              </div>
              <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2 sm:justify-end">
                <input type="hidden" name="id" value={installationId} />
                <input type="hidden" name="swap_id" value={s.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="echange-fait"
                  size="sm"
                  disabled={pending}
                  aria-describedby={`echange-${s.id}`}
                >
                  <Check aria-hidden="true" /> Marquer fait
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="annuler-echange"
                  size="sm"
                  variant="dangerOutline"
                  disabled={pending}
                  aria-describedby={`echange-${s.id}`}
                >
                  <X aria-hidden="true" /> Annuler
                </Button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
