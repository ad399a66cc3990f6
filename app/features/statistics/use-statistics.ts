import { useEffect } from "react";
import { useLocation } from "react-router";
import { useSignedIn } from "~/lib/site-data";

/** Whether the browser asks not to be measured: Do Not Track or Global Privacy Control. */
export function declinesStatistics(nav: Navigator & { globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/** Counts each page shown, once the app has started: the collection script loads then, in a file of
 * its own, outside the page's HTML (cached pages stay the same for everyone). Nothing loads or is sent
 * for a signed-in person or a browser that declines to be measured. */
export function useStatistics(): void {
  const { pathname, search } = useLocation();
  const signedIn = useSignedIn();
  useEffect(() => {
    if (signedIn || declinesStatistics(navigator)) return;
    void import("./collect").then((collect) => collect.pageView());
  }, [pathname, search, signedIn]);
}
