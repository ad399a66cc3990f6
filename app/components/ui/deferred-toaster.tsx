import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/** The toast area loads once the page is interactive: first paint never waits for it. Toasts raised
 * before it arrives are shown as soon as it mounts. */
export function DeferredToaster() {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- renders once more after hydration, on purpose: the server and the first client render show nothing
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
