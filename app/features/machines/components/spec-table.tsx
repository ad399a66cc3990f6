import { splitSpecifications } from "../specifications";

/** Technical specifications: each line split at its first colon into a label and a value. */
export function SpecTable({ lines }: { lines: string[] }) {
  const rows = splitSpecifications(lines);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specifications" className="container-page py-20 sm:py-24">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <div>
          <p className="eyebrow">Fiche technique</p>
          <h2 id="specifications" className="mt-3 text-3xl font-semibold sm:text-4xl">
            Spécifications techniques
          </h2>
        </div>
        <table className="w-full border-collapse text-left" data-testid="specifications">
          <caption className="sr-only">Spécifications techniques</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Caractéristique</th>
              <th scope="col">Valeur</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.label}-${i}`} className="border-b border-ink/10">
                <th scope="row" className="py-4 pr-6 font-medium text-stone">
                  {row.label}
                </th>
                <td className="py-4 text-right font-medium text-ink">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
