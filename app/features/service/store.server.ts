// The service tickets (problems and refunds reported at a machine), their notes and replies, and the
// products people wish for: this module alone reads and writes service_tickets, service_ticket_notes and
// product_votes. The installations' pages, the inbox and the erasure call it.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { serviceTickets } from "../../../server/db/schema";

/** An installation's tickets, the newest first, as its page lists them. */
export function listInstallationTickets(db: Db, installationId: string) {
  return db
    .select({
      id: serviceTickets.id,
      code: serviceTickets.code,
      kind: serviceTickets.kind,
      problem: serviceTickets.problem,
      status: serviceTickets.status,
      urgent: serviceTickets.urgent,
      product_name: serviceTickets.product_name,
      received_at: serviceTickets.received_at,
      due_at: serviceTickets.due_at,
      resolved_at: serviceTickets.resolved_at,
    })
    .from(serviceTickets)
    .where(eq(serviceTickets.installation_id, installationId))
    .orderBy(desc(serviceTickets.received_at))
    .limit(200);
}
