// POST /api/statistiques: what the collection script sends with navigator.sendBeacon (a JSON text).
// The body is bounded and checked field by field; junk gets a 400, never a 5xx; an event that must
// not count (Do Not Track, Global Privacy Control, a robot, a staff session) gets a 204 and is not
// stored. Nothing here reads or changes the page cache, and neither the address nor the user agent
// is stored (only the day's hash of them, a device class and a browser family).
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { statisticsPath } from "../../rules/personal-pages";
import { trafficSource } from "./source";
import { BROWSER_GOALS } from "./goals";
import { browserFamily, deviceClass, isRobot } from "./user-agent";
import { METRIC_RULES, METRICS, type Metric } from "./web-vitals";
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_SECURE } from "../../../server/auth/sessions";
import type { Services } from "../../../server/context";
import { BodyTooLarge, readBoundedBody } from "../../../server/http/body";
import { addressKey } from "../../../server/http/client-address";
import { createRateLimiter, statisticsRateLimit } from "./beacon-limit.server";
import {
  declinesStatistics,
  recordGoalEvent,
  recordPageView,
  recordVitals,
  viewedRecently,
  type Visit,
} from "./store.server";

export const STATISTICS_PATH = "/api/statistiques";

/** A beacon is a few hundred bytes; 4 KB leaves room for a long referrer. */
const STATISTICS_BODY_LIMIT = 4 * 1024;

/** A page's address on the site: a path with its query, no scheme or host. */
const address = z
  .string()
  .max(1000)
  .regex(/^\/(?!\/)[^\s]*$/);

const vitalValues = z
  .object(
    Object.fromEntries(METRICS.map((m) => [m, z.number().min(0).max(METRIC_RULES[m].max).optional()])) as Record<
      Metric,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .strict();

const beaconSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("p"), u: address, r: z.string().max(2000).optional() }).strict(),
  z
    .object({
      t: z.literal("g"),
      u: address,
      g: z.enum(Object.keys(BROWSER_GOALS) as [keyof typeof BROWSER_GOALS, ...(keyof typeof BROWSER_GOALS)[]]),
    })
    .strict(),
  z.object({ t: z.literal("v"), u: address, v: vitalValues }).strict(),
]);
type Beacon = z.infer<typeof beaconSchema>;

const STAFF_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE_SECURE}|${SESSION_COOKIE_PLAIN})=`);

/** The path part of a site address (no query, no fragment), at most 200 characters; a personal page's
 * path is its route's pattern (`/proposition/:jeton`), decided here whatever the browser sent. */
const pathOf = (u: string) => statisticsPath(u.split(/[?#]/)[0]!).slice(0, 200);

export function statisticsRouter(services: Services): Router {
  const router = express.Router();
  const limit = statisticsRateLimit();
  const limiter = limit && createRateLimiter(limit);
  const siteHost = new URL(services.config.site.publicUrl).host;

  router.post(STATISTICS_PATH, async (req: Request, res: Response) => {
    const done = (status: number) => {
      // No shared cache or proxy may keep or replay an answer about a visitor's event.
      if (!res.headersSent) res.status(status).set("Cache-Control", "private, no-store").end();
    };
    const ip = addressKey(req.ip);
    if (limiter && !limiter.take(ip)) {
      req.resume();
      return done(429);
    }
    const userAgent = req.get("user-agent");
    if (
      declinesStatistics({ get: (name) => req.get(name) }) ||
      STAFF_COOKIE.test(req.headers.cookie ?? "") ||
      isRobot(userAgent, req.get("accept-language"))
    ) {
      req.resume();
      return done(204);
    }
    let beacon: Beacon;
    try {
      const body = await readBoundedBody(req, STATISTICS_BODY_LIMIT);
      const parsed = beaconSchema.safeParse(JSON.parse(body.toString("utf8")));
      if (!parsed.success) return done(400);
      beacon = parsed.data;
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.set("Connection", "close");
        return done(413);
      }
      return done(400); // not JSON, or a connection cut mid-body
    }
    const visit: Visit = { ip, userAgent: userAgent!, site: siteHost };
    const device = deviceClass(userAgent!);
    const path = pathOf(beacon.u);
    try {
      if (beacon.t === "p") {
        // A personal page's query is not read either: only its pattern is kept.
        const rawPath = beacon.u.split(/[?#]/)[0]!;
        const search =
          beacon.u.includes("?") && statisticsPath(rawPath) === rawPath
            ? beacon.u.slice(beacon.u.indexOf("?")).split("#")[0]!
            : "";
        const { source, medium, campaign } = trafficSource(search, beacon.r, [siteHost, req.host]);
        await recordPageView(services.db, visit, {
          path,
          source,
          medium,
          campaign,
          device,
          browser: browserFamily(userAgent!),
        });
      } else if (beacon.t === "g") {
        // A goal tapped counts only for a visitor who viewed a page in the last 30 minutes.
        if (await viewedRecently(services.db, visit))
          await recordGoalEvent(services.db, beacon.g, { visit, path, device });
      } else {
        await recordVitals(services.db, { path, device, values: beacon.v });
      }
      done(204);
    } catch (error) {
      services.log.error({ err: error }, "Statistics event not stored");
      done(503);
    }
  });
  return router;
}
