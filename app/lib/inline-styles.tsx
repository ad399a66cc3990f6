import { createContext, useContext } from "react";

// The page's style rules travel inside the HTML: the first paint needs no extra round trip, which is
// most of a phone's wait on a slow network (the server picks the rules, see critical-css.server.ts; the
// whole stylesheet follows after the paint). The server provides the text; the browser reads back what
// it received, so hydration and later renders keep the same content.
const STYLE_ID = "styles-site";

export const InlineStylesContext = createContext<string | null>(null);

const received = typeof document === "undefined" ? "" : (document.getElementById(STYLE_ID)?.textContent ?? "");

export function InlineStyles() {
  const css = useContext(InlineStylesContext) ?? received;
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
