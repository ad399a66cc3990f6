import { expect, type Page } from "@playwright/test";
import { breakableFrenchSpaces, login, test } from "./support";

// French typography as a reader on a narrow phone sees it (docs/decisions/2026-12-02-french-typography.md):
// a phone number or a time never splits across two lines, no line starts with "!" or "?", and no line can
// break before ; : ! ? » or after «.

const PHONE = /\d{3}[\s\u00a0]\d{3}-\d{4}/g;
const TIME = /\d{1,2}[\s\u00a0]h[\s\u00a0]\d{2}/g;
const RESPONSE_TEXT = "Nous vous rappelons le jour même, avant 20 h 30. Promis !";

type Found = { text: string; lines: number };

/** Every visible match of `pattern` in the page's text, with the number of lines its box spans. */
function measure(page: Page, pattern: RegExp): Promise<Found[]> {
  return page.evaluate(
    ({ source, flags }) => {
      const found: Found[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? "").matchAll(new RegExp(source, flags))) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (rects.length === 0) continue; // not shown (a closed menu, a hidden field)
          found.push({ text: match[0], lines: new Set(rects.map((r) => Math.round(r.top))).size });
        }
      }
      return found;
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

/** The visible "!" and "?" that start a line, with the text before them. */
function marksStartingALine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/[!?]/g)) {
        if (match.index < 2) continue;
        // From the character before the space to the mark: one line, or the mark was sent to the next.
        const range = document.createRange();
        range.setStart(node, match.index - 2);
        range.setEnd(node, match.index + 1);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) starts.push(text.slice(Math.max(0, match.index - 30), match.index + 1));
      }
    }
    return starts;
  });
}

test(
  "on a 320 px phone, phone numbers and times stay on one line and no line starts with ! or ?",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    // The owner writes a time and an exclamation in a text of the contact page, as a draft they preview.
    await login(page);
    await page.goto("/edit-pages?page=contact");
    const field = page.locator('[name="responseText"]');
    await field.click();
    await field.fill("");
    await field.pressSequentially(RESPONSE_TEXT);
    await page.getByRole("button", { name: "Aperçu" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Brouillon enregistré" })).toBeVisible();

    try {
      for (const path of ["/?apercu=1", "/contact?apercu=1"]) {
        await page.goto(path);
        await expect(page.getByText("avant 20\u00a0h\u00a030", { exact: false }).first()).toBeAttached();

        const phones = await measure(page, PHONE);
        expect(phones.length, `${path}: the phone number is shown`).toBeGreaterThan(0);
        for (const phone of phones) {
          expect(phone.text, `${path}: a no-break space inside the phone number`).toBe("418\u00a0555-0142");
          expect(phone.lines, `${path}: "${phone.text}" on one line`).toBe(1);
        }
        const times = await measure(page, TIME);
        expect(times.length, `${path}: the time is shown`).toBeGreaterThan(0);
        for (const time of times) {
          expect(time.text, `${path}: no-break spaces inside the time`).toBe("20\u00a0h\u00a030");
          expect(time.lines, `${path}: "${time.text}" on one line`).toBe(1);
        }
        expect(await breakableFrenchSpaces(page), `${path}: a breakable space before ; : ! ? » or after «`).toEqual([]);
        expect(await marksStartingALine(page), `${path}: a line starting with ! or ?`).toEqual([]);
      }
    } finally {
      await page.goto("/edit-pages?page=contact");
      await page.getByRole("button", { name: "Abandonner le brouillon" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Brouillon abandonné" })).toBeVisible();
    }
  },
);

test(
  "visitors read the contact page's promise and the phone number set in French typography",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      const phones = await measure(page, PHONE);
      expect(phones.length, `${path}: the phone number is shown`).toBeGreaterThan(0);
      for (const phone of phones) expect(phone).toEqual({ text: "418\u00a0555-0142", lines: 1 });
      expect(await breakableFrenchSpaces(page), `${path}: a breakable space before ; : ! ? » or after «`).toEqual([]);
      expect(await marksStartingALine(page), `${path}: a line starting with ! or ?`).toEqual([]);
    }
  },
);
