import { csvRecordsFor } from "~/features/contact-requests/staff-queries.server";
import { CSV_COLUMNS, csvFileName } from "~/features/contact-requests/csv-columns";
import { parseInboxQuery } from "~/features/contact-requests/inbox-search";
import { staffCsv } from "~/lib/csv.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-demandes-export";

/** The requests the inbox shows (same folder and search), as a CSV file for a spreadsheet. Dates and
 * the file's name are in the business's local time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdmin(request, context);
  const { folder, search } = parseInboxQuery(new URL(request.url).searchParams);
  const records = await csvRecordsFor(getServices(context).db, { folder, search, me: user.id });
  const csv = staffCsv(records, CSV_COLUMNS);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(new Date())}"`,
      "cache-control": "no-store",
    },
  });
}
