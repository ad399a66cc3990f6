import { useEffect } from "react";
import { useLocation } from "react-router";
import { useSignedIn } from "~/lib/site-data";

/** Whether the browser asks not to be measured: Do Not Track or Global Privacy Control. */
function declinesStatistics(nav: Navigator & { globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/** Once the app has started, loads the collection script (a file of its own) for the pages shown by
 * in-app navigation, the goals and the Web Vitals; the document itself sent its page view. Nothing
 * loads or is sent for a signed-in person or a browser that declines to be measured. */
export function useStatistics(): void {
  const { pathname, search } = useLocation();
  const signedIn = useSignedIn();
  useEffect(() => {
    if (signedIn || declinesStatistics(navigator)) return;
    void import("./collect").then((collect) => collect.pageView());
  }, [pathname, search, signedIn]);
}
