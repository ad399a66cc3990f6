import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { Product } from "../../../server/db/schema";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/format";
import { ProductThumb } from "./product-thumb";

/** The chosen product at a glance, with 'Modifier' and 'Supprimer'. */
export function SelectedProduct({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article
      aria-labelledby="selected-product-title"
      className="rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <p className="eyebrow">Produit sélectionné</p>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row">
        <ProductThumb src={product.image} size={160} large className="size-32 sm:size-40" />
        <div className="min-w-0 flex-1">
          <h2 id="selected-product-title" className="text-2xl font-semibold break-words">
            {product.nom}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-lg tabular-nums">
            {formatPrice(product.prix)}
            {product.dans_notre_top_10_des_plus_gros_vendeur && (
              <span className="rounded-full bg-brass-light/40 whitespace-nowrap px-2.5 py-0.5 text-xs font-semibold text-brass-ink">
                Top 10
              </span>
            )}
          </p>
          <p className="mt-3 line-clamp-3 text-sm text-stone">{product.description}</p>
          {(product.categorie.length > 0 || product.tags.length > 0) && (
            <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Catégories et tags">
              {product.categorie.map((c) => (
                <li key={`c-${c}`} className="rounded-full bg-ink/6 px-2.5 py-1 text-xs font-medium">
                  {c}
                </li>
              ))}
              {product.tags.map((t) => (
                <li key={`t-${t}`} className="rounded-full border border-ink/12 px-2.5 py-1 text-xs">
                  #{t}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3 border-t border-ink/8 pt-5">
        <Button onClick={onEdit}>
          <Pencil aria-hidden="true" /> Modifier
        </Button>
        <Button variant="dangerOutline" onClick={onDelete}>
          <Trash2 aria-hidden="true" /> Supprimer
        </Button>
        <Link
          to={`/produits/${product.id}`}
          className="ml-auto inline-flex items-center gap-1.5 self-center text-sm font-medium text-stone underline-offset-4 hover:text-ink hover:underline"
        >
          Voir dans le catalogue <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
