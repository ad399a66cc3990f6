// Every visible control of a page can be reached: scrolled into view, the topmost element at its centre
// is the control itself (or inside it, or its own label). A floating button, a toast or a sticky bar
// over a link, a button or a field fails it.
import { expect, type Page } from "@playwright/test";

/** The widths a person uses, from a small phone to a large desktop. */
const WIDTHS = [320, 390, 768, 1280, 1440] as const;

export type Covered = { control: string; coveredBy: string };

/** The controls of the page covered by another element once scrolled into view. */
function coveredControls(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
      const id = el.id ? `#${el.id}` : "";
      const name = el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : "";
      return `${el.tagName.toLowerCase()}${id}${name} « ${text} »`;
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"]',
      ),
    ];
    const covered: { control: string; coveredBy: string }[] = [];
    for (const control of controls) {
      // Hidden from everyone (inert, aria-hidden): not a control one can see.
      if (control.closest("[inert], [aria-hidden=true]")) continue;
      // A disabled control takes no tap (its parent gets it): there is nothing to reach yet.
      if (control.matches(":disabled")) continue;
      // Not rendered: display none, visibility hidden, or inside a closed <details> (its content is
      // skipped, though it keeps a box where the next card is drawn).
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width < 4 || rect.height < 4) continue;
      control.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link wrapping over two lines has one box per line: the centre of its bounding box may fall
      // between them, on the paragraph. Each line's box is probed; one reached is enough to use it.
      const boxes = [...control.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
      let hit: Element | null = null;
      let reached = false;
      let shown = false;
      for (const box of boxes.length ? boxes : [control.getBoundingClientRect()]) {
        // The visible part of the box (one taller than the screen, or clipped by a scrolling strip).
        const left = Math.max(box.left, 0);
        const right = Math.min(box.right, window.innerWidth);
        const top = Math.max(box.top, 0);
        const bottom = Math.min(box.bottom, window.innerHeight);
        if (right - left < 1 || bottom - top < 1) continue;
        const found = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (!found) continue;
        shown = true;
        const labelled =
          "labels" in control && [...((control as HTMLInputElement).labels ?? [])].some((l) => l.contains(found));
        // Clipped away by a scrolling strip or an overflow-hidden card (a carousel's hidden slide): not
        // shown, so not covered.
        const clipped = found.contains(control) && found !== control && getComputedStyle(found).overflow !== "visible";
        if (found === control || control.contains(found) || labelled || clipped) {
          reached = true;
          break;
        }
        hit ??= found;
      }
      if (!shown || reached || !hit) continue;
      covered.push({ control: describe(control), coveredBy: describe(hit) });
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return covered;
  });
}

/** Walks one page at every width: no control covered. */
export async function expectEveryControlReachable(page: Page, path: string, ready?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    await page.goto(path);
    await ready?.(page);
    // Toasts come and go by themselves: the walk looks at the page once they have gone.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    expect(await coveredControls(page), `${path} at ${width} px`).toEqual([]);
  }
}
