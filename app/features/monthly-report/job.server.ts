// Sends the monthly reports: from 8 h on the 1st (Québec), each installed client with a contact's email
// who has not opted out gets last month's report once. The job runs at start and every hour; each
// report is claimed in the same transaction as its outbox email, so instances running at once send it
// once, and a later run skips what is claimed.
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import type { Logger } from "../../../server/lib/log";
import { startPeriodicJob, type PeriodicJob } from "../../../server/lib/periodic-job";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import {
  getReportSubscription,
  installationChangesBetween,
  listReportableInstallations,
} from "../installations/store.server";
import { mostWantedBetween, serviceFiguresBetween } from "../service/store.server";
import { publishedSite } from "../site-texts/store.server";
import { renderMonthlyReport, type MonthFigures } from "./email.server";
import { optOutPath, reportDue, type ReportMonth } from "./model";
import { claimMonthlyReport, installationsReported } from "./store.server";
import { optOutToken } from "./token.server";

const REPORT_INTERVAL_MS = 60 * 60 * 1000;

type ReportServices = Pick<Services, "db" | "config" | "secret"> & { log?: Pick<Logger, "info" | "error"> };

/** One installation's figures for the month reported. */
async function monthFigures(db: Db, installationId: string, month: ReportMonth): Promise<MonthFigures> {
  const range = { from: month.from, to: month.to };
  const service = await serviceFiguresBetween(db, installationId, range);
  const wanted = await mostWantedBetween(db, installationId, { fromDay: month.month, toDay: month.nextMonth });
  const changes = await installationChangesBetween(db, installationId, range);
  return { ...service, wanted, ...changes };
}

/** Queues the reports due at `now` that no run has claimed yet; returns how many were queued, or null
 * when none is due (outside the first days of a month, or email is not configured). */
export async function sendMonthlyReports(
  { db, config, secret, log }: ReportServices,
  { now = new Date() }: { now?: Date } = {},
): Promise<number | null> {
  const month = reportDue(now);
  if (!month || !config.mail) return null;
  const claimed = await installationsReported(db, month.month);
  const due = (await listReportableInstallations(db, month.to)).filter((i) => !claimed.has(i.id));
  if (due.length === 0) return 0;
  const site = await publishedSite(db, config.site);
  let queued = 0;
  for (const installation of due) {
    const figures = await monthFigures(db, installation.id, month);
    const optOutUrl = new URL(optOutPath(optOutToken(secret, installation.id)), site.publicUrl).toString();
    const email = await renderMonthlyReport(installation, month, figures, site, optOutUrl);
    const sent = await db.transaction(async (t) => {
      // Opted out since the list was read: nothing sent, nothing claimed.
      if ((await getReportSubscription(t, installation.id))?.report_opt_out !== false) return false;
      if (!(await claimMonthlyReport(t, installation.id, month.month, now))) return false;
      const to = installation.contact_email;
      return Boolean(await enqueueEmail(t, config.mail, { purpose: "monthly-report", to, ...email }, now));
    });
    if (sent) queued += 1;
  }
  if (queued > 0) kickOutbox(db);
  log?.info({ month: month.month, queued, due: due.length }, "Monthly reports queued");
  return queued;
}

type MonthlyReportJob = PeriodicJob;

/** Sends what is due now, then every `intervalMs` (an hour). Never throws: a failed run is logged and
 * tried again at the next. */
function startMonthlyReportJob(
  services: ReportServices,
  { intervalMs = REPORT_INTERVAL_MS, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {},
): MonthlyReportJob {
  return startPeriodicJob({
    work: () => sendMonthlyReports(services, { now: now() }),
    intervalMs,
    log: services.log,
    failure: "Monthly reports failed; will try again in an hour",
  });
}

/** Started by startServer with the other jobs (app/site.server.ts); none without email. */
export function startMonthlyReports(services: Services): MonthlyReportJob | null {
  return services.config.mail ? startMonthlyReportJob(services) : null;
}
