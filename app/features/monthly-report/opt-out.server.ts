// The monthly report's opt-out page (/desabonnement/{jeton}): a GET shows whose report it is and a
// button; a POST (the button, or a mail client's one-click 'List-Unsubscribe=One-Click') opts out. The
// token is the whole authority: no cookie, no session.
import { data } from "react-router";
import type { Services } from "../../../server/context";
import { getReportSubscription, optOutOfMonthlyReport } from "../installations/store.server";
import { readOptOutToken } from "./token.server";

export type OptOutPageData = { client: string; machine: string; code: string; optedOut: boolean };

async function subscription({ db, secret }: Pick<Services, "db" | "secret">, token: string | undefined) {
  const id = readOptOutToken(secret, token);
  const row = id ? await getReportSubscription(db, id) : null;
  if (!row) throw data(null, { status: 404 });
  return row;
}

const pageData = (row: NonNullable<Awaited<ReturnType<typeof getReportSubscription>>>, optedOut: boolean) => ({
  client: row.client_name,
  machine: row.machine_name,
  code: row.code,
  optedOut,
});

export async function optOutPageData(services: Services, token: string | undefined): Promise<OptOutPageData> {
  const row = await subscription(services, token);
  return pageData(row, row.report_opt_out);
}

/** Opts out (again, harmlessly, when already done) and shows the page saying so. */
export async function optOutAction(services: Services, token: string | undefined): Promise<OptOutPageData> {
  const row = await subscription(services, token);
  await optOutOfMonthlyReport(services.db, row.id);
  services.log.info({ installation: row.code }, "Monthly report: opted out");
  return pageData(row, true);
}
