/** The call to action's transition: black fade-out of 0.65 s, navigation after 650 ms, scroll to 80 px,
 * fade-in 0.6 s. */
const FADE_OUT_MS = 650;
export const REDIRECT_AFTER_MS = 650;
const FADE_IN_MS = 600;
export const SCROLL_TARGET_PX = 80;

/** A black veil over the whole window, outside React so it survives the page change. */
export function createVeil(reduced: boolean): { show(): void; hide(): Promise<void> } {
  const veil = document.createElement("div");
  veil.setAttribute("aria-hidden", "true");
  veil.dataset.testid = "page-transition";
  Object.assign(veil.style, {
    position: "fixed",
    inset: "0",
    zIndex: "200",
    background: "#000",
    opacity: "0",
    pointerEvents: "none",
    transition: reduced ? "none" : `opacity ${FADE_OUT_MS}ms ease-in-out`,
  });
  return {
    show() {
      document.body.append(veil);
      // Next frame, so the transition runs from 0.
      requestAnimationFrame(() => requestAnimationFrame(() => (veil.style.opacity = reduced ? "0" : "1")));
    },
    hide() {
      return new Promise((resolve) => {
        veil.style.transition = reduced ? "none" : `opacity ${FADE_IN_MS}ms ease-in-out`;
        veil.style.opacity = "0";
        window.setTimeout(
          () => {
            veil.remove();
            resolve();
          },
          reduced ? 0 : FADE_IN_MS,
        );
      });
    },
  };
}
