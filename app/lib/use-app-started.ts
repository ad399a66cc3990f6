import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while hydrating, true once the app runs: what only the app keeps up to date
 * (aria-expanded mirrored from a native popover, say) is written only then, so the page's HTML never
 * states something its native elements may have changed since. */
export function useAppStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
