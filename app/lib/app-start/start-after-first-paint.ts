// The page's only inline start-up program (see README.md here). It runs in the browser from the
// source text of this function, so it must use nothing from outside it: no imports, no helpers.

/**
 * Starts the app once the browser reports its first contentful paint (paint timing), after the next
 * frame where that is not supported, and after 3 s at the latest in case no paint is reported. Then the
 * module preloads go out together (no request waterfall), the whole stylesheet is added (the page
 * carries only its critical rules), and the app's module code runs once that stylesheet is in, so
 * nothing the app shows is ever unstyled.
 */
export function startAfterFirstPaint(hrefs: string[], code: string, nonce: string, stylesheet: string | null): void {
  let started = false;
  function run() {
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = code;
    document.body.appendChild(script);
  }
  function start() {
    if (started) return;
    started = true;
    for (const href of hrefs) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    if (!stylesheet) return run();
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = stylesheet;
    sheet.onload = sheet.onerror = run;
    document.head.appendChild(sheet);
  }
  setTimeout(start, 3000);
  if (!PerformanceObserver.supportedEntryTypes.includes("paint")) {
    requestAnimationFrame(() => setTimeout(start));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) {
      observer.disconnect();
      start();
    }
  }).observe({ type: "paint", buffered: true });
}

/** The program as the source text the shell carries. */
export const START_AFTER_FIRST_PAINT_SOURCE = `(${startAfterFirstPaint.toString()})`;
