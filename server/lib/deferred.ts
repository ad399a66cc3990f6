// Data a page shows behind a placeholder (<Suspense> + <Await>): the gallery's photos.

/** How long a page request waits for such data before the page is sent with its placeholders. */
const DEFERRED_DATA_WAIT_MS = 50;

/**
 * For a page request, the data itself when it is ready within DEFERRED_DATA_WAIT_MS: the HTML then holds
 * it in place and reads whole without JavaScript (crawlers, a script that fails), with no placeholder
 * swapped after the first paint. Otherwise, and for the data requests of client navigations, the
 * promise: the page comes at once and the data streams in behind its placeholders. (Wrapped in an
 * object: an async function cannot resolve to a promise.)
 */
export async function readyOrDeferred<T>(
  request: Request,
  data: Promise<T>,
  waitMs = DEFERRED_DATA_WAIT_MS,
): Promise<{ data: T | Promise<T> }> {
  // Browsers mark fetch() requests 'empty'; page loads are 'document' (and crawlers send nothing).
  if (request.headers.get("sec-fetch-dest") === "empty") return { data };
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    data.then(
      (value) => ({ value }),
      () => null,
    ),
    new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null))),
  ]);
  clearTimeout(timer);
  return { data: ready ? ready.value : data };
}
