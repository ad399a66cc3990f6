// Moving and resizing a section on the canvas, with a pointer (drag the move tab or the top-left
// handle) or the arrow keys. A drag paints by transform once per frame; React re-renders once, on release.
import { useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { flushSync } from "react-dom";
import { keyboardEdit } from "./keyboard-edit";
import {
  CANVAS,
  dragPosition,
  resizeFromTopLeft,
  type CustomiserAction,
  type Point,
  type Section,
  type Size,
} from "./state";
import { positionText, sizeText } from "./texts";

type DragKind = "move" | "resize";

type DragState = {
  kind: DragKind;
  pointerId: number;
  startX: number;
  startY: number;
  /** Screen px per logical px. */
  scale: number;
  start: { position: Point; size: Size };
  latest: { position: Point; size: Size } | null;
  frame: number;
};

export function useSectionDrag({
  section,
  number,
  canvasRef,
  dispatch,
  announce,
}: {
  section: Section;
  number: number;
  canvasRef: RefObject<HTMLDivElement | null>;
  dispatch: (action: CustomiserAction) => void;
  announce: (message: string) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLSpanElement>(null);
  const drag = useRef<DragState | null>(null);
  const [dragging, setDragging] = useState<DragKind | null>(null);

  function paint(next: { position: Point; size: Size }) {
    const d = drag.current;
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!d || !box || !canvas) return;
    const tx = ((next.position.x - d.start.position.x) / 100) * CANVAS.width * d.scale;
    const ty = ((next.position.y - d.start.position.y) / 100) * CANVAS.height * d.scale;
    box.style.transform = `translate3d(${tx}px, ${ty}px, 0)`;
    if (d.kind === "resize") {
      box.style.width = `${next.size.width * d.scale}px`;
      box.style.height = `${next.size.height * d.scale}px`;
    }
    if (readoutRef.current) {
      readoutRef.current.textContent = d.kind === "move" ? positionText(next.position) : sizeText(next.size);
    }
  }

  function onPointerDown(kind: DragKind, event: PointerEvent<HTMLElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const canvas = canvasRef.current;
    if (!canvas || drag.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true, focusVisible: false });
    drag.current = {
      kind,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      scale: canvas.getBoundingClientRect().width / CANVAS.width || 1,
      start: { position: section.position, size: section.size },
      latest: null,
      frame: 0,
    };
    if (readoutRef.current) {
      readoutRef.current.textContent = kind === "move" ? positionText(section.position) : sizeText(section.size);
    }
    setDragging(kind);
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    const dx = (event.clientX - d.startX) / d.scale;
    const dy = (event.clientY - d.startY) / d.scale;
    d.latest =
      d.kind === "move"
        ? { position: dragPosition(d.start.position, dx, dy), size: d.start.size }
        : resizeFromTopLeft(d.start, dx, dy);
    // One paint per frame, by transform (and size while resizing): React re-renders once, on release.
    if (!d.frame) {
      d.frame = requestAnimationFrame(() => {
        d.frame = 0;
        if (d.latest) paint(d.latest);
      });
    }
  }

  function endDrag(commit: boolean, event: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || event.pointerId !== d.pointerId) return;
    if (d.frame) cancelAnimationFrame(d.frame);
    drag.current = null;
    const next = d.latest;
    flushSync(() => {
      if (commit && next) {
        dispatch(
          d.kind === "move"
            ? { type: "move", id: section.id, position: next.position }
            : { type: "resize", id: section.id, size: next.size, position: next.position },
        );
      }
      setDragging(null);
    });
    const box = boxRef.current;
    if (box) {
      box.style.transform = "";
      box.style.width = "";
      box.style.height = "";
    }
    if (commit && next) {
      announce(
        d.kind === "move"
          ? `Section ${number} déplacée : ${positionText(next.position)}.`
          : `Section ${number} redimensionnée : ${sizeText(next.size)}.`,
      );
    }
  }

  function onKeyDown(mode: DragKind, event: KeyboardEvent<HTMLElement>) {
    // Escape during a pointer drag puts the section back where it was.
    if (event.key === "Escape" && drag.current) {
      event.preventDefault();
      const d = drag.current;
      d.latest = null;
      if (event.currentTarget.hasPointerCapture(d.pointerId)) event.currentTarget.releasePointerCapture(d.pointerId);
      return;
    }
    if (drag.current) return;
    const edit = keyboardEdit(section, number, mode, event.key, { shift: event.shiftKey, alt: event.altKey });
    if (!edit) return;
    event.preventDefault();
    dispatch(edit.action);
    announce(edit.message);
  }

  /** The event handlers of the move tab or the resize handle. */
  const handlersFor = (kind: DragKind) => ({
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(kind, event),
    onPointerDown: (event: PointerEvent<HTMLElement>) => onPointerDown(kind, event),
    onPointerMove,
    onPointerUp: (event: PointerEvent<HTMLElement>) => endDrag(true, event),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => endDrag(false, event),
    onLostPointerCapture: (event: PointerEvent<HTMLElement>) => endDrag(true, event),
  });

  return { boxRef, readoutRef, dragging, handlersFor };
}
