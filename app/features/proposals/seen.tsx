// The client's page tells the server it is displayed, once it is visible: a POST to
// /proposition/{jeton}/vue sent by the page's own script as it is read (before the app starts), which
// a mail scanner fetching the link does not send. Never cached (a personal page), so a nonce allows it.

const SEEN_SCRIPT =
  '(function(d){function s(){if(d.visibilityState=="visible"){d.removeEventListener("visibilitychange",s);' +
  'navigator.sendBeacon(location.pathname.replace(/\\/$/,"")+"/vue")}}d.addEventListener("visibilitychange",s);s()})(document)';

export function ProposalSeen({ nonce }: { nonce: string }) {
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: SEEN_SCRIPT }} />;
}
