import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/** Calls `onDone` once per finished fetcher submission, after the server answered and the page's data
 * was revalidated: what the toast announces is already what the lists show. */
export function useFetcherResult<T>(fetcher: FetcherWithComponents<T>, onDone: (data: T) => void) {
  const previous = useRef(fetcher.state);
  const callback = useRef(onDone);
  callback.current = onDone;
  useEffect(() => {
    const was = previous.current;
    previous.current = fetcher.state;
    if (was !== "idle" && fetcher.state === "idle" && fetcher.data !== undefined) callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
