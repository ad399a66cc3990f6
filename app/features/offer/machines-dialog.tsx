import { ArrowRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Img } from "~/components/img";
import { Skeleton } from "~/components/ui/skeleton";
import { onPlainClick } from "~/lib/plain-click";
import { FreeInstallBadge, StockBadge } from "./badges";
import { CategoryPicture } from "./category-picture";
import { DialogMessage, OfferDialog } from "./offer-dialog";
import type { CategorySummary, MachineSummary, OfferLoaderData } from "./view";
import { offerMachineUrl, offerQueryUrl } from "~/rules/offer-query";

const LOAD_ERROR = "Impossible de charger les machines pour le moment. Veuillez réessayer.";

/** Machines dialog: categories → machines of a category, with a back button. Each level is the
 * dialog's view of a catalogue page (/machines, /machines/{categorie}): its cards are links there,
 * which a plain click opens in the dialog. The page keeps the level in its address (`category`). A
 * machine's card leads to the machine view's own address (/notre-offre?machine=<id>), which
 * `onPickMachine` opens above this dialog. */
export function MachinesDialog({
  open,
  category,
  onClose,
  onPickCategory,
  onBackToCategories,
  onPickMachine,
}: {
  open: boolean;
  /** The category shown, or null for the list of categories. */
  category: string | null;
  onClose: () => void;
  onPickCategory: (id: string) => void;
  onBackToCategories: () => void;
  onPickMachine: (id: string) => void;
}) {
  const categories = useFetcher<OfferLoaderData>({ key: "offre-categories" });
  const machines = useFetcher<OfferLoaderData>({ key: "offre-machines" });
  const body = useRef<HTMLDivElement>(null);

  // Each level loads what it shows when it opens (and keeps it for the way back).
  useEffect(() => {
    if (!open) return;
    if (category === null && categories.data?.dialog?.vue !== "categories" && categories.state === "idle") {
      void categories.load(offerQueryUrl({ vue: "categories" }));
    }
    if (category !== null) {
      const current = machines.data?.dialog;
      if (!(current?.vue === "machines" && current.category?.id === category)) {
        void machines.load(offerQueryUrl({ vue: "machines", categorie: category }));
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the dialog opens or changes level; the fetchers change with every load they make
  }, [open, category]);

  useEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [category]);

  // The category's name: from its machines once they are in, else from the list it was picked in.
  const shown = machines.data?.dialog?.vue === "machines" ? machines.data.dialog.category : null;
  const listed = categories.data?.dialog?.vue === "categories" ? categories.data.dialog.categories : [];
  const categoryName =
    (shown?.id === category ? shown?.nom : undefined) ?? listed.find((c) => c.id === category)?.nom ?? "Machines";

  return (
    <OfferDialog
      open={open}
      onOpenChange={(value) => {
        if (!value) onClose();
      }}
      eyebrow="Choisir la machine parfaite"
      title={category === null ? "Nos machines" : categoryName}
      level={category === null ? "categories" : `cat-${category}`}
      back={category === null ? undefined : { label: "Catégories", onClick: onBackToCategories }}
      bodyRef={body}
      testId="machines-dialog"
    >
      {category === null && <CategoriesLevel fetcher={categories} onPick={(c) => onPickCategory(c.id)} />}
      {category !== null && (
        <MachinesLevel fetcher={machines} categoryId={category} onPick={(m) => onPickMachine(m.id)} />
      )}
    </OfferDialog>
  );
}

type Fetcher = ReturnType<typeof useFetcher<OfferLoaderData>>;

function CardsSkeleton({ count = 3, tall = false }: { count?: number; tall?: boolean }) {
  return (
    <div role="status" aria-label="Chargement" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} rounded="card" className={tall ? "h-96" : "h-80"} />
      ))}
    </div>
  );
}

function CategoriesLevel({ fetcher, onPick }: { fetcher: Fetcher; onPick: (category: CategorySummary) => void }) {
  const dialog = fetcher.data?.dialog;
  if (!dialog)
    return fetcher.data && fetcher.state === "idle" ? <DialogMessage>{LOAD_ERROR}</DialogMessage> : <CardsSkeleton />;
  if (dialog.vue !== "categories") return <DialogMessage>{LOAD_ERROR}</DialogMessage>;
  if (dialog.categories.length === 0)
    return <DialogMessage>Aucune catégorie de machine disponible pour le moment.</DialogMessage>;
  return (
    <>
      <p className="mb-8 max-w-2xl text-lg text-stone">
        Choisissez un type de machine&nbsp;: nous l'installons gratuitement, prête à servir.
      </p>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {dialog.categories.map((category) => (
          <li key={category.id}>
            <a
              href={`/machines/${category.id}`}
              onClick={onPlainClick(() => onPick(category))}
              className="group flex h-full w-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-[var(--shadow-card)] ring-1 ring-ink/5 transition-shadow hover:ring-brass/50"
            >
              <div className="relative aspect-[4/3] w-full overflow-hidden bg-sand">
                <CategoryPicture
                  category={category}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                  maxWidth={480}
                  className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.04]"
                />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-2xl font-semibold">{category.nom}</h3>
                {category.description && <p className="mt-2 line-clamp-3 text-stone">{category.description}</p>}
                <p className="mt-1 text-sm text-stone">
                  {category.machineCount} machine{category.machineCount > 1 ? "s" : ""}
                </p>
                <span className="mt-auto inline-flex items-center gap-2 pt-5 font-medium text-brass-ink">
                  Découvrir les machines
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function MachinesLevel({
  fetcher,
  categoryId,
  onPick,
}: {
  fetcher: Fetcher;
  categoryId: string;
  onPick: (machine: MachineSummary) => void;
}) {
  const dialog = fetcher.data?.dialog;
  const ready = dialog?.vue === "machines" && dialog.category?.id === categoryId;
  if (fetcher.state === "idle" && fetcher.data && !ready) {
    return <DialogMessage>{dialog?.vue === "machines" ? "Catégorie non trouvée" : LOAD_ERROR}</DialogMessage>;
  }
  if (!ready) return <CardsSkeleton tall />;
  if (dialog.machines.length === 0) return <DialogMessage>Aucune machine disponible</DialogMessage>;
  return (
    <>
      {dialog.category?.description && (
        <p className="mb-8 max-w-2xl text-lg text-stone">{dialog.category.description}</p>
      )}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {dialog.machines.map((m) => (
          <li key={m.id}>
            <a
              href={offerMachineUrl(m.id)}
              onClick={onPlainClick(() => onPick(m))}
              className="group flex h-full w-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-[var(--shadow-card)] ring-1 ring-ink/5 transition-shadow hover:ring-brass/50"
            >
              <div className="relative aspect-[4/5] w-full overflow-hidden bg-sand">
                {m.image ? (
                  <Img
                    src={m.image}
                    alt={m.imageAlt ?? ""}
                    width={600}
                    height={750}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                    maxWidth={480}
                    className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
                  />
                ) : (
                  <img src="/placeholder.svg" alt="" width={600} height={750} className="size-full object-cover" />
                )}
                <span className="absolute top-3 left-3">
                  <StockBadge disponible={m.disponible} />
                </span>
              </div>
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-xl font-semibold">{m.nom}</h3>
                <p className="mt-2 line-clamp-2 text-stone">{m.description}</p>
                <FreeInstallBadge className="mt-auto pt-4" />
              </div>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
