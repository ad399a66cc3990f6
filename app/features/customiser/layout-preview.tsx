// The customiser's canvas drawn read-only: the chassis photo with each section's grid over it and the
// product in each filled slot, at the same 600×900 logical size scaled to its column. For a layout
// that is shown, not edited (a client's proposal).
import type { CSSProperties } from "react";
import { Img } from "~/components/img";
import { resizedImageUrl } from "~/rules/images";
import { CANVAS, sectionRect, type GridConfig } from "./state";

export type PreviewProduct = { name: string; image: string };

export function LayoutPreview({
  machineName,
  chassis,
  sections,
  products,
}: {
  machineName: string;
  chassis: string;
  sections: GridConfig[];
  /** Keyed by 'sectionIndex:slot' (both from 0). */
  products: Record<string, PreviewProduct>;
}) {
  return (
    <div className="@container w-full">
      <div
        data-testid="layout-preview"
        className="relative mx-auto overflow-clip rounded-[var(--radius-card)] border border-ink/8 bg-gradient-to-b from-white via-ivory to-sand shadow-[var(--shadow-card)]"
        style={
          {
            "--u": `min(1px, calc(100cqw / ${CANVAS.width}))`,
            width: `calc(${CANVAS.width} * var(--u))`,
            height: `calc(${CANVAS.height} * var(--u))`,
          } as CSSProperties
        }
      >
        <Img
          src={chassis}
          alt={`La machine ${machineName} avec la disposition proposée`}
          width={600}
          height={900}
          sizes="(min-width: 768px) 600px, 100vw"
          maxWidth={600}
          priority
          className="absolute inset-0 size-full object-contain"
        />
        {sections.map((section, index) => {
          const rect = sectionRect(section);
          return (
            <div
              key={index}
              aria-hidden="true"
              className="absolute grid gap-[2px] rounded-xl border-2 border-brass/70 bg-ink/10 p-1"
              style={{
                left: `calc(${rect.left} * var(--u))`,
                top: `calc(${rect.top} * var(--u))`,
                width: `calc(${rect.width} * var(--u))`,
                height: `calc(${rect.height} * var(--u))`,
                gridTemplateColumns: `repeat(${section.cols}, minmax(0, 1fr))`,
                gridTemplateRows: `repeat(${section.rows}, minmax(0, 1fr))`,
              }}
            >
              {Array.from({ length: section.rows * section.cols }, (_, slot) => {
                const product = products[`${index}:${slot}`];
                return product ? (
                  <div
                    key={slot}
                    className="min-h-0 min-w-0 overflow-hidden rounded-md bg-white/95 p-0.5 ring-1 ring-ink/10"
                  >
                    {/* One small size for every slot (a slot is at most 60 px wide): 300 slots of srcset would
                        weigh more than the pictures on a phone. */}
                    <img
                      src={resizedImageUrl(product.image, 160) ?? product.image}
                      alt=""
                      width={160}
                      height={160}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-contain"
                    />
                  </div>
                ) : (
                  <div key={slot} className="rounded-md border border-dashed border-white/75 bg-white/20" />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
