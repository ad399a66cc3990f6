import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, LoaderCircle, X } from "lucide-react";
import { useId } from "react";
import { cn } from "~/lib/cn";
import type { PickerOptions, PickerPage, PickerProduct } from "./filters";
import { PickerFilterBar, PickerResults } from "./picker-parts";
import { usePickerPage } from "./use-picker-page";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Section 1 · emplacement 7 (rangée 2, colonne 1)' */
  target: string;
  currentProductId: string | null;
  machineId: string;
  options: PickerOptions;
  firstPage: PickerPage;
  onChoose: (product: PickerProduct) => void;
};

/** The product picker (12 per page in 4 columns, filters name / category / tag, 'all' = no
 * filter). Pages come from the server; the filters stay as they were between two slots. */
export function ProductPicker({
  open,
  onOpenChange,
  target,
  currentProductId,
  machineId,
  options,
  firstPage,
  onChoose,
}: Props) {
  const { filters, query, setQuery, set, clear, page, loading } = usePickerPage({ open, machineId, firstPage });
  const ids = { q: useId(), category: useId(), tag: useId(), results: useId() };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_200ms_ease-out]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-[1.5rem] bg-ivory shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(64rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[1.5rem] data-[state=open]:animate-[picker-in_240ms_var(--ease-out-soft)]"
          aria-describedby={undefined}
        >
          <div className="flex items-start justify-between gap-4 border-b border-ink/8 px-5 pt-5 pb-4 sm:px-7">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-2xl font-semibold">Choisir un produit</Dialog.Title>
              <p className="mt-1 text-sm text-stone">{target}</p>
            </div>
            <Dialog.Close
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/8"
              aria-label="Fermer"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <PickerFilterBar ids={ids} query={query} setQuery={setQuery} filters={filters} options={options} set={set} />

          <div className="flex items-center justify-between gap-3 px-5 pt-3 text-sm text-stone sm:px-7">
            <p aria-live="polite" data-testid="picker-count">
              {page.total} produit{page.total > 1 ? "s" : ""} · Page {page.page} sur {page.pageCount}
            </p>
            {loading && <LoaderCircle className="size-4 animate-spin text-brass-ink" aria-label="Chargement" />}
          </div>

          <div id={ids.results} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-3 pb-5 sm:px-7">
            <PickerResults
              page={page}
              loading={loading}
              currentProductId={currentProductId}
              onChoose={onChoose}
              onClear={clear}
            />
          </div>

          {page.pageCount > 1 && (
            <Pager
              page={page.page}
              pageCount={page.pageCount}
              onPage={(p) => set({ page: p })}
              controls={ids.results}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Previous / next and up to 5 page numbers around the current one. */
function Pager({
  page,
  pageCount,
  onPage,
  controls,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  controls: string;
}) {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => start + i);
  const item =
    "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium transition-colors";
  return (
    <nav
      aria-label="Pages de produits"
      className="flex items-center justify-center gap-1 border-t border-ink/8 bg-white/60 px-4 py-3"
    >
      <button
        type="button"
        className={cn(item, "gap-1 hover:bg-ink/6 disabled:pointer-events-none disabled:opacity-40")}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-controls={controls}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Précédent</span>
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={cn(item, p === page ? "bg-ink text-ivory" : "hover:bg-ink/6")}
          aria-current={p === page ? "page" : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
          aria-controls={controls}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className={cn(item, "gap-1 hover:bg-ink/6 disabled:pointer-events-none disabled:opacity-40")}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
        aria-controls={controls}
      >
        <span className="max-sm:sr-only">Suivant</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
