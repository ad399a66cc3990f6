// Which styles a server-rendered page carries: its critical rules inline, and the whole stylesheet's
// URL for the browser to load once the page has painted (see critical-css.server.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EntryContext } from "react-router";
import { projectRoot } from "../../server/lib/paths";
import siteStyles from "../app.css?inline";
import siteStylesheetUrl from "../app.css?url";
import { createCriticalCss } from "./critical-css.server";

const clientDir = join(projectRoot, "build/client");

const criticalCss = createCriticalCss(siteStyles, (file) => {
  try {
    return readFileSync(join(clientDir, file), "utf8");
  } catch {
    return null;
  }
});

/** The script files the browser loads for this page: the entry and every matched route's modules. */
function scriptFiles({ manifest, staticHandlerContext }: EntryContext): string[] {
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    files.push(route.module, ...(route.imports ?? []));
    for (const split of [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule]) {
      if (split) files.push(split);
    }
  }
  return files;
}

export function pageStyles(context: EntryContext): { inline: string; stylesheetUrl: string } {
  return { inline: criticalCss(scriptFiles(context)), stylesheetUrl: siteStylesheetUrl };
}
