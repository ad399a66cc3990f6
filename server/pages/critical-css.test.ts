import { describe, expect, it } from "vitest";
import { classesInMarkup, createCriticalCss, elementsInMarkup, firstClass, leadingElements } from "./critical-css";

// Shaped like Tailwind's output: layer order statement, theme values, properties layer, font faces,
// keyframes, utilities in media blocks, registered custom properties at the end.
const STYLESHEET = [
  "@layer theme, base, components, utilities;",
  "@layer theme{:root,:host{--font-sans:Inter;--default-font-family:var(--font-sans);--color-ink:#111;--color-sky:#0af;--animate-spin:spin 1s linear infinite}}",
  "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-rotate:initial}}}",
  "@font-face{font-family:Inter;src:url(/a.woff2)}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@keyframes fade-in{from{opacity:0}}",
  "@layer base{html{font-family:var(--default-font-family)}h1,h2{font-family:serif}table{border-collapse:collapse}::placeholder{opacity:1}:root{--x:1}}",
  "@layer components;",
  "@layer utilities{",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".shadow{--tw-shadow:0 1px 2px black;box-shadow:var(--tw-shadow)}",
  ".w-1\\/2{width:50%}",
  ".\\[--size\\:none\\]{--size:none}",
  ".group-hover\\:opacity-100:is(:where(.group):hover *){opacity:1}",
  "@media (width>=40rem){.sm\\:p-4{padding:1rem}.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}}",
  ".\\32xl\\:p-8{padding:2rem}",
  ".text-ink{color:var(--color-ink)}",
  ".animate-spin{animation:var(--animate-spin)}",
  ".animate-\\[fade-in_1s\\]{animation:fade-in 1s}",
  "}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-rotate{syntax:"*";inherits:false}',
].join("");

