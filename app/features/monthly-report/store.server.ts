// The monthly reports' claims: this module alone reads and writes monthly_reports. A claim is taken in
// the same transaction as the report's outbox email; the unique (installation, month) pair makes a
// second instance's claim do nothing, so each client gets each month's report once.
import { eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { monthlyReports } from "../../../server/db/schema";

/** Claims the report of `month` ('2026-11-01') for an installation, in the caller's transaction: true
 * when this call took it, false when it was already taken (by another instance, or an earlier run). */
export async function claimMonthlyReport(t: Db, installationId: string, month: string, now: Date): Promise<boolean> {
  const claimed = await t
    .insert(monthlyReports)
    .values({ installation_id: installationId, month, created_at: now })
    .onConflictDoNothing()
    .returning({ id: monthlyReports.id });
  return claimed.length > 0;
}

/** The installations whose report of `month` was already claimed. */
export async function installationsReported(db: Db, month: string): Promise<Set<string>> {
  const rows = await db
    .select({ installation_id: monthlyReports.installation_id })
    .from(monthlyReports)
    .where(eq(monthlyReports.month, month));
  return new Set(rows.map((r) => r.installation_id));
}
