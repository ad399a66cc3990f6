// The styles a page needs for its first paint. The site's stylesheet travels inside the HTML (no extra
// round trip before the first paint), but whole it is ~110 KB for every page, staff screens included.
// Each page carries only the rules of the classes its markup uses: the server reads them from the
// rendered HTML, and adds the rules of content streamed later just before that content. The whole
// stylesheet then loads, cached, once the page has painted, for what the app shows afterwards.
//
// The stylesheet is read once into a flat list of rules with their at-rule wrappers, so choosing the
// rules of a page is a pass over that list (a fraction of a millisecond), not a CSS parse.
import postcss, { type Container } from "postcss";

const FIRST_CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F\n]|[\w-]|[\u0080-\uFFFF])+)/;
const VARIABLE_USE = /var\(\s*(--[\w-]+)/g;

/** The first class of a selector, unescaped ('.sm\:p-4:hover' → 'sm:p-4'), or null when it has none.
 * Every utility's own class comes first in its selectors. */
export function firstClass(selector: string): string | null {
  const match = FIRST_CLASS.exec(selector);
  if (!match) return null;
  return match[1]!
    .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const CLASS_ATTRIBUTE = Buffer.from(' class="');
const QUOTE = 0x22;
// Class attribute values recur across pages and within them (list rows): each is split once.
const splitValues = new Map<string, string[]>();

function classesOf(value: string): string[] {
  let names = splitValues.get(value);
  if (!names) {
    const text = value.includes("&")
      ? value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!)
      : value;
    names = text.split(" ").filter(Boolean);
    if (splitValues.size > 5000) splitValues.clear();
    splitValues.set(value, names);
  }
  return names;
}

/** Every class written in class attributes of some HTML (as React writes them: double quotes). */
export function classesInMarkup(html: Buffer | string, into = new Set<string>()): Set<string> {
  const bytes = typeof html === "string" ? Buffer.from(html) : html;
  const values = new Set<string>();
  for (let at = bytes.indexOf(CLASS_ATTRIBUTE); at !== -1; at = bytes.indexOf(CLASS_ATTRIBUTE, at)) {
    const start = at + CLASS_ATTRIBUTE.length;
    const end = bytes.indexOf(QUOTE, start);
    if (end === -1) break;
    values.add(bytes.toString("utf8", start, end));
    at = end;
  }
  for (const value of values) for (const name of classesOf(value)) into.add(name);
  return into;
}

const ELEMENT_NAME = /<([a-z][a-z0-9-]*)/g;

/** Every element name in some HTML ('<table class=…>' → 'table'). */
export function elementsInMarkup(html: Buffer | string, into = new Set<string>()): Set<string> {
  const text = typeof html === "string" ? html : html.toString("latin1");
  for (const match of text.matchAll(ELEMENT_NAME)) into.add(match[1]!);
  return into;
}

const LEADING_ELEMENT = /^([a-z][a-z0-9-]*)(?![\w-])/;
// Pseudo-elements of form fields, styled by the base rules of Tailwind's preflight.
const FIELD_PSEUDO_ELEMENT = /^::(?:file-selector-button|placeholder|-webkit-)/;

/** The elements a selector without a class styles, when it starts with one ('abbr:where([title])' →
 * abbr; form fields' pseudo-elements → input, textarea): kept only on a page that has one of them. null:
 * any page ('*', ':focus-visible', 'html'). */
export function leadingElements(selector: string): string[] | null {
  const name = LEADING_ELEMENT.exec(selector)?.[1];
  if (name) return name === "html" ? null : [name];
  return FIELD_PSEUDO_ELEMENT.test(selector) ? ["input", "textarea"] : null;
}

/** What some markup uses: its classes and its elements. */
export type MarkupNames = { classes: ReadonlySet<string>; elements: ReadonlySet<string> };

/** The classes and elements of some HTML, added to those of `before` (left unchanged). */
export function markupNames(html: Buffer, before?: MarkupNames): MarkupNames {
  return {
    classes: classesInMarkup(html, new Set(before?.classes)),
    elements: elementsInMarkup(html, new Set(before?.elements)),
  };
}

type Piece =
  /** Rules selected by their selectors' first class; a selector without a class by the element it
   * starts with, if any, else always kept. */
  | {
      kind: "rule";
      wrappers: string[];
      selectors: { text: string; className: string | null; elements: string[] | null }[];
      body: string;
      variables: string[];
    }
  /** Anything else that always applies: font faces, layer order statements. */
  | { kind: "always"; wrappers: string[]; text: string }
  /** An animation's steps, needed only by a rule or a custom property that names it. */
  | { kind: "keyframes"; wrappers: string[]; name: string; text: string }
  /** Custom properties, each needed only where a rule (or another kept property) uses it: Tailwind's
   * theme values, and the initial values of its properties layer. */
  | {
      kind: "variables";
      wrappers: string[];
      selector: string;
      declarations: { name: string; text: string; variables: string[] }[];
    };

/** The layers whose rules only declare custom properties, kept one by one as they are used. */
const VARIABLE_LAYERS = new Set(["@layer theme", "@layer properties"]);
const variablesIn = (css: string) => [...new Set([...css.matchAll(VARIABLE_USE)].map((m) => m[1]!))];

function piecesOf(container: Container, wrappers: string[], pieces: Piece[]): Piece[] {
  for (const node of container.nodes ?? []) {
    if (node.type === "rule") {
      const rule = node;
      const body = (rule.nodes ?? []).map((child) => child.toString()).join(";");
      const onlyVariables =
        VARIABLE_LAYERS.has(wrappers[0] ?? "") &&
        rule.nodes.every((child) => child.type === "decl" && child.prop.startsWith("--"));
      if (onlyVariables) {
        const declarations = rule.nodes.map((child) => ({
          name: (child as { prop: string }).prop,
          text: child.toString(),
          variables: variablesIn(child.toString()),
        }));
        // Tailwind gives initial values only to browsers without @property (an @supports block), and
        // registers the properties with the same values for the others. The first paint needs no
        // registration (it animates nothing): every browser gets the values on every element, the same
        // computed values in 0.4 KB less per page. The stylesheet loaded after the first paint registers
        // them, and brings every theme value back.
        pieces.push({ kind: "variables", wrappers: wrappers.slice(0, 1), selector: rule.selector, declarations });
      } else {
        const selectors = rule.selectors.map((text) => {
          const className = firstClass(text);
          return { text, className, elements: className === null ? leadingElements(text) : null };
        });
        pieces.push({ kind: "rule", wrappers, selectors, body, variables: variablesIn(body) });
      }
    } else if (node.type === "atrule") {
      const atRule = node;
      // Registrations stay out of the first paint's styles: see the properties layer above.
      if (atRule.name === "property") continue;
      // A statement (`@layer a, b;`): postcss leaves its semicolon to the parent.
      if (!atRule.nodes) pieces.push({ kind: "always", wrappers, text: `${atRule.toString()};` });
      else if (atRule.name.endsWith("keyframes"))
        pieces.push({ kind: "keyframes", wrappers, name: atRule.params, text: atRule.toString() });
      else if (atRule.name === "font-face") pieces.push({ kind: "always", wrappers, text: atRule.toString() });
      else piecesOf(atRule, [...wrappers, `@${atRule.name}${atRule.params ? ` ${atRule.params}` : ""}`], pieces);
    }
  }
  return pieces;
}

/** Writes pieces of CSS in their at-rule wrappers, opening and closing blocks only where they change. */
function assemble(parts: { wrappers: string[]; text: string }[]): string {
  let css = "";
  let open: string[] = [];
  for (const { wrappers, text } of parts) {
    let same = 0;
    while (same < open.length && same < wrappers.length && open[same] === wrappers[same]) same++;
    css += "}".repeat(open.length - same);
    for (const wrapper of wrappers.slice(same)) css += `${wrapper}{`;
    open = wrappers;
    css += text;
  }
  return css + "}".repeat(open.length);
}

export type CriticalCss = (used: MarkupNames, alreadySent?: MarkupNames) => string;

/**
 * The rules of a stylesheet that markup using `used` needs. With `alreadySent` (the names of markup
 * already styled), only the rules the new names add: none of what always applies again.
 */
export function createCriticalCss(stylesheet: string): CriticalCss {
  const pieces = piecesOf(postcss.parse(stylesheet), [], []);
  // What each custom property's value uses (a theme value may name another: --default-font-family).
  const variablesOfVariable = new Map<string, string[]>();
  for (const piece of pieces)
    if (piece.kind === "variables")
      for (const { name, variables } of piece.declarations) variablesOfVariable.set(name, variables);

  return (used, alreadySent) => {
    const chosen: ({ wrappers: string[]; text: string } | null)[] = [];
    const variables = new Set<string>();
    const usedText: string[] = [];
    for (const piece of pieces) {
      let text: string | null = null;
      if (piece.kind === "rule") {
        const kept = piece.selectors.filter(({ className, elements }) => {
          if (className !== null) return used.classes.has(className) && !alreadySent?.classes.has(className);
          if (elements === null) return !alreadySent;
          return elements.some((name) => used.elements.has(name) && !alreadySent?.elements.has(name));
        });
        if (kept.length > 0) {
          text = `${kept.map((s) => s.text).join(",")}{${piece.body}}`;
          for (const name of piece.variables) variables.add(name);
          usedText.push(piece.body);
        }
      } else if (piece.kind === "always" && !alreadySent) {
        text = piece.text;
      }
      chosen.push(text === null ? null : { wrappers: piece.wrappers, text });
    }
    // A Set's iteration visits what is added during it: this follows every chain of properties.
    for (const name of variables) for (const used of variablesOfVariable.get(name) ?? []) variables.add(used);
    pieces.forEach((piece, index) => {
      if (piece.kind !== "variables") return;
      const used = piece.declarations.filter((d) => variables.has(d.name));
      for (const d of used) usedText.push(d.text);
      if (used.length > 0)
        chosen[index] = { wrappers: piece.wrappers, text: `${piece.selector}{${used.map((d) => d.text).join(";")}}` };
    });
    // Animations named by what is kept (for content streamed later, again: a few bytes at most).
    const words = new Set(usedText.join(" ").split(/[\s,;:()]+/));
    pieces.forEach((piece, index) => {
      if (piece.kind === "keyframes" && words.has(piece.name))
        chosen[index] = { wrappers: piece.wrappers, text: piece.text };
    });
    return assemble(chosen.filter((part) => part !== null));
  };
}
