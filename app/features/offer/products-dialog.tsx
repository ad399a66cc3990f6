import { ExternalLink, Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Img } from "~/components/img";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { onPlainClick } from "~/lib/plain-click";
import { FreeInstallBadge, TopTenBadge } from "./badges";
import { DialogMessage, OfferDialog } from "./offer-dialog";
import { PRODUCT_PAGE, offerQueryUrl } from "~/rules/offer-query";
import type { OfferLoaderData, ProductDetail, ProductSummary } from "./view";

const LOAD_ERROR = "Impossible de charger les produits pour le moment. Veuillez réessayer.";
const SEARCH_DELAY_MS = 250;

/** 'Nos Produits': a searchable list ('Aucun produit trouvé'), then a product's detail. The detail is the
 * dialog's view of /produits/{id}: a card is a link there, which a plain click opens in the dialog. */
export function ProductsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [selected, setSelected] = useState<Pick<ProductSummary, "id" | "nom"> | null>(null);
  const [query, setQuery] = useState("");
  const [limit, setLimit] = useState(PRODUCT_PAGE);
  const list = useFetcher<OfferLoaderData>({ key: "offre-produits" });
  const detail = useFetcher<OfferLoaderData>({ key: "offre-produit" });
  const body = useRef<HTMLDivElement>(null);
  const listScroll = useRef(0);

  // The list follows the search (after a short pause in typing) and the number of products asked for.
  useEffect(() => {
    if (!open) return;
    const current = list.data?.dialog;
    if (current?.vue === "produits" && current.q === query.trim() && current.limite === limit) return;
    const timer = window.setTimeout(
      () => void list.load(offerQueryUrl({ vue: "produits", q: query.trim(), limite: limit })),
      current ? SEARCH_DELAY_MS : 0,
    );
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the search or the page size changes; the fetcher changes with every load it makes
  }, [open, query, limit]);

  useEffect(() => {
    if (!open || !selected) return;
    const current = detail.data?.dialog;
    if (current?.vue === "produit" && current.product?.id === selected.id) return;
    void detail.load(offerQueryUrl({ vue: "produit", id: selected.id }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when another product is chosen; the fetcher changes with every load it makes
  }, [open, selected]);

  // Back from a product, the list is where it was left.
  useEffect(() => {
    if (selected) body.current?.scrollTo({ top: 0 });
    else body.current?.scrollTo({ top: listScroll.current });
  }, [selected]);

  function pick(product: ProductSummary) {
    listScroll.current = body.current?.scrollTop ?? 0;
    setSelected(product);
  }

  function close(value: boolean) {
    onOpenChange(value);
    if (!value) setSelected(null);
  }

  return (
    <OfferDialog
      open={open}
      onOpenChange={close}
      eyebrow="Des produits qui se démarquent"
      title={selected ? selected.nom : "Nos Produits"}
      level={selected ? `produit-${selected.id}` : "liste"}
      back={selected ? { label: "Produits", onClick: () => setSelected(null) } : undefined}
      bodyRef={body}
      testId="products-dialog"
    >
      {selected ? (
        <ProductLevel fetcher={detail} productId={selected.id} />
      ) : (
        <ListLevel
          fetcher={list}
          query={query}
          onQuery={(q) => {
            setQuery(q);
            setLimit(PRODUCT_PAGE);
          }}
          onMore={() => setLimit((n) => n + PRODUCT_PAGE)}
          onPick={pick}
        />
      )}
    </OfferDialog>
  );
}

type Fetcher = ReturnType<typeof useFetcher<OfferLoaderData>>;

function ListLevel({
  fetcher,
  query,
  onQuery,
  onMore,
  onPick,
}: {
  fetcher: Fetcher;
  query: string;
  onQuery: (q: string) => void;
  onMore: () => void;
  onPick: (p: ProductSummary) => void;
}) {
  const inputId = useId();
  const dialog = fetcher.data?.dialog;
  const data = dialog?.vue === "produits" ? dialog : null;
  const searching = fetcher.state === "loading";
  return (
    <>
      <form role="search" onSubmit={(event) => event.preventDefault()} className="relative max-w-xl">
        <label htmlFor={inputId} className="sr-only">
          Rechercher un produit
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Rechercher un produit..."
          autoComplete="off"
          className="h-13 w-full rounded-full border border-ink/15 bg-white pr-5 pl-12 text-base shadow-sm outline-none transition-colors placeholder:text-stone focus:border-brass focus-visible:outline-2 focus-visible:outline-brass"
        />
      </form>
      <p className="mt-4 min-h-6 text-sm text-stone" role="status" aria-live="polite">
        {data ? `${data.total} produit${data.total > 1 ? "s" : ""} trouvé${data.total > 1 ? "s" : ""}` : ""}
      </p>
      <div className="mt-4" aria-busy={searching || undefined}>
        {!data ? (
          fetcher.data && !searching ? (
            <DialogMessage>{LOAD_ERROR}</DialogMessage>
          ) : (
            <div role="status" aria-label="Chargement" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} rounded="card" className="h-64 sm:h-72" />
              ))}
            </div>
          )
        ) : data.items.length === 0 ? (
          <DialogMessage>Aucun produit trouvé</DialogMessage>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="products-list">
              {data.items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} onPick={onPick} />
                </li>
              ))}
            </ul>
            {data.items.length < data.total && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  onClick={onMore}
                  disabled={searching}
                  className="inline-flex h-11 items-center rounded-full border border-ink/15 bg-white px-6 font-medium hover:border-ink/40 disabled:opacity-60"
                >
                  {searching ? "Chargement..." : "Afficher plus de produits"}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}

