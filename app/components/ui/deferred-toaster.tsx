import { lazy, Suspense, useEffect, useState } from "react";
import { useRootData } from "~/lib/site-data";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

const FIRST_INTERACTION = ["pointerdown", "keydown", "focusin", "click"] as const;

/** The toast area and its library (about 9 KB) load only once a toast can come: at once for a signed-in
 * member of staff or a page with a one-time message (flash), otherwise at the visitor's first tap, key
 * press or focus (every toast of a public page answers an action). A reader who only reads never
 * downloads it. Toasts raised before it arrives are shown as soon as it mounts (the library keeps them). */
export function DeferredToaster() {
  const data = useRootData();
  const needed = Boolean(data?.user || data?.flash);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (needed) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- renders once more after hydration, on purpose: the server and the first client render show nothing
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want, { capture: true });
    };
  }, [needed]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
