import { refundLogCsv } from "~/features/service/refunds-csv.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-service-remboursements-csv";

/** The refund log as a CSV file for a spreadsheet (the last 12 months, one row per refund). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { csv, fileName } = await refundLogCsv(getServices(context).db);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
