import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { classNamesIn, createCriticalCss, firstClass, rulesFor } from "./critical-css.server";

const STYLESHEET = [
  "@layer theme, base, utilities;",
  "@font-face{font-family:Inter;src:url(/a.woff2)}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@layer base{h1,h2{font-family:serif}:root{--x:1}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".sm\\:p-4{@media (width>=40rem){padding:1rem}}",
  ".w-1\\/2{width:50%}",
  ".\\[--size\\:none\\]{--size:none}",
  ".group-hover\\:opacity-100{&:is(:where(.group):hover *){opacity:1}}",
  ".md\\:grid-cols-3{@media (width>=48rem){grid-template-columns:repeat(3,1fr)}}",
  ".\\32xl\\:p-8{padding:2rem}",
  "}",
].join("");

describe("critical stylesheet", () => {
  it("reads a selector's own class, unescaped", () => {
    expect(firstClass(".sm\\:p-4:hover")).toBe("sm:p-4");
    expect(firstClass(".w-1\\/2")).toBe("w-1/2");
    expect(firstClass(".\\[--size\\:none\\]")).toBe("[--size:none]");
    expect(firstClass(".group-hover\\:opacity-100:is(:where(.group):hover *)")).toBe("group-hover:opacity-100");
    expect(firstClass(".\\32xl\\:p-8")).toBe("2xl:p-8");
    expect(firstClass("h1")).toBeNull();
    expect(firstClass(":root")).toBeNull();
  });

  it("finds the class names written in a built script", () => {
    const names = classNamesIn('a.jsx("div",{className:"flex sm:p-4 w-1/2"}),b=`group ${c} [--size:none]`,d=\'grid\'');
    for (const name of ["flex", "sm:p-4", "w-1/2", "group", "[--size:none]", "grid"]) expect(names).toContain(name);
  });

  it("keeps the used utilities and everything that has no class, and drops the rest with their empty blocks", () => {
    const css = rulesFor(postcss.parse(STYLESHEET), new Set(["flex", "sm:p-4", "w-1/2", "[--size:none]", "group-hover:opacity-100"]));
    for (const kept of [".flex{", ".sm\\:p-4{", ".w-1\\/2{", ".\\[--size\\:none\\]{", ".group-hover\\:opacity-100{", "@font-face", "@keyframes spin", "h1,h2{", ":root{", "@layer theme, base, utilities;"]) {
      expect(css).toContain(kept);
    }
    for (const dropped of [".grid{", "md\\:grid-cols-3", "2xl"]) expect(css).not.toContain(dropped);
  });

  it("answers per set of script files, and with the whole stylesheet when a file cannot be read", () => {
    const reads: string[] = [];
    const scripts: Record<string, string> = { "/assets/a.js": '"flex"', "/assets/b.js": '"md:grid-cols-3"' };
    const critical = createCriticalCss(STYLESHEET, (file) => {
      reads.push(file);
      return scripts[file] ?? null;
    });
    const css = critical(["/assets/a.js", "/assets/b.js"]);
    expect(css).toContain(".flex{");
    expect(css).toContain("md\\:grid-cols-3");
    expect(css).not.toContain(".grid{");
    expect(critical(["/assets/b.js", "/assets/a.js"])).toBe(css);
    expect(reads).toHaveLength(2);
    expect(critical(["/assets/absent.js"])).toBe(STYLESHEET);
  });
});
