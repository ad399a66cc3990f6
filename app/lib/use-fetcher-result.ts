import { useEffect, useEffectEvent, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/** Calls `onDone` once per answer of a fetcher, after the page's data was revalidated, so what the toast
 * announces is already what the lists show. The component must outlive the answer: a component that the
 * revalidated data removes (a deleted photo's card) never sees it, so such a fetcher lives in the list
 * around it. */
export function useFetcherResult<T>(fetcher: FetcherWithComponents<T>, onDone: (data: T) => void) {
  // An answer is told by its identity, not by a change of state: the router's updates are transitions,
  // and React may draw only the last of several ("submitting", "loading", "idle").
  const handled = useRef(fetcher.data);
  const callback = useEffectEvent(onDone);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
