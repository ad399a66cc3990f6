// Live preview of the customiser's grid over the chassis photo, at the customiser's scale: a canvas of
// 800 × 900 logical pixels (900 px tall, spec section 9), each grid box centred on its position (% of the
// canvas) with its size in those pixels. The preview is that canvas scaled down to fit.
import { ImageIcon } from "lucide-react";
import { cn } from "~/lib/cn";

export const PREVIEW_CANVAS = { width: 800, height: 900 } as const;

export type PreviewGrid = { rows: number; cols: number; x: number; y: number; width: number; height: number };

/** Where a grid box sits, in percent of the canvas (left/top of its corner, width/height). */
export function gridBox(grid: PreviewGrid) {
  const width = (grid.width / PREVIEW_CANVAS.width) * 100;
  const height = (grid.height / PREVIEW_CANVAS.height) * 100;
  return { left: grid.x - width / 2, top: grid.y - height / 2, width, height };
}

const TONES = [
  "border-brass bg-brass/15",
  "border-sky-600 bg-sky-500/10",
  "border-emerald-600 bg-emerald-500/10",
  "border-rose-600 bg-rose-500/10",
];

export function GridPreview({ image, grids, labels }: { image: string | null; grids: PreviewGrid[]; labels: string[] }) {
  return (
    <figure className="space-y-2">
      <div
        className="relative mx-auto aspect-[8/9] w-full max-w-[26rem] overflow-hidden rounded-2xl border border-ink/10 bg-[repeating-conic-gradient(#ece5d8_0%_25%,#f8f5ef_0%_50%)] bg-[length:24px_24px]"
        role="img"
        aria-label={`Aperçu : ${grids
          .map(
            (g, i) =>
              `${labels[i]} de ${g.rows} rangées sur ${g.cols} produits, centrée à ${g.x} % et ${g.y} %, ${g.width} × ${g.height} px`,
          )
          .join(" ; ")}`}
      >
        {image ? (
          <img src={image} alt="" className="absolute inset-0 size-full object-contain" />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-8 text-center text-sm text-stone">
            <ImageIcon className="size-8" aria-hidden="true" />
            Ajoutez la photo du châssis pour voir la grille en place.
          </div>
        )}
        {grids.map((grid, index) => {
          const box = gridBox(grid);
          return (
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
                style={{ gridTemplateColumns: `repeat(${grid.cols}, 1fr)`, gridTemplateRows: `repeat(${grid.rows}, 1fr)` }}
              >
                {Array.from({ length: grid.rows * grid.cols }, (_, i) => (
                  <span key={i} className="border-[0.5px] border-white/70" />
                ))}
              </div>
              <span className="absolute top-1 left-1 rounded-full bg-ink/85 px-2 py-0.5 text-[0.65rem] font-medium whitespace-nowrap text-ivory">
                {labels[index]} · {grid.rows} rangées de {grid.cols}
              </span>
            </div>
          );
        })}
      </div>
      <figcaption className="text-center text-xs text-stone">
        À l'échelle du personnalisateur (toile de 900 px de haut). Position : centre de la grille.
      </figcaption>
    </figure>
  );
}
