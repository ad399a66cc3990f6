import { GripHorizontal, MoveDiagonal2, Plus, X } from "lucide-react";
import { memo, useRef, type CSSProperties, type RefObject } from "react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { CANVAS, sectionRect, slotKey, type ChosenProduct, type CustomiserAction, type Section } from "./state";
import { useSectionDrag } from "./use-section-drag";

const DRAG_HINT_ID = "customiser-drag-hint";

type CanvasProps = {
  machineName: string;
  chassis: string;
  sections: Section[];
  selections: Record<string, ChosenProduct>;
  dispatch: (action: CustomiserAction) => void;
  announce: (message: string) => void;
  onOpenSlot: (sectionId: string, slot: number) => void;
  onClearSlot: (sectionId: string, slot: number) => void;
};

/** The 600×900 logical canvas: the chassis photo with the sections laid over it. It scales down as a
 * whole (CSS only, so the server render already has the right size) to fit narrow screens. */
export function CustomiserCanvas({
  machineName,
  chassis,
  sections,
  selections,
  dispatch,
  announce,
  onOpenSlot,
  onClearSlot,
}: CanvasProps) {
  const canvasRef = useRef<HTMLDivElement>(null);
  return (
    <div className="@container/canvas w-full">
      <div
        ref={canvasRef}
        data-testid="customiser-canvas"
        className="customiser-canvas relative mx-auto overflow-clip rounded-[var(--radius-card)] border border-ink/8 bg-gradient-to-b from-white via-ivory to-sand shadow-[var(--shadow-card)] select-none"
        style={{ width: `calc(${CANVAS.width} * var(--u))`, height: `calc(${CANVAS.height} * var(--u))` }}
      >
        <Img
          src={chassis}
          alt={`Châssis de la machine ${machineName}`}
          width={600}
          height={900}
          sizes="(min-width: 768px) 600px, 100vw"
          maxWidth={600}
          priority
          draggable={false}
          className="pointer-events-none absolute inset-0 size-full object-contain"
        />
        {sections.map((section, index) => (
          <SectionBox
            key={section.id}
            section={section}
            index={index}
            selections={selections}
            canvasRef={canvasRef}
            dispatch={dispatch}
            announce={announce}
            onOpenSlot={onOpenSlot}
            onClearSlot={onClearSlot}
          />
        ))}
      </div>
      <p id={DRAG_HINT_ID} className="sr-only">
        Flèches&nbsp;: déplacer la section. Maj et flèches&nbsp;: la redimensionner. Alt&nbsp;: pas plus grand.
      </p>
    </div>
  );
}

type SectionBoxProps = {
  section: Section;
  index: number;
  selections: Record<string, ChosenProduct>;
  canvasRef: RefObject<HTMLDivElement | null>;
  dispatch: (action: CustomiserAction) => void;
  announce: (message: string) => void;
  onOpenSlot: (sectionId: string, slot: number) => void;
  onClearSlot: (sectionId: string, slot: number) => void;
};

const SectionBox = memo(function SectionBox({
  section,
  index,
  selections,
  canvasRef,
  dispatch,
  announce,
  onOpenSlot,
  onClearSlot,
}: SectionBoxProps) {
  const number = index + 1;
  const { boxRef, readoutRef, dragging, handlersFor } = useSectionDrag({
    section,
    number,
    canvasRef,
    dispatch,
    announce,
  });
  const rect = sectionRect(section);
  // Near the top edge the move tab sits under the box so that it stays on the canvas.
  const tabBelow = rect.top < 52;

  return (
    <div
      ref={boxRef}
      role="group"
      aria-label={`Section ${number} : ${section.rows} rangées × ${section.cols} colonnes`}
      data-testid={`section-${number}`}
      data-x={section.position.x}
      data-y={section.position.y}
      data-width={section.size.width}
      data-height={section.size.height}
      data-dragging={dragging ?? undefined}
      className={cn(
        "group/section absolute h-[calc(var(--sh)*var(--u))] w-[calc(var(--sw)*var(--u))] -translate-x-1/2 -translate-y-1/2 rounded-xl border-2 bg-ink/10 transition-[border-color,box-shadow] duration-200",
        dragging
          ? "z-20 border-brass shadow-[0_24px_48px_-16px_rgb(15_17_21/0.55)] will-change-transform"
          : "z-10 border-brass/70 shadow-[0_10px_30px_-12px_rgb(15_17_21/0.45)] focus-within:border-brass hover:border-brass",
      )}
      // React owns left/top and the size variables; a drag only writes transform (and width/height
      // while resizing) inline, and removes them on release.
      style={
        {
          left: `${section.position.x}%`,
          top: `${section.position.y}%`,
          "--sw": section.size.width,
          "--sh": section.size.height,
        } as CSSProperties
      }
    >
      {/* Move tab */}
      <button
        type="button"
        aria-label={`Déplacer la section ${number}`}
        aria-describedby={DRAG_HINT_ID}
        data-testid={`move-${number}`}
        className={cn(
          "absolute left-1/2 inline-flex h-9 -translate-x-1/2 touch-none items-center gap-1.5 rounded-full bg-ink px-3.5 text-sm font-semibold whitespace-nowrap text-ivory shadow-md print:hidden",
          dragging === "move" ? "cursor-grabbing" : "cursor-grab",
          tabBelow ? "top-full mt-2" : "bottom-full mb-2",
        )}
        {...handlersFor("move")}
      >
        <GripHorizontal className="size-4 text-brass-light" aria-hidden="true" />
        Section {number}
      </button>
      {/* Resize handle, top-left; its hit area is larger than it looks. */}
      <button
        type="button"
        aria-label={`Redimensionner la section ${number}`}
        aria-describedby={DRAG_HINT_ID}
        data-testid={`resize-${number}`}
        className="absolute -top-4 -left-4 z-10 inline-flex size-8 cursor-nwse-resize touch-none items-center justify-center rounded-full border-2 border-white bg-brass text-ink shadow-md after:absolute after:-inset-2 after:content-[''] print:hidden"
        {...handlersFor("resize")}
      >
        <MoveDiagonal2 className="size-4" aria-hidden="true" />
      </button>
      <span
        ref={readoutRef}
        aria-hidden="true"
        hidden={!dragging}
        className="absolute top-2 right-2 z-10 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-ivory tabular-nums"
      />
      <SlotGrid
        section={section}
        number={number}
        selections={selections}
        onOpenSlot={onOpenSlot}
        onClearSlot={onClearSlot}
      />
    </div>
  );
});

