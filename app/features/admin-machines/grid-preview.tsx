// Live preview of where the customiser's sections will start, over the chassis photo: the customiser's
// own canvas (CANVAS, 900 px tall) and its own rules (initialState, sectionRect), scaled down to fit.
// What the admin sees here is what 'Créer ma machine' opens with.
import { ImageIcon } from "lucide-react";
import { CANVAS, initialState, LIMITS, sectionRect, type MachineGrid } from "~/features/customiser/state";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";

const TONES = ["border-brass bg-brass/15", "border-sky-600 bg-sky-500/10", "border-emerald-600 bg-emerald-500/10"];

/** Each starting section as percentages of the canvas, with its label. */
export function previewBoxes(machine: MachineGrid) {
  const stored = Array.isArray(machine.grid_sections) && machine.grid_sections.length > 0;
  return initialState(machine).sections.map((section, index) => {
    const rect = sectionRect(section);
    return {
      label: stored ? `Section ${index + 1}` : "Grille par défaut",
      rows: section.rows,
      cols: section.cols,
      left: (rect.left / CANVAS.width) * 100,
      top: (rect.top / CANVAS.height) * 100,
      width: (rect.width / CANVAS.width) * 100,
      height: (rect.height / CANVAS.height) * 100,
    };
  });
}

export function GridPreview({ image, machine }: { image: string | null; machine: MachineGrid }) {
  const boxes = previewBoxes(machine);
  const capped =
    Math.max(machine.nombre_de_rangees ?? 0, machine.produits_par_rangee ?? 0) > LIMITS.maxGrid ||
    (Array.isArray(machine.grid_sections) &&
      machine.grid_sections.some(
        (s) => Math.max((s as { rows: number }).rows, (s as { cols: number }).cols) > LIMITS.maxGrid,
      ));
  return (
    <figure className="space-y-2">
      <div
        className="relative mx-auto w-full max-w-[22rem] overflow-hidden rounded-2xl border border-ink/10 bg-gradient-to-b from-white via-ivory to-sand"
        style={{ aspectRatio: `${CANVAS.width} / ${CANVAS.height}` }}
        role="img"
        aria-label={`Aperçu : ${boxes
          .map((b) => `${b.label} de ${b.rows} rangées de ${b.cols} produits`)
          .join(" ; ")}, sur ${image ? "la photo du châssis" : "une toile vide"}.`}
      >
        {image ? (
          <img src={image} alt="" className="absolute inset-0 size-full object-contain" />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-8 text-center text-sm text-stone">
            <ImageIcon className="size-8" aria-hidden="true" />
            Ajoutez la photo du châssis pour voir la grille en place.
          </div>
        )}
        {boxes.map((box, index) => (
          <div
            key={index}
            className={cn(
              "absolute border-2 shadow-[0_0_0_1px_rgb(255_255_255/0.6)] transition-all duration-200",
              TONES[index % TONES.length],
            )}
            style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
          >
            <div
              className="grid size-full"
              style={{ gridTemplateColumns: `repeat(${box.cols}, 1fr)`, gridTemplateRows: `repeat(${box.rows}, 1fr)` }}
            >
              {Array.from({ length: box.rows * box.cols }, (_, i) => (
                <span key={i} className="border-[0.5px] border-white/70" />
              ))}
            </div>
            <span className="absolute top-1 left-1 rounded-full bg-ink/85 px-2 py-0.5 text-[0.65rem] font-medium whitespace-nowrap text-ivory">
              {box.label} · {box.rows} × {box.cols}
            </span>
          </div>
        ))}
      </div>
      <figcaption className="mx-auto max-w-[22rem] text-center text-xs text-stone">
        {typography(
          `Ce que « Créer ma machine » affichera au départ (toile de ${CANVAS.height} px de haut ; la position est le centre de la grille).`,
        )}
        {capped &&
          ` Le personnalisateur montre au plus ${LIMITS.maxGrid} rangées et ${LIMITS.maxGrid} produits par rangée.`}
      </figcaption>
    </figure>
  );
}
