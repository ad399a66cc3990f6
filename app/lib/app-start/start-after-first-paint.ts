// The page's only inline start-up program (see README.md here). It runs in the browser from the
// source text of this function, so it must use nothing from outside it: no imports, no helpers.

/**
 * Starts the app once the browser reports its first contentful paint (paint timing), after the next
 * frame where that is not supported, and after 3 s at the latest in case no paint is reported. Then the
 * module preloads go out together (no request waterfall); the whole stylesheet is added in a task of its
 * own (the page carries only its critical rules), and the modules are evaluated one file per task, the
 * first (the entry, which starts React) excepted, so that no task does it all at once: a task over
 * 50 ms on a phone delays a tap. The app's module code runs once both are done, so nothing the app
 * shows is ever unstyled.
 */
export function startAfterFirstPaint(
  hrefs: string[],
  code: string,
  nonce: string,
  stylesheet: string | null,
  // The page passes `(href) => import(href)` (see IMPORT_MODULE_SOURCE): written here, a bundler would
  // rewrite the import in this function's source text.
  importModule: (href: string) => Promise<unknown>,
): void {
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
    const styled = new Promise((resolve) => {
      if (!stylesheet) return resolve(null);
      setTimeout(() => {
        const sheet = document.createElement("link");
        sheet.rel = "stylesheet";
        sheet.href = stylesheet;
        sheet.onload = sheet.onerror = resolve;
        document.head.appendChild(sheet);
      });
    });
    void Promise.all([styled, evaluateInTurn()]).then(run);
  }
  async function evaluateInTurn() {
    for (const href of hrefs.slice(1)) {
      await new Promise((resolve) => setTimeout(resolve));
      // A module that fails here fails again, and is reported, when the app's code imports it.
      await importModule(href).catch(() => null);
    }
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

/** The module loader the shell passes to the program, as source text. */
export const IMPORT_MODULE_SOURCE = "(href) => import(href)";

/** The program as the source text the shell carries. */
export const START_AFTER_FIRST_PAINT_SOURCE = `(${startAfterFirstPaint.toString()})`;
