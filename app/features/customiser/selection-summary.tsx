import { Img } from "~/components/img";
import { sectionSelections, type ChosenProduct, type CustomiserState } from "./state";

/** The products chosen so far, each once with how many slots it fills. */
export function SelectionSummary({ state }: { state: CustomiserState }) {
  const counts = new Map<string, { product: ChosenProduct; count: number }>();
  for (const section of state.sections) {
    for (const { product } of sectionSelections(state, section)) {
      const entry = counts.get(product.id);
      if (entry) entry.count += 1;
      else counts.set(product.id, { product, count: 1 });
    }
  }
  const items = [...counts.values()].sort(
    (a, b) => b.count - a.count || a.product.nom.localeCompare(b.product.nom, "fr"),
  );
  return (
    <section aria-labelledby="selection-title" className="rounded-2xl border border-ink/8 bg-white/70 p-4">
      <h2 id="selection-title" className="font-sans text-sm font-semibold">
        Sélection
        {items.length > 0 && (
          <span className="font-normal text-stone">
            {" "}
            · {items.length} produit{items.length > 1 ? "s" : ""}
          </span>
        )}
      </h2>
      {items.length === 0 ? (
        <p className="mt-1.5 text-sm text-stone">Touchez un emplacement pour y placer un produit.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {items.map(({ product, count }) => (
            <li
              key={product.id}
              className="flex items-center gap-2 rounded-full bg-ivory py-1 pr-3 pl-1 text-sm ring-1 ring-ink/8"
            >
              <Img
                src={product.image}
                alt=""
                width={160}
                height={160}
                sizes="28px"
                maxWidth={160}
                className="size-7 rounded-full object-cover"
              />
              <span className="max-w-44 truncate">{product.nom}</span>
              <span className="text-xs font-semibold text-brass-ink tabular-nums">×{count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
