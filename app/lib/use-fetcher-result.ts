import { useEffect, useEffectEvent, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/** Calls `onDone` once per finished fetcher submission. By default after the server answered and the
 * page's data was revalidated, so what the toast announces is already what the lists show. With
 * `stage: "answered"` it fires as soon as the server's answer arrives, for a component that the
 * revalidated data will remove (a deleted item's own card). */
export function useFetcherResult<T>(
  fetcher: FetcherWithComponents<T>,
  onDone: (data: T) => void,
  { stage = "revalidated" }: { stage?: "revalidated" | "answered" } = {},
) {
  const previousState = useRef(fetcher.state);
  const previousData = useRef(fetcher.data);
  const callback = useEffectEvent(onDone);
  useEffect(() => {
    const was = previousState.current;
    const hadData = previousData.current;
    previousState.current = fetcher.state;
    previousData.current = fetcher.data;
    if (fetcher.data === undefined) return;
    if (stage === "answered") {
      if (fetcher.data !== hadData && fetcher.state !== "submitting") callback(fetcher.data);
    } else if (was !== "idle" && fetcher.state === "idle") {
      callback(fetcher.data);
    }
  }, [fetcher.state, fetcher.data, stage]);
}