function ProductCard({ product, onPick }: { product: ProductSummary; onPick: (p: ProductSummary) => void }) {
  return (
    <a
      href={`/produits/${product.id}`}
      onClick={onPlainClick(() => onPick(product))}
      className="group flex h-full w-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-[var(--shadow-card)] ring-1 ring-ink/5 transition-shadow hover:ring-brass/50"
    >
      <div className="relative aspect-square w-full overflow-hidden bg-sand/60">
        <Img
          src={product.image}
          alt=""
          width={480}
          height={480}
          sizes="(min-width: 1024px) 260px, 50vw"
          maxWidth={320}
          className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.04]"
        />
        {product.top10 && <TopTenBadge className="absolute top-3 left-3" />}
      </div>
      <div className="flex flex-1 flex-col p-3.5 sm:p-5">
        <h3 className="font-sans text-sm leading-snug font-semibold tracking-normal sm:text-base">{product.nom}</h3>
        {product.tags.length > 0 && (
          <p className="mt-1.5 flex flex-wrap gap-1.5">
            {product.tags.slice(0, 2).map((tag, i) => (
              <span
                key={tag}
                className={cn("rounded-full bg-sand px-2 py-0.5 text-xs text-ink/80", i > 0 && "hidden sm:inline")}
              >
                {tag}
              </span>
            ))}
            {product.tags.length > 1 && (
              <span className="px-1 text-xs text-stone">
                <span className="sm:hidden">+{product.tags.length - 1}</span>
                {product.tags.length > 2 && <span className="hidden sm:inline">+{product.tags.length - 2}</span>}
              </span>
            )}
          </p>
        )}
        <div className="mt-auto flex flex-col-reverse gap-1 pt-3 sm:flex-row sm:items-end sm:justify-between sm:gap-2 sm:pt-4">
          <FreeInstallBadge small />
          <span className="font-semibold tabular-nums">{formatPrice(product.prix)}</span>
        </div>
      </div>
    </a>
  );
}

function ProductLevel({ fetcher, productId }: { fetcher: Fetcher; productId: string }) {
  const dialog = fetcher.data?.dialog;
  const ready = dialog?.vue === "produit" && dialog.product?.id === productId;
  if (fetcher.state === "idle" && fetcher.data && !ready) {
    return <DialogMessage>{dialog?.vue === "produit" ? "Produit non trouvé" : LOAD_ERROR}</DialogMessage>;
  }
  if (!ready || !dialog.product) {
    return (
      <div role="status" aria-label="Chargement" className="grid gap-8 lg:grid-cols-2">
        <Skeleton rounded="card" className="aspect-square" />
        <div className="space-y-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-32" />
        </div>
      </div>
    );
  }
  return <ProductView product={dialog.product} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  return (
    <article className="grid gap-10 lg:grid-cols-2 lg:gap-14">
      <div className="relative aspect-square overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
        <Img
          src={product.image}
          alt={product.nom}
          width={800}
          height={800}
          sizes="(min-width: 1024px) 520px, 100vw"
          maxWidth={800}
          className="size-full object-cover"
        />
        {product.top10 && <TopTenBadge className="absolute top-4 left-4" />}
      </div>
      <div>
        {product.top10 && (
          <p className="mb-5 rounded-xl bg-ink px-4 py-3 text-sm font-medium text-brass-light">
            Dans notre top 10 des plus gros vendeurs
          </p>
        )}
        <h3 className="text-3xl font-semibold sm:text-4xl">{product.nom}</h3>
        <p className="mt-3 text-2xl font-semibold tabular-nums">{formatPrice(product.prix)}</p>
        <FreeInstallBadge className="mt-3" />
        {product.description && <p className="mt-6 text-lg leading-relaxed text-stone">{product.description}</p>}
        <dl className="mt-8 space-y-5">
          {product.categories.length > 0 && (
            <div>
              <dt className="text-sm font-semibold tracking-wide text-stone uppercase">Catégories</dt>
              <dd className="mt-1.5">{product.categories.join(", ")}</dd>
            </div>
          )}
          {product.tags.length > 0 && (
            <div>
              <dt className="text-sm font-semibold tracking-wide text-stone uppercase">Étiquettes</dt>
              <dd className="mt-2 flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <span key={tag} className="rounded-full bg-sand px-3 py-1 text-sm">
                    {tag}
                  </span>
                ))}
              </dd>
            </div>
          )}
          {product.ingredients && (
            <div>
              <dt className="text-sm font-semibold tracking-wide text-stone uppercase">Ingrédients</dt>
              <dd className="mt-1.5 leading-relaxed text-ink/85">{product.ingredients}</dd>
            </div>
          )}
        </dl>
        <Link
          to={`/produits/${product.id}`}
          className="mt-8 inline-flex items-center gap-2 font-medium text-brass-ink underline underline-offset-4"
        >
          Voir la fiche produit
          <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
