// Which way a carousel moves for a key or a swipe.

/** The smallest sideways swipe, in CSS pixels, that changes the slide. */
const MIN_SWIPE = 40;

/** +1 (next), -1 (previous) or 0 for a key pressed on the carousel. */
export function arrowKeyStep(key: string): 1 | -1 | 0 {
  if (key === "ArrowRight") return 1;
  if (key === "ArrowLeft") return -1;
  return 0;
}

/** +1 (next), -1 (previous) or 0 for a finger that moved by (dx, dy): a swipe to the left shows the next
 * slide; a mostly vertical move scrolls the page and changes nothing. */
export function swipeStep(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dx) > MIN_SWIPE && Math.abs(dx) > Math.abs(dy) * 1.2) return dx < 0 ? 1 : -1;
  return 0;
}
