// Client chunking. By default the bundler gives every module shared by a different set of routes its
// own file, so the home page asked for ~30 scripts of a few hundred bytes each, one round trip each on
// a phone. Here the framework, everything the root layout needs, and code shared only by public pages
// each become one file; staff-only and lazily loaded code keep the default splitting, so visitors
// never download the staff area.
import type { Rolldown } from "vite";
import { STAFF_ROUTE_FILES } from "../../../app/rules/staff-paths.ts";

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup["name"], (...args: never[]) => unknown>>[1];

// Two framework files, each evaluated in its own task when the app starts (app/lib/app-start): React,
// then the router.
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/](react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const ROOT = /[\\/]app[\\/]root\.tsx(\?|$)/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A staff route module (app/rules/staff-paths.ts), whatever the path separator. */
const STAFF_ROUTE = new RegExp(
  `[\\\\/]app[\\\\/](?:${STAFF_ROUTE_FILES.map((file) => escapeRegExp(file).replace("/", "[\\\\/]")).join("|")})(?:\\?|$)`,
);
const LAZY = "lazy";

/** The route entries that reach a module through static imports, plus LAZY when a dynamic import
 * (a chunk loaded on demand) is on the way. */
function reachedFrom(id: string, ctx: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry) found.add(info.id);
    if (info.dynamicImporters.length > 0) found.add(LAZY);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return found;
}

export function clientChunking(): Rolldown.CodeSplittingOptions {
  return {
    groups: [
      { name: "react", test: REACT, priority: 30 },
      { name: "router", test: ROUTER, priority: 30 },
      {
        name(id, ctx) {
          // Stylesheets stay with their importer: React Router links the CSS of route chunks only.
          if (/\.css(\?|$)/.test(id)) return null;
          const entries = [...reachedFrom(id, ctx)];
          if (entries.some((entry) => ROOT.test(entry))) return "shell";
          const publicOnly = !entries.includes(LAZY) && !entries.some((entry) => STAFF_ROUTE.test(entry));
          return publicOnly && entries.length >= 2 ? "public" : null;
        },
        priority: 20,
      },
    ],
  };
}
