// The page's style rules travel inside the HTML: the first paint needs no extra round trip, which is
// most of a phone's wait on a slow network. The server fills this element with the rules the rendered
// markup uses (server/pages/page-styles.ts); the browser reads back what it received, so hydration and later
// renders keep the same content.
const STYLE_ID = "styles-site";

const received = typeof document === "undefined" ? "" : (document.getElementById(STYLE_ID)?.textContent ?? "");

export function InlineStyles({ nonce }: { nonce: string }) {
  return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: received }} />;
}
