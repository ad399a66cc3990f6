// Which styles a server-rendered page carries: the rules its markup uses, inline (see
// critical-css.ts), and the whole stylesheet's URL for the browser to load once the page has
// painted (see scripts-last.ts).
import siteStyles from "../../app/app.css?inline";
import fontFaces from "../../app/fonts.css?inline";
import siteStylesheetUrl from "../../app/app.css?url";
import { createCriticalCss, markupNames, type MarkupNames } from "./critical-css";
import { isOn } from "./mechanisms";

const criticalCss = createCriticalCss(siteStyles);

// Pages of one kind use the same classes and elements (every list page, every product page): their rules
// are chosen and encoded once, not on every request.
const SHELL_CSS_CACHE_SIZE = 200;
const shellCssCache = new Map<string, Buffer>();

function shellCss(used: MarkupNames): Buffer {
  const key = `${[...used.classes].sort().join(" ")}<${[...used.elements].sort().join(" ")}`;
  let css = shellCssCache.get(key);
  if (!css) {
    css = Buffer.from(fontFaces + criticalCss(used));
    if (shellCssCache.size >= SHELL_CSS_CACHE_SIZE) shellCssCache.clear();
    shellCssCache.set(key, css);
  }
  return css;
}

/** The page without its critical rules: the font faces inline, the whole stylesheet linked before them. */
function linkWholeStylesheet(html: Buffer, at: number, placeholderEnd: number): Buffer {
  const link = Buffer.from(`<link rel="stylesheet" href="${siteStylesheetUrl}"/>`);
  const faces = Buffer.from(fontFaces);
  return Buffer.concat([
    html.subarray(0, at),
    link,
    html.subarray(at, at + placeholderEnd),
    faces,
    html.subarray(at + placeholderEnd),
  ]);
}

export type PageStyles = {
  stylesheetUrl: string;
  /** The shell with the rules of its markup in the style placeholder. */
  shell(html: Buffer): Buffer;
  /** Content streamed after the shell, preceded by the rules its new classes need, if any. */
  later(html: Buffer): Buffer;
};

/** The styles of one response (it remembers which classes and elements already have their rules). Its style
 * elements carry the response's CSP nonce. */
export function pageStyles(nonce: string): PageStyles {
  let sent: MarkupNames | null = null;
  // The empty element the root layout renders for them (see inline-styles.tsx).
  const placeholder = Buffer.from(`<style id="styles-site" nonce="${nonce}"></style>`);
  const placeholderEnd = placeholder.length - "</style>".length;
  return {
    stylesheetUrl: siteStylesheetUrl,
    shell(html) {
      const at = html.indexOf(placeholder);
      if (at === -1) return html;
      if (!isOn("critical-css")) return linkWholeStylesheet(html, at, placeholderEnd);
      sent = markupNames(html);
      const css = shellCss(sent);
      return Buffer.concat([html.subarray(0, at + placeholderEnd), css, html.subarray(at + placeholderEnd)]);
    },
    later(html) {
      if (!sent) return html;
      const all = markupNames(html, sent);
      if (all.classes.size === sent.classes.size && all.elements.size === sent.elements.size) return html;
      const css = criticalCss(all, sent);
      sent = all;
      return css ? Buffer.concat([Buffer.from(`<style nonce="${nonce}">${css}</style>`), html]) : html;
    },
  };
}
