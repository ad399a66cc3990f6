// What /edit-demandes (the contact requests inbox) reads: one page of requests for a filter and the count
// per filter. The route module has already called requireAdmin.
import { count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { contactRequests, type ContactRequest } from "../../../server/db/schema";
import type { Services } from "../../../server/context";
import { DATE_INSTALLATION, EMPLACEMENT, optionLabel, TYPE_EMPLACEMENT } from "~/features/contact/fields";
import { formatDateTime, INBOX_FILTERS, type InboxFilter, type InboxItem, type InboxPageData } from "./inbox";

const FILTER_WHERE: Record<InboxFilter, SQL | undefined> = {
  toutes: undefined,
  "a-traiter": isNull(contactRequests.handled_at),
  traitees: isNotNull(contactRequests.handled_at),
  echecs: eq(contactRequests.status, "failed"),
};

/** Requests newest first, a page at a time. */
export function listContactRequests(
  db: Db,
  { filter = "toutes", limit = 30, offset = 0 }: { filter?: InboxFilter; limit?: number; offset?: number } = {},
): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(FILTER_WHERE[filter])
    .orderBy(desc(contactRequests.created_at), desc(contactRequests.id))
    .limit(limit)
    .offset(offset);
}

/** How many requests each inbox tab holds. */
export async function countContactRequestsByFilter(db: Db): Promise<Record<InboxFilter, number>> {
  const [row] = await db
    .select({
      toutes: count(),
      "a-traiter": sql<number>`count(*) filter (where ${FILTER_WHERE["a-traiter"]})`.mapWith(Number),
      traitees: sql<number>`count(*) filter (where ${FILTER_WHERE.traitees})`.mapWith(Number),
      echecs: sql<number>`count(*) filter (where ${FILTER_WHERE.echecs})`.mapWith(Number),
    })
    .from(contactRequests);
  return row ?? { toutes: 0, "a-traiter": 0, traitees: 0, echecs: 0 };
}

const PAGE_SIZE = 20;

/** The page asked for by `?filtre=` and `?page=` (unknown values fall back to every request, page 1). */
export async function contactRequestsPageData({ db, config }: Services, url: URL): Promise<InboxPageData> {
  const filter = (INBOX_FILTERS as readonly string[]).includes(url.searchParams.get("filtre") ?? "")
    ? (url.searchParams.get("filtre") as InboxFilter)
    : "toutes";
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const [rows, counts] = await Promise.all([
    listContactRequests(db, { filter, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactRequestsByFilter(db),
  ]);
  const items: InboxItem[] = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    nom_complet: row.nom_complet,
    courriel: row.courriel,
    description_demande: row.description_demande,
    type_emplacement: optionLabel(TYPE_EMPLACEMENT, row.type_emplacement) ?? row.type_emplacement,
    emplacement: optionLabel(EMPLACEMENT, row.emplacement) ?? row.emplacement,
    date_installation: optionLabel(DATE_INSTALLATION, row.date_installation) ?? row.date_installation,
    prefere_telephone: row.prefere_telephone,
    numero_telephone: row.numero_telephone,
    receivedAt: formatDateTime(row.timestamp),
    receivedIso: row.timestamp,
    handledAt: row.handled_at ? formatDateTime(row.handled_at) : null,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      deliveredAt: row.delivered_at ? formatDateTime(row.delivered_at) : null,
      nextAttemptAt: row.status === "pending" && row.attempts > 0 ? formatDateTime(row.next_attempt_at) : null,
    },
  }));
  return {
    items,
    counts,
    filter,
    page,
    hasMore: rows.length > PAGE_SIZE,
    webhookConfigured: Boolean(config.contactWebhookUrl),
  };
}