/** The section's slots, row by row. */
function SlotGrid({
  section,
  number,
  selections,
  onOpenSlot,
  onClearSlot,
}: {
  section: Section;
  number: number;
  selections: Record<string, ChosenProduct>;
  onOpenSlot: (sectionId: string, slot: number) => void;
  onClearSlot: (sectionId: string, slot: number) => void;
}) {
  const slots = section.rows * section.cols;
  return (
    <div
      className="absolute inset-0 grid gap-[3px] p-1.5"
      style={{
        gridTemplateColumns: `repeat(${section.cols}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${section.rows}, minmax(0, 1fr))`,
      }}
    >
      {Array.from({ length: slots }, (_, slot) => (
        <Slot
          key={slot}
          sectionNumber={number}
          slot={slot}
          cols={section.cols}
          product={selections[slotKey(section.id, slot)]}
          onOpen={() => onOpenSlot(section.id, slot)}
          onClear={() => onClearSlot(section.id, slot)}
        />
      ))}
    </div>
  );
}

function Slot({
  sectionNumber,
  slot,
  cols,
  product,
  onOpen,
  onClear,
}: {
  sectionNumber: number;
  slot: number;
  cols: number;
  product: ChosenProduct | undefined;
  onOpen: () => void;
  onClear: () => void;
}) {
  const row = Math.floor(slot / cols) + 1;
  const col = (slot % cols) + 1;
  const where = `Section ${sectionNumber}, emplacement ${slot + 1} (rangée ${row}, colonne ${col})`;
  return (
    <div className="@container/slot relative min-h-0 min-w-0" data-testid={`slot-${sectionNumber}-${slot + 1}`}>
      <button
        type="button"
        onClick={onOpen}
        aria-label={product ? `${where} : ${product.nom}. Changer le produit` : `${where} : vide. Choisir un produit`}
        className={cn(
          "flex size-full flex-col items-center justify-center overflow-hidden rounded-md p-0.5 transition-colors duration-150",
          product
            ? "bg-white/95 shadow-sm ring-1 ring-ink/10 hover:ring-brass"
            : "border border-dashed border-white/75 bg-white/20 text-white shadow-[0_0_0_1px_rgb(15_17_21/0.12)] hover:border-brass hover:bg-white/80 hover:text-brass-ink",
        )}
      >
        {product ? (
          <>
            <Img
              src={product.image}
              alt=""
              width={160}
              height={160}
              sizes="80px"
              maxWidth={160}
              draggable={false}
              className="min-h-0 w-full flex-1 object-contain"
            />
            {/* The name stays readable on a phone: two short lines under the picture from 30 px up. */}
            <span className="hidden w-full px-px text-center text-[7.5px] leading-[1.1] font-semibold break-words hyphens-auto text-ink line-clamp-2 @min-[30px]/slot:block @min-[44px]/slot:text-[9px] @min-[72px]/slot:text-[10.5px]">
              {product.nom}
            </span>
          </>
        ) : (
          <Plus
            className="size-[45%] max-h-5 max-w-5 drop-shadow-[0_1px_1px_rgb(15_17_21/0.5)] print:hidden"
            aria-hidden="true"
          />
        )}
      </button>
      {product && (
        <button
          type="button"
          onClick={onClear}
          aria-label={`Retirer ${product.nom} (section ${sectionNumber}, emplacement ${slot + 1})`}
          data-testid="clear-slot"
          // A small corner badge, outside the picture: it never hides the product (its tap area is larger).
          className="absolute -top-1.5 -right-1.5 z-[1] inline-flex size-3.5 items-center justify-center rounded-full bg-ink/85 text-ivory shadow ring-1 ring-white after:absolute after:-inset-1.5 after:content-[''] hover:bg-danger print:hidden @min-[56px]/slot:size-4"
        >
          <X className="size-2 @min-[56px]/slot:size-2.5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
