import { ArrowRight, Check, Clock3 } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { MSG } from "~/lib/messages";
import { categoryEmoji } from "../category-emoji";

export type CategoryCardData = {
  id: string;
  nom: string;
  description: string | null;
  image: string | null;
  /** The staff's description of the picture; without one it is decorative (the name is beside it). */
  image_alt?: string | null;
  machineCount: number;
};
export type MachineCardData = {
  id: string;
  nom: string;
  description: string;
  disponible_en_entrepot: boolean;
  image: string | null;
  /** The staff's description of the picture; the machine's name without one. */
  image_alt?: string | null;
};

/** A category: its picture (or an emoji that fits its name), name, description and a call to action. */
export function CategoryCard({ category, priority }: { category: CategoryCardData; priority?: boolean }) {
  const image = category.image?.trim() && !category.image.endsWith("/placeholder.svg") ? category.image : null;
  return (
    <li className="min-w-0">
      <Link
        to={`/machines/${category.id}`}
        prefetch="intent"
        className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-ink/6 transition duration-300 hover:shadow-[var(--shadow-card)] hover:ring-ink/12"
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-gradient-to-br from-sand via-ivory to-sand">
          {image ? (
            <Img
              src={image}
              alt={category.image_alt?.trim() || ""}
              width={800}
              height={600}
              sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
              maxWidth={640}
              priority={priority}
              className="size-full object-cover transition-transform duration-700 ease-[var(--ease-out-soft)] group-hover:scale-[1.03]"
            />
          ) : (
            <span
              className="flex size-full items-center justify-center text-7xl"
              aria-hidden="true"
              data-testid="emoji-categorie"
            >
              {categoryEmoji(category.nom)}
            </span>
          )}
          {category.machineCount > 0 && (
            <span className="absolute top-4 left-4 rounded-full bg-ivory/90 px-3 py-1 text-xs font-semibold text-ink shadow-sm backdrop-blur">
              {`${category.machineCount} machine${category.machineCount > 1 ? "s" : ""}`}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col p-6">
          <h2 className="text-2xl font-semibold">{category.nom}</h2>
          {category.description && (
            <p className="mt-2 line-clamp-4 leading-relaxed text-stone">{category.description}</p>
          )}
          <span className="mt-auto inline-flex items-center gap-2 pt-6 text-sm font-semibold text-ink">
            Découvrir les machines
            <ArrowRight
              className="size-4 transition-transform duration-300 group-hover:translate-x-1"
              aria-hidden="true"
            />
          </span>
        </div>
      </Link>
    </li>
  );
}

/** 'En stock' or 'Sur commande' on a machine card. */
function StockBadge({ inStock, className }: { inStock: boolean; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm",
        inStock ? "bg-success text-white" : "bg-ivory text-ink ring-1 ring-ink/10",
        className,
      )}
    >
      {inStock ? <Check className="size-3.5" aria-hidden="true" /> : <Clock3 className="size-3.5" aria-hidden="true" />}
      {inStock ? "En stock" : "Sur commande"}
    </span>
  );
}

export function MachineCard({
  machine,
  categoryId,
  priority,
}: {
  machine: MachineCardData;
  categoryId: string;
  priority?: boolean;
}) {
  return (
    <li className="min-w-0">
      <Link
        to={`/machines/${categoryId}/${machine.id}`}
        prefetch="intent"
        className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-ink/6 transition duration-300 hover:shadow-[var(--shadow-card)] hover:ring-ink/12"
      >
        <div className="relative aspect-[4/5] overflow-hidden bg-gradient-to-b from-ivory to-sand/70">
          {machine.image ? (
            <Img
              src={machine.image}
              alt={machine.image_alt?.trim() || machine.nom}
              width={800}
              height={1000}
              sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
              maxWidth={640}
              priority={priority}
              className="size-full object-cover transition-transform duration-700 ease-[var(--ease-out-soft)] group-hover:scale-[1.03]"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-6xl" aria-hidden="true">
              🏪
            </span>
          )}
          <StockBadge inStock={machine.disponible_en_entrepot} className="absolute top-4 left-4" />
        </div>
        <div className="flex flex-1 flex-col p-6">
          <h2 className="text-2xl font-semibold">{machine.nom}</h2>
          <p className="mt-2 line-clamp-2 leading-relaxed text-stone">{machine.description}</p>
          <div className="mt-auto flex items-center justify-between gap-3 pt-6">
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-success">
              <Check className="size-4" aria-hidden="true" />
              {MSG.installationGratuite}
            </span>
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink">
              Voir la machine
              <ArrowRight
                className="size-4 transition-transform duration-300 group-hover:translate-x-1"
                aria-hidden="true"
              />
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}
