// The site: the infrastructure (server/) with what each area adds to it. This is the server build's
// entry (vite.config.ts) and the development server's (server.js).
import type { ServerAreas } from "../server/areas";
import * as infrastructure from "../server/app";
import type { Services } from "../server/context";
import { startContactDelivery } from "./features/contact-requests/delivery.server";
import { startContactRetention } from "./features/contact-requests/retention-job.server";
import { startMonthlyReports } from "./features/monthly-report/job.server";
import { redirectMiddleware } from "./features/redirects/middleware.server";
import { ensureSiteTexts } from "./features/site-texts/store.server";
import { STATISTICS_PATH, statisticsRouter } from "./features/statistics/endpoint.server";
import { startStatisticsRollup } from "./features/statistics/rollup.server";

export const areas: ServerAreas = {
  prepare: ({ db, config }) => ensureSiteTexts(db, config.site),
  beacons: { path: STATISTICS_PATH, handler: statisticsRouter },
  beforePages: redirectMiddleware,
  jobs: [startContactDelivery, startContactRetention, startStatisticsRollup, startMonthlyReports],
};

export function createApp(services: Services, options: Omit<infrastructure.AppOptions, "areas"> = {}) {
  return infrastructure.createApp(services, { ...options, areas });
}

export function startServer(options: Omit<infrastructure.AppOptions, "areas"> = {}) {
  return infrastructure.startServer({ ...options, areas });
}

export function prepareData(): Promise<void> {
  return infrastructure.prepareData(areas);
}

export { makeWidthsJob } from "../server/app";
