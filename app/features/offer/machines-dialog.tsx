import { ArrowRight, ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Img } from "~/components/img";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { onPlainClick } from "~/lib/plain-click";
import { wrapIndex } from "~/lib/wrap";
import { FreeInstallBadge, StockBadge } from "./badges";
import { DialogMessage, OfferDialog } from "./offer-dialog";
import {
  categoryEmoji,
  type CategorySummary,
  type MachineDetail,
  type MachineSummary,
  type OfferLoaderData,
} from "./view";
import { offerQueryUrl } from "~/rules/offer-query";

type Level =
  | { name: "categories" }
  | { name: "machines"; category: Pick<CategorySummary, "id" | "nom"> }
  | { name: "machine"; category: Pick<CategorySummary, "id" | "nom">; machine: Pick<MachineSummary, "id" | "nom"> };

const LOAD_ERROR = "Impossible de charger les machines pour le moment. Veuillez réessayer.";

/** Machines dialog: categories → machines of a category → machine detail, each with a back button.
 * Each level is the dialog's view of a catalogue page (/machines, /machines/{categorie},
 * /machines/{categorie}/{machine}): its cards are links there, which a plain click opens in the dialog. */
export function MachinesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [level, setLevel] = useState<Level>({ name: "categories" });
  const categories = useFetcher<OfferLoaderData>({ key: "offre-categories" });
  const machines = useFetcher<OfferLoaderData>({ key: "offre-machines" });
  const machine = useFetcher<OfferLoaderData>({ key: "offre-machine" });
  const body = useRef<HTMLDivElement>(null);

  // Each level loads what it shows when it opens (and keeps it for the way back).
  useEffect(() => {
    if (!open) return;
    if (level.name === "categories" && categories.data?.dialog?.vue !== "categories" && categories.state === "idle") {
      void categories.load(offerQueryUrl({ vue: "categories" }));
    }
    if (level.name === "machines") {
      const current = machines.data?.dialog;
      if (!(current?.vue === "machines" && current.category?.id === level.category.id)) {
        void machines.load(offerQueryUrl({ vue: "machines", categorie: level.category.id }));
      }
    }
    if (level.name === "machine") {
      const current = machine.data?.dialog;
      if (!(current?.vue === "machine" && current.machine?.id === level.machine.id)) {
        void machine.load(offerQueryUrl({ vue: "machine", id: level.machine.id }));
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the dialog opens or changes level; the fetchers change with every load they make
  }, [open, level]);

  useEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [level]);

  function close(value: boolean) {
    onOpenChange(value);
    if (!value) setLevel({ name: "categories" });
  }

  const title =
    level.name === "categories" ? "Nos machines" : level.name === "machines" ? level.category.nom : level.machine.nom;
  const back =
    level.name === "machines"
      ? { label: "Catégories", onClick: () => setLevel({ name: "categories" }) }
      : level.name === "machine"
        ? { label: "Machines", onClick: () => setLevel({ name: "machines", category: level.category }) }
        : undefined;

  return (
    <OfferDialog
      open={open}
      onOpenChange={close}
      eyebrow="Choisir la machine parfaite"
      title={title}
      level={
        level.name === "machine"
          ? `machine-${level.machine.id}`
          : level.name === "machines"
            ? `cat-${level.category.id}`
            : "categories"
      }
      back={back}
      bodyRef={body}
      testId="machines-dialog"
    >
      {level.name === "categories" && (
        <CategoriesLevel fetcher={categories} onPick={(category) => setLevel({ name: "machines", category })} />
      )}
      {level.name === "machines" && (
        <MachinesLevel
          fetcher={machines}
          categoryId={level.category.id}
          onPick={(m) => setLevel({ name: "machine", category: level.category, machine: m })}
        />
      )}
      {level.name === "machine" && <MachineLevel fetcher={machine} machineId={level.machine.id} />}
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
        Choisissez un type de machine : nous l'installons gratuitement, prête à servir.
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
                {category.image ? (
                  <Img
                    src={category.image}
                    alt={category.imageAlt ?? ""}
                    width={800}
                    height={600}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                    maxWidth={480}
                    className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.04]"
                  />
                ) : (
                  <span className="flex size-full items-center justify-center text-6xl" aria-hidden="true">
                    {categoryEmoji(category.nom)}
                  </span>
                )}
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
              href={`/machines/${categoryId}/${m.id}`}
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

function MachineLevel({ fetcher, machineId }: { fetcher: Fetcher; machineId: string }) {
  const dialog = fetcher.data?.dialog;
  const ready = dialog?.vue === "machine" && dialog.machine?.id === machineId;
  if (fetcher.state === "idle" && fetcher.data && !ready) {
    return <DialogMessage>{dialog?.vue === "machine" ? "Machine non trouvée" : LOAD_ERROR}</DialogMessage>;
  }
  if (!ready || !dialog.machine) {
    return (
      <div role="status" aria-label="Chargement" className="grid gap-8 lg:grid-cols-2">
        <Skeleton rounded="card" className="aspect-[4/5]" />
        <div className="space-y-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      </div>
    );
  }
  return <MachineView machine={dialog.machine} />;
}

function MachineView({ machine }: { machine: MachineDetail }) {
  const [index, setIndex] = useState(0);
  const images = machine.images;
  const current = images[Math.min(index, images.length - 1)];
  return (
    <article className="grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:gap-14">
      <div>
        <div className="relative aspect-[4/5] overflow-hidden rounded-[var(--radius-card)] bg-sand">
          {current ? (
            <Img
              src={current}
              alt={
                machine.imageAlts?.[Math.min(index, images.length - 1)] ||
                `${machine.nom}, image ${index + 1} sur ${images.length}`
              }
              width={800}
              height={1000}
              sizes="(min-width: 1024px) 520px, 100vw"
              maxWidth={800}
              className="size-full object-cover"
            />
          ) : (
            <p className="flex size-full items-center justify-center text-stone">Aucun média disponible</p>
          )}
          {images.length > 1 && (
            <>
              <button
                type="button"
                aria-label="Image précédente"
                onClick={() => setIndex((i) => wrapIndex(i, -1, images.length))}
                className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-ivory/90 text-ink shadow hover:bg-white"
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label="Image suivante"
                onClick={() => setIndex((i) => wrapIndex(i, 1, images.length))}
                className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-ivory/90 text-ink shadow hover:bg-white"
              >
                <ChevronRight className="size-5" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
        {images.length > 1 && (
          <ul className="mt-4 flex gap-3 overflow-x-auto pb-1">
            {images.map((src, i) => (
              <li key={src + i}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Afficher l'image ${i + 1}`}
                  aria-current={i === index || undefined}
                  className={cn(
                    "block size-20 overflow-hidden rounded-xl ring-2 ring-offset-2 ring-offset-ivory transition",
                    i === index ? "ring-brass" : "ring-transparent opacity-70 hover:opacity-100",
                  )}
                >
                  <Img
                    src={src}
                    alt=""
                    width={160}
                    height={160}
                    sizes="80px"
                    maxWidth={160}
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={cn(
              "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold",
              machine.disponible ? "bg-success text-white" : "bg-brass-light text-ink",
            )}
          >
            {machine.disponible
              ? "✓ Disponible en entrepôt"
              : `⏱ Sur commande${machine.tempsCommande ? ` (${machine.tempsCommande})` : ""}`}
          </span>
          <FreeInstallBadge />
        </div>
        <h3 className="mt-5 text-3xl font-semibold sm:text-4xl">{machine.nom}</h3>
        <p className="mt-4 text-lg leading-relaxed text-stone">{machine.description}</p>
        {machine.avantages.length > 0 && (
          <section className="mt-8">
            <h4 className="font-display text-xl font-semibold">Avantages</h4>
            <ul className="mt-4 space-y-2.5">
              {machine.avantages.map((a) => (
                <li key={a} className="flex gap-3">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brass" aria-hidden="true" />
                  <span>{a}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {machine.specifications.length > 0 && (
          <section className="mt-8">
            <h4 className="font-display text-xl font-semibold">Spécifications techniques</h4>
            <table className="mt-4 w-full text-left text-sm">
              <tbody>
                {machine.specifications.map((s, i) => (
                  <tr key={s.label + i} className="border-b border-ink/8">
                    <th scope="row" className="py-3 pr-4 font-medium text-ink">
                      {s.label}
                    </th>
                    <td className="py-3 text-stone">{s.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {machine.categorieId && (
          <Link
            to={`/machines/${machine.categorieId}/${machine.id}`}
            className="mt-8 inline-flex items-center gap-2 font-medium text-brass-ink underline underline-offset-4"
          >
            Voir la fiche complète
            <ExternalLink className="size-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </article>
  );
}
