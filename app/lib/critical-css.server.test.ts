import { describe, expect, it } from "vitest";
import { classesInMarkup, createCriticalCss, firstClass } from "./critical-css.server";

// Shaped like Tailwind's output: layer order statement, properties layer, font faces, utilities in
// media blocks, registered custom properties at the end.
const STYLESHEET = [
  "@layer theme, base, components, utilities;",
  "@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-rotate:initial}}}",
  "@font-face{font-family:Inter;src:url(/a.woff2)}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@layer base{h1,h2{font-family:serif}:root{--x:1}}",
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
  "}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-rotate{syntax:"*";inherits:false}',
].join("");

describe("critical stylesheet", () => {
  const critical = createCriticalCss(STYLESHEET);

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

  it("keeps the rules of the classes used, everything without a class, and the layer order", () => {
    const css = critical(new Set(["flex", "sm:p-4", "w-1/2", "[--size:none]", "group-hover:opacity-100"]));
    for (const kept of [
      ".flex{",
      ".sm\\:p-4{",
      ".w-1\\/2{",
      ".\\[--size\\:none\\]{",
      ".group-hover\\:opacity-100",
      "@font-face",
      "@keyframes spin",
      "h1,h2{",
      ":root{",
    ]) {
      expect(css).toContain(kept);
    }
    expect(css.startsWith("@layer theme, base, components, utilities;")).toBe(true);
    expect(css).toContain("@layer components;");
    expect(css).toContain("@media (width>=40rem){.sm\\:p-4{padding:1rem}}");
    for (const dropped of [".grid{", "md\\:grid-cols-3", "2xl", "@property", "--tw-shadow"])
      expect(css).not.toContain(dropped);
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
