// What /edit-statistiques reads: the figures of the chosen period beside the period before, and the
// field Web Vitals of every page and of the most viewed pages; the same figures as a CSV file at
// /edit-statistiques/export. The route modules have already checked the staff session.
import type { MiddlewareFunction } from "react-router";
import { allowedStaff } from "../../../server/auth/guard";
import { getServices } from "../../../server/context";
import type { Services } from "../../../server/context";
import { statisticsOverview, statisticsVitals, type StatisticsOverview, type VitalsRow } from "./queries.server";
import { METRICS } from "~/features/statistics/web-vitals";
import { serviceDashboard, type ServiceDashboard } from "~/features/service/dashboard.server";
import { deviceLabel, goalLabel, periodFromSearch, sourceLabel, toCsv, type PeriodDays } from "./dashboard";

/** Pages whose Web Vitals are shown one by one (every page together is always shown). */
const VITALS_PAGES = 10;

export type StatisticsPageData = {
  days: PeriodDays;
  overview: StatisticsOverview;
  vitals: VitalsRow[];
  service: ServiceDashboard;
};

export async function statisticsPageData(services: Services, url: URL, now = new Date()): Promise<StatisticsPageData> {
  const days = periodFromSearch(url.searchParams);
  const overview = await statisticsOverview(services.db, days, now);
  const topPages = overview.pages.slice(0, VITALS_PAGES).map((page) => page.value);
  const [vitals, service] = await Promise.all([
    statisticsVitals(services.db, days, topPages, now),
    serviceDashboard(
      services.db,
      overview.current,
      overview.pages.map((p) => ({ value: p.value, count: p.count.current })),
      now,
    ),
  ]);
  return { days, overview, vitals, service };
}

/** Every figure of the page, one table after the other, each row naming its table. */
export function statisticsCsv({ overview, vitals }: StatisticsPageData): string {
  const period = `${overview.current.from} au ${overview.current.to}`;
  const before = `${overview.previous.from} au ${overview.previous.to}`;
  const rows: (string | number | null)[][] = [
    ["tableau", "valeur", "visiteurs", "visiteurs (période précédente)", "nombre", "nombre (période précédente)"],
    ["période", period, null, null, null, before],
    ["total", "visiteurs", overview.visitors.current, overview.visitors.previous, null, null],
    ["total", "pages vues", null, null, overview.pageViews.current, overview.pageViews.previous],
    [
      "total",
      "taux de conversion (%)",
      null,
      null,
      round(overview.conversionRate.current * 100),
      round(overview.conversionRate.previous * 100),
    ],
  ];
  for (const day of overview.daily) rows.push(["jour", day.day, day.visitors, null, day.pageViews, null]);
  const ranked = (table: string, list: StatisticsOverview["pages"], label = (v: string) => v) => {
    for (const r of list)
      rows.push([table, label(r.value), r.visitors.current, r.visitors.previous, r.count.current, r.count.previous]);
  };
  ranked("source", overview.sources, sourceLabel);
  ranked("support", overview.mediums);
  ranked("campagne", overview.campaigns);
  ranked("page", overview.pages);
  ranked("appareil", overview.devices, deviceLabel);
  ranked("navigateur", overview.browsers);
  ranked("objectif", overview.goals, goalLabel);
  rows.push([]);
  rows.push(["page", "appareil", "mesure", "échantillons", "p75", "bon (%)", "à améliorer (%)", "mauvais (%)"]);
  for (const row of vitals) {
    for (const metric of METRICS) {
      const m = row.metrics[metric];
      if (!m.samples) continue;
      rows.push([
        row.path === "*" ? "Toutes les pages" : row.path,
        deviceLabel(row.device),
        metric,
        m.samples,
        m.p75,
        round(m.good * 100),
        round(m.needsImprovement * 100),
        round(m.poor * 100),
      ]);
    }
  }
  return toCsv(rows);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** GET /edit-statistiques/export?jours=N for signed-in staff: the CSV file. Answered from middleware
 * because a page route's loader cannot send a file as it is; signed out, the guarded layout answers
 * 'Page non trouvée'. */
export const statisticsCsvMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (!allowedStaff(request, context) || request.method !== "GET" || url.pathname.endsWith(".data")) return next();
  const data = await statisticsPageData(getServices(context), url);
  const name = `statistiques-${data.overview.current.from}-au-${data.overview.current.to}.csv`;
  // A byte order mark, so that spreadsheets read the accents as UTF-8.
  return new Response(`\uFEFF${statisticsCsv(data)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
};
