// The service's figures on the statistics dashboard, for its period: each machine's scans (its public
// page's views, from the cookieless statistics), tickets and refunds; the response time's median and
// 90th percentile; and the refunds of each of the last six months.
import type { Db } from "../../../server/db/client";
import { installationNames, installationNamesByCode } from "~/features/installations/store.server";
import { formatCents } from "~/features/machine-page/forms";
import { instantAt, isoLocal } from "~/lib/dates";
import { addDays } from "~/features/statistics/days";
import { durationText, monthStarts, percentile } from "./model";
import { refundTotalsByPeriod, responseMinutesBetween, serviceTotalsByMachine } from "./store.server";

/** The machines listed, the most scanned (then the most reported) first. */
const MACHINES_SHOWN = 10;
const MONTHS_SHOWN = 6;

/** A local day ('2026-12-03') at its first instant in Québec. */
const dayStart = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return instantAt({ year, month, day: date, hour: 0, minute: 0 });
};

/**
 * `period`: the dashboard's local days, first and last included. `pageViews`: its pages' views, from
 * which each machine's page (/m/{code}) gives its scans.
 */
export async function serviceDashboard(
  db: Db,
  period: { from: string; to: string },
  pageViews: readonly { value: string; count: number }[],
  now = new Date(),
) {
  const range = { from: dayStart(period.from), to: dayStart(addDays(period.to, 1)) };
  const scans = new Map<string, number>();
  for (const page of pageViews) {
    const code = /^\/m\/(BD-[0-9A-Z]{4})$/.exec(page.value)?.[1];
    if (code) scans.set(code, (scans.get(code) ?? 0) + page.count);
  }
  const starts = monthStarts(now, MONTHS_SHOWN);
  const [totals, minutes, months, byCode] = await Promise.all([
    serviceTotalsByMachine(db, range),
    responseMinutesBetween(db, range),
    refundTotalsByPeriod(db, starts),
    installationNamesByCode(db, [...scans.keys()]),
  ]);
  const byId = await installationNames(
    db,
    totals.map((t) => t.installation_id),
  );
  const machines = new Map<string, { code: string; client: string; scans: number; tickets: number; cents: number }>();
  for (const [code, count] of scans) {
    const name = byCode.get(code);
    if (name) machines.set(name.id, { code, client: name.client_name, scans: count, tickets: 0, cents: 0 });
  }
  for (const t of totals) {
    const name = byId.get(t.installation_id);
    if (!name) continue;
    const row = machines.get(t.installation_id) ?? {
      code: name.code,
      client: name.client_name,
      scans: 0,
      tickets: 0,
      cents: 0,
    };
    machines.set(t.installation_id, { ...row, tickets: t.tickets, cents: t.refundCents });
  }
  const p50 = percentile(minutes, 50);
  const p90 = percentile(minutes, 90);
  return {
    tickets: totals.reduce((sum, t) => sum + t.tickets, 0),
    refunds: formatCents(totals.reduce((sum, t) => sum + t.refundCents, 0)),
    answered: minutes.length,
    responseP50: p50 === null ? null : durationText(p50),
    responseP90: p90 === null ? null : durationText(p90),
    machines: [...machines.values()]
      .sort((a, b) => b.scans - a.scans || b.tickets - a.tickets || a.code.localeCompare(b.code))
      .slice(0, MACHINES_SHOWN)
      .map((m) => ({ ...m, refunds: formatCents(m.cents) })),
    months: starts.slice(0, MONTHS_SHOWN).map((at, i) => {
      const total = months.find((m) => m.period === i);
      return { month: isoLocal(at).day.slice(0, 7), count: total?.count ?? 0, amount: formatCents(total?.cents ?? 0) };
    }),
  };
}

export type ServiceDashboard = Awaited<ReturnType<typeof serviceDashboard>>;