describe("critical stylesheet", () => {
  const css = createCriticalCss(STYLESHEET);
  /** Markup with these classes, in a page with these elements. */
  const markup = (classes: string[], elements = ["html", "body", "h1", "h2", "div"]) => ({
    classes: new Set(classes),
    elements: new Set(elements),
  });
  const critical = (classes: Set<string>, alreadySent?: Set<string>) =>
    css(markup([...classes]), alreadySent && markup([...alreadySent]));

  it("reads a selector's own class, unescaped", () => {
    expect(firstClass(".sm\\:p-4:hover")).toBe("sm:p-4");
    expect(firstClass(".w-1\\/2")).toBe("w-1/2");
    expect(firstClass(".\\[--size\\:none\\]")).toBe("[--size:none]");
    expect(firstClass(".group-hover\\:opacity-100:is(:where(.group):hover *)")).toBe("group-hover:opacity-100");
    expect(firstClass(".\\32xl\\:p-8")).toBe("2xl:p-8");
    expect(firstClass("h1")).toBeNull();
    expect(firstClass(":root")).toBeNull();
  });

  it("reads the classes of rendered markup, entities decoded", () => {
    const classes = classesInMarkup(
      '<div class="flex sm:p-4"><p class="[&amp;&gt;p]:mt-2  w-1/2" data-class="grid">x</p></div>',
    );
    expect([...classes].sort()).toEqual(["[&>p]:mt-2", "flex", "sm:p-4", "w-1/2"]);
  });

  it("reads the elements of rendered markup, and the elements a selector without a class styles", () => {
    expect([
      ...elementsInMarkup('<main><table class="x"><tr><td>1 < 2</td></tr></table><my-el></my-el></main>'),
    ]).toEqual(["main", "table", "tr", "td", "my-el"]);
    expect(leadingElements("abbr:where([title])")).toEqual(["abbr"]);
    expect(leadingElements("input:where([type=button],[type=reset])")).toEqual(["input"]);
    expect(leadingElements("::placeholder")).toEqual(["input", "textarea"]);
    expect(leadingElements("::-webkit-date-and-time-value")).toEqual(["input", "textarea"]);
    for (const always of ["*", "html", ":host", "::selection", ":focus-visible", "[hidden]:where(:not([hidden]))"])
      expect(leadingElements(always)).toBeNull();
  });

  it("keeps the rules of the classes used, everything without a class, and the layer order", () => {
    const css = critical(new Set(["flex", "sm:p-4", "w-1/2", "[--size:none]", "group-hover:opacity-100"]));
    for (const kept of [
      ".flex{",
      ".sm\\:p-4{",
      ".w-1\\/2{",
      ".\\[--size\\:none\\]{",
      ".group-hover\\:opacity-100",
      "@font-face",
      "h1,h2{",
      ":root{",
    ]) {
      expect(css).toContain(kept);
    }
    expect(css.startsWith("@layer theme, base, components, utilities;")).toBe(true);
    expect(css).toContain("@layer components;");
    expect(css).toContain("@media (width>=40rem){.sm\\:p-4{padding:1rem}}");
    for (const dropped of [".grid{", "md\\:grid-cols-3", "2xl", "@property", "--tw-shadow", "@keyframes"])
      expect(css).not.toContain(dropped);
  });

  it("keeps the element rules of the elements the page has", () => {
    const page = css(markup(["flex"], ["html", "body", "h1", "p"]));
    expect(page).toContain("h1{font-family:serif}");
    expect(page).toContain(":root{--x:1}");
    for (const dropped of ["h2", "table{", "::placeholder"]) expect(page).not.toContain(dropped);
    const form = css(markup([], ["html", "body", "form", "textarea"]));
    expect(form).toContain("::placeholder{opacity:1}");
    // Streamed later, a new element brings its rule, and nothing already sent comes again.
    expect(css(markup(["flex"], ["html", "body", "table"]), markup(["flex"], ["html", "body"]))).toBe(
      "@layer base{table{border-collapse:collapse}}",
    );
  });

  it("keeps only the theme values that kept rules use, and the values those name", () => {
    expect(critical(new Set(["flex"]))).toContain(
      "@layer theme{:root,:host{--font-sans:Inter;--default-font-family:var(--font-sans)}}",
    );
    const css = critical(new Set(["text-ink"]));
    expect(css).toContain("--color-ink:#111");
    expect(css).not.toContain("--color-sky");
    expect(css).not.toContain("--animate-spin");
  });

  it("keeps an animation's keyframes only when a kept rule or theme value names it", () => {
    const spinning = critical(new Set(["animate-spin"]));
    expect(spinning).toContain("--animate-spin:spin 1s linear infinite");
    expect(spinning).toContain("@keyframes spin{");
    expect(spinning).not.toContain("@keyframes fade-in");
    const fading = critical(new Set(["animate-[fade-in_1s]"]));
    expect(fading).toContain("@keyframes fade-in{");
    expect(fading).not.toContain("@keyframes spin");
    // Streamed later, the new rule brings its animation along.
    expect(critical(new Set(["flex", "animate-spin"]), new Set(["flex"]))).toContain("@keyframes spin{");
  });

  it("gives a custom property's initial value to every element, only with a rule that uses it", () => {
    const css = critical(new Set(["shadow"]));
    // Unconditionally (Tailwind gives it only to browsers without @property), and nothing registered.
    expect(css).toContain("@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}");
    expect(css).not.toContain("@property");
    expect(css).not.toContain("@supports (-moz-orient");
    expect(css).not.toContain("--tw-rotate");
  });

  it("gives, for content streamed later, only the rules its new classes add", () => {
    const css = critical(new Set(["flex", "grid", "md:grid-cols-3"]), new Set(["flex"]));
    expect(css).toBe(
      "@layer utilities{.grid{display:grid}@media (width>=40rem){.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}}}",
    );
    expect(critical(new Set(["flex"]), new Set(["flex"]))).toBe("");
  });
});
