// Before any page: the staff's permanent redirects, kept in memory and read again when the content
// version moves on (the table's trigger moves it); and, once a page has answered 404, its address noted
// for the staff's list of missed addresses, in memory first and written every few seconds, so the 404
// waits for nothing and the page cache is never touched.
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { isPersonalPath } from "../../rules/personal-pages";
import { isSameSitePath, redirectKey } from "./rules";
import type { Services } from "../../../server/context";
import { listRedirectTargets, recordMissedPath, trimMissedPaths } from "./store.server";

/** The missed addresses kept, the least recently seen dropped first. */
const MISSED_PATHS_KEPT = 1000;
const FLUSH_EVERY_MS = 5000;
const MAX_PENDING = 500;

export function redirectMiddleware({ db, contentVersion, log }: Services) {
  let loaded: { version: number; map: Map<string, string> } | null = null;
  let loading: Promise<Map<string, string>> | null = null;

  async function current(): Promise<Map<string, string>> {
    const version = await contentVersion.current();
    if (loaded?.version === version) return loaded.map;
    loading ??= (async () => {
      try {
        const rows = await listRedirectTargets(db);
        const map = new Map(rows.map((row) => [row.from, row.to]));
        loaded = { version, map };
        return map;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  const pending = new Map<string, { path: string; bot: boolean; hits: number }>();
  let flushing = false;
  async function flush() {
    if (flushing || pending.size === 0) return;
    flushing = true;
    const batch = [...pending.values()];
    pending.clear();
    try {
      for (const entry of batch) await recordMissedPath(db, entry);
      await trimMissedPaths(db, MISSED_PATHS_KEPT);
    } catch (error) {
      log.warn({ err: error }, "Missed addresses: could not be written");
    } finally {
      flushing = false;
    }
  }
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();

  function noteMissed(req: Request) {
    // A mistyped secret link is still mostly its secret, and no redirect can stand for it.
    if (isPersonalPath(req.path)) return;
    const path = req.path.slice(0, 300);
    const bot = isbot(req.get("user-agent") ?? "");
    const key = `${bot ? "bot" : "person"} ${path}`;
    const entry = pending.get(key);
    if (entry) entry.hits += 1;
    else if (pending.size < MAX_PENDING) pending.set(key, { path, bot, hits: 1 });
  }

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Data requests of client navigations and React Router's own files are not addresses people visit.
    if (!req.path.endsWith(".data") && !req.path.startsWith("/__")) {
      res.on("finish", () => {
        if (res.statusCode === 404) noteMissed(req);
      });
    }
    try {
      const map = await current();
      if (map.size === 0) return next();
      const target = map.get(redirectKey(req.path));
      if (target === undefined) return next();
      // A row stored before targets were checked once normalised may lead off the site ('//ailleurs'):
      // never answered, whatever is stored.
      if (!isSameSitePath(target)) {
        log.warn({ from: req.path }, "Redirect to another site ignored");
        return next();
      }
      const query = req.url.includes("?") && !target.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
      res.setHeader("Cache-Control", "public, max-age=3600");
      return res.redirect(301, `${target}${query}`);
    } catch (error) {
      return next(error);
    }
  };
  return Object.assign(middleware, { flush });
}
