import { Img } from "~/components/img";
import { categoryEmoji, type CategorySummary } from "./view";

/** A category's picture, or the emoji its name suggests when it has none. */
export function CategoryPicture({
  category,
  sizes,
  maxWidth,
  className,
}: {
  category: Pick<CategorySummary, "nom" | "image" | "imageAlt">;
  sizes: string;
  maxWidth: number;
  className: string;
}) {
  if (!category.image)
    return (
      <span className="flex size-full items-center justify-center text-6xl" aria-hidden="true">
        {categoryEmoji(category.nom)}
      </span>
    );
  return (
    <Img
      src={category.image}
      alt={category.imageAlt ?? ""}
      width={800}
      height={600}
      sizes={sizes}
      maxWidth={maxWidth}
      className={className}
    />
  );
}
