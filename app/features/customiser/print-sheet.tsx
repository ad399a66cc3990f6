import { Img } from "~/components/img";
import { typography } from "~/lib/typography";
import { sectionSelections, type CustomiserState } from "./state";
import { positionText, sizeText } from "./texts";
import { formatDate } from "~/lib/dates";

/** The printed proposal's heading: who, which machine, when. */
export function PrintHeader({ machineName, siteName }: { machineName: string; siteName: string }) {
  const date = formatDate(new Date());
  return (
    <div className="customiser-print mb-6 hidden items-end justify-between border-b border-ink/20 pb-3 print:flex">
      <div>
        <p className="text-xs font-semibold tracking-[0.18em] text-brass-ink uppercase">
          {siteName} · Proposition d'aménagement
        </p>
        <p className="mt-1 font-display text-3xl font-semibold">{machineName}</p>
      </div>
      <p className="text-sm text-stone" suppressHydrationWarning>
        {date}
      </p>
    </div>
  );
}

/** The printed proposal (hidden on screen): machine, each section's grid and its products slot by slot
 * with their pictures. The canvas itself prints above it. */
export function PrintSheet({ state }: { state: CustomiserState }) {
  return (
    <div className="customiser-print hidden print:block" data-testid="print-sheet">
      {state.sections.map((section, index) => {
        const filled = sectionSelections(state, section);
        return (
          <section key={section.id} className="mt-6 break-inside-avoid-page">
            <h2 className="font-display text-xl font-semibold">
              Section {index + 1} — {section.rows} rangées × {section.cols} colonnes
            </h2>
            <p className="text-sm text-stone">
              {typography(
                `Position ${positionText(section.position)} — ${sizeText(section.size)} · ${filled.length} / ${section.rows * section.cols} emplacements remplis`,
              )}
            </p>
            {filled.length === 0 ? (
              <p className="mt-2 text-sm italic text-stone">Aucun produit choisi.</p>
            ) : (
              <table className="mt-3 w-full border-collapse text-sm">
                <thead>
                  <tr className="border-b border-ink/20 text-left text-xs tracking-wider text-stone uppercase">
                    <th scope="col" className="py-1.5 pr-3 font-semibold">
                      Emplacement
                    </th>
                    <th scope="col" className="py-1.5 pr-3 font-semibold">
                      Rangée · colonne
                    </th>
                    <th scope="col" className="py-1.5 pr-3 font-semibold">
                      Photo
                    </th>
                    <th scope="col" className="py-1.5 font-semibold">
                      Produit
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {filled.map(({ slot, product }) => (
                    <tr key={slot} className="break-inside-avoid border-b border-ink/10">
                      <td className="py-1.5 pr-3 tabular-nums">{slot + 1}</td>
                      <td className="py-1.5 pr-3 tabular-nums">
                        {Math.floor(slot / section.cols) + 1} · {(slot % section.cols) + 1}
                      </td>
                      <td className="py-1.5 pr-3">
                        <Img
                          src={product.image}
                          alt=""
                          width={160}
                          height={160}
                          sizes="48px"
                          maxWidth={160}
                          loading="eager"
                          className="size-12 object-contain"
                        />
                      </td>
                      <td className="py-1.5 font-medium">{product.nom}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
