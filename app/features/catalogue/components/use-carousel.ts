// Which slide a carousel shows once the app runs, and how keys and swipes change it.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { wrapIndex } from "~/lib/wrap";
import { arrowKeyStep, swipeStep } from "../carousel-gestures";

export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  // The app takes over from the track at the slide the visitor scrolled (or went) to before it ran.
  useLayoutEffect(() => {
    const track = stage.current;
    if (track && track.scrollLeft > 0) setIndex(Math.round(track.scrollLeft / track.clientWidth));
    // Renders once more after hydration, on purpose: the slides stack, the hidden ones out of sight.
    setStarted(true);
  }, []);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const go = (step: number) => setIndex((current) => wrapIndex(current, step, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    const step = arrowKeyStep(event.key);
    if (step !== 0) {
      event.preventDefault();
      go(step);
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!start || !t || count < 2) return;
    const step = swipeStep(t.clientX - start.x, t.clientY - start.y);
    if (step !== 0) go(step);
  };

  return { index, setIndex, started, stage, go, onKeyDown, onTouchStart, onTouchEnd };
}
