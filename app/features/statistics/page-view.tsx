// The page view, sent by the page itself: a few hundred bytes inline in the document, run as the
// browser reads it, so a visitor who leaves before the app starts is counted too. The same text on
// every page (cached pages allow it by its hash). The app's collection script (collect.ts) then
// counts the pages shown by in-app navigation, the goals and the Web Vitals.

/** Sends `{ t: "p", u: address, r: referrer }`, unless the browser declines to be measured (Do Not
 * Track, Global Privacy Control); again when the page comes back from the back-forward cache. */
const PAGE_VIEW_SCRIPT =
  '(function(n,l,d){function s(){n.sendBeacon("/api/statistiques",JSON.stringify({t:"p",u:l.pathname+l.search,r:d.referrer}))}' +
  'if(!n.sendBeacon||n.doNotTrack=="1"||n.globalPrivacyControl)return;s();' +
  'addEventListener("pageshow",function(e){e.persisted&&s()})})(navigator,location,document)';

/** Rendered in the document's head for visitors (never for a signed-in person). */
export function PageViewScript({ nonce }: { nonce: string }) {
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: PAGE_VIEW_SCRIPT }} />;
}
