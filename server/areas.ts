import type { RequestHandler } from "express";
import type { Services } from "./context";

/** A job the server runs in the background from its start; stopped on shutdown. */
type BackgroundJob = { stop(options: { graceMs: number }): Promise<void> };

/** What the site's areas (app/features) add to the infrastructure; the site's composition
 * (app/site.server.ts) gives it, so nothing under server/ knows an area. */
export type ServerAreas = {
  /** At each start, after migrations: what the areas make sure the database holds. */
  prepare(services: Services): Promise<void>;
  /** Visitors' beacons: answered before the page headers and the staff check, from the site's own
   * pages only. */
  beacons: { path: string; handler(services: Services): RequestHandler };
  /** Answers before any page (the staff's redirects). */
  beforePages(services: Services): RequestHandler;
  /** Background jobs; each shares its work with the other instances through the database. */
  jobs: ReadonlyArray<(services: Services) => BackgroundJob | null>;
};
