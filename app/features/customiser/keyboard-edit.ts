// What an arrow key does to a section: on its move tab it moves it (with Shift it resizes it from the
// bottom-right corner); on its resize handle it moves the top-left corner.
import { resizeFromBottomRight, resizeFromTopLeft, type CustomiserAction, type Section } from "./state";
import { positionText, sizeText } from "./texts";

/** Keyboard steps: arrows move by 1 % (5 % with Alt); with Shift they resize by 10 px (50 px with Alt). */
const MOVE_STEP = 1;
const RESIZE_STEP = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The change an arrow key makes to section `number` and what to announce; null for other keys. */
export function keyboardEdit(
  section: Section,
  number: number,
  mode: "move" | "resize",
  key: string,
  { shift, alt }: { shift: boolean; alt: boolean },
): { action: CustomiserAction; message: string } | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  if (mode === "resize" || shift) {
    const step = alt ? RESIZE_STEP * 5 : RESIZE_STEP;
    const [dx, dy] = [arrow[0] * step, arrow[1] * step];
    // On the move tab (Maj + arrows) the bottom-right corner follows the arrows: → wider, ↓ taller.
    // On the top-left handle the arrows move that corner: ← wider, ↑ taller.
    const next = mode === "resize" ? resizeFromTopLeft(section, dx, dy) : resizeFromBottomRight(section, dx, dy);
    return {
      action:
        mode === "resize"
          ? { type: "resizeBy", id: section.id, dWidth: -dx, dHeight: -dy }
          : { type: "resizeBy", id: section.id, dWidth: dx, dHeight: dy, anchor: "top-left" },
      message: `Section ${number} : ${sizeText(next.size)}.`,
    };
  }
  const step = alt ? MOVE_STEP * 5 : MOVE_STEP;
  const position = {
    x: Math.min(100, Math.max(0, section.position.x + arrow[0] * step)),
    y: Math.min(100, Math.max(0, section.position.y + arrow[1] * step)),
  };
  return {
    action: { type: "moveBy", id: section.id, dx: arrow[0] * step, dy: arrow[1] * step },
    message: `Section ${number} : ${positionText(position)}.`,
  };
}
