// The styles a page needs for its first paint. The site's stylesheet travels inside the HTML (no extra
// round trip before the first paint), but whole it is ~110 KB for every page, staff screens included.
// Each page inlines only the rules whose class is written in the scripts of its routes: every class the
// page can render is there, content streamed later included. The whole stylesheet then loads, cached,
// once the page has painted, for what the app shows afterwards (dialogs, other pages).
import postcss, { type AtRule, type Root } from "postcss";

/** Every word of a script that could be a class name: its strings split on spaces and quotes. */
export function classNamesIn(script: string): Set<string> {
  return new Set(script.split(/[\s"'`\\]+/));
}

const FIRST_CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F\n]|[\w-]|[^\x00-\x7F])+)/;

/** The first class of a selector, unescaped ('.sm\:p-4:hover' → 'sm:p-4'), or null when it has none.
 * Every utility's own class comes first in its selectors. */
export function firstClass(selector: string): string | null {
  const match = FIRST_CLASS.exec(selector);
  if (!match) return null;
  return match[1]!
    .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

/** The stylesheet without the rules none of whose selectors' classes is in `classes`. Rules without a
 * class (elements, :root, keyframes, font faces) always stay. */
export function rulesFor(stylesheet: Root, classes: Set<string>): string {
  const copy = stylesheet.clone();
  copy.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && (rule.parent as AtRule).name.endsWith("keyframes")) return;
    const used = rule.selectors.some((selector) => {
      const name = firstClass(selector);
      return name === null || classes.has(name);
    });
    if (!used) rule.remove();
  });
  // Media, supports and layer blocks left empty go too (innermost first, so repeat until none).
  let emptied = true;
  while (emptied) {
    emptied = false;
    copy.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return copy.toString();
}

/**
 * The critical stylesheet of a page from the script files it loads (build paths such as
 * '/assets/home-x.js'). Results are kept per set of files: a site has a few dozen such sets. When a
 * file cannot be read (development server), the whole stylesheet is the answer.
 */
export function createCriticalCss(stylesheet: string, readScript: (file: string) => string | null) {
  const parsed = postcss.parse(stylesheet);
  const known = new Map<string, string>();
  return function criticalCss(files: readonly string[]): string {
    const key = [...files].sort().join(" ");
    let css = known.get(key);
    if (css === undefined) {
      const classes = new Set<string>();
      for (const file of files) {
        const script = readScript(file);
        if (script === null) return stylesheet;
        for (const name of classNamesIn(script)) classes.add(name);
      }
      css = rulesFor(parsed, classes);
      known.set(key, css);
    }
    return css;
  };
}
