// What the staff inbox (/edit-demandes) and a request's page (/edit-demandes/:id) read. The route
// modules have already called requireAdmin.
import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import {
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  outboxMessages,
  type ContactRequest,
} from "../../../server/db/schema";
import type { Services } from "../../../server/context";
import { countFailedMessages, listMessagesForContactRequest } from "../../../server/outbox/messages";
import { emailConfigured } from "../../../server/outbox/wake";
import { detailValue, REQUEST_DETAILS, type RequestDetail } from "./model";
import { formatDateTime, type InboxItem, type InboxPageData, type RequestPageData } from "./inbox";
import { csvDateTime, csvNotes, type CsvRecord } from "./csv-columns";
import { INBOX_FOLDERS, type InboxFolder } from "./folders";
import { containsPattern, parseInboxQuery } from "./inbox-search";
import { stageLabel } from "./stages";
import { isUuid } from "~/rules/id";
import { findMachineIdByName } from "~/features/machines/store.server";

const notSpam = isNull(contactRequests.spam_check);

/** A request whose forwarding failed, or one of whose emails failed. */
const hasFailure = or(
  eq(contactRequests.status, "failed"),
  exists(
    sql`(select 1 from ${outboxMessages} where ${outboxMessages.contact_request_id} = ${contactRequests.id} and ${outboxMessages.status} = 'failed')`,
  ),
)!;

function folderWhere(folder: InboxFolder): SQL {
  if (folder === "toutes") return notSpam;
  if (folder === "indesirables") return isNotNull(contactRequests.spam_check);
  if (folder === "echecs") return hasFailure;
  return and(notSpam, eq(contactRequests.stage, folder))!;
}

/** Name, email, phone or text contains the search (case and accents as typed). */
function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(contactRequests.nom_complet, pattern),
    ilike(contactRequests.courriel, pattern),
    ilike(contactRequests.numero_telephone, pattern),
    ilike(contactRequests.description_demande, pattern),
  );
}

/** Requests of a folder matching a search, newest first, a page at a time. */
export function listContactRequests(
  db: Db,
  {
    folder = "toutes",
    search = "",
    limit = 30,
    offset = 0,
  }: { folder?: InboxFolder; search?: string; limit?: number; offset?: number } = {},
): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(and(folderWhere(folder), searchWhere(search)))
    .orderBy(desc(contactRequests.created_at), desc(contactRequests.id))
    .limit(limit)
    .offset(offset);
}

/** How many requests each folder holds (matching the search, when there is one). */
async function countContactRequestsByFolder(db: Db, search = ""): Promise<Record<InboxFolder, number>> {
  const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const columns = Object.fromEntries(INBOX_FOLDERS.map((folder) => [folder, counted(folderWhere(folder))]));
  const [row] = await db
    .select(columns as Record<InboxFolder, SQL.Aliased<number> | SQL<number>>)
    .from(contactRequests)
    .where(searchWhere(search));
  return Object.fromEntries(INBOX_FOLDERS.map((folder) => [folder, Number(row?.[folder] ?? 0)])) as Record<
    InboxFolder,
    number
  >;
}

const PAGE_SIZE = 20;

/** The request's details as people read them (choices as their labels). */
const detailsOf = (row: ContactRequest) =>
  Object.fromEntries(REQUEST_DETAILS.map((detail) => [detail.key, detailValue(detail, row)])) as Pick<
    ContactRequest,
    RequestDetail["key"]
  >;

function toItem(row: ContactRequest): InboxItem {
  return {
    id: row.id,
    nom_complet: row.nom_complet,
    courriel: row.courriel,
    description_demande: row.description_demande,
    ...detailsOf(row),
    prefere_telephone: row.prefere_telephone,
    numero_telephone: row.numero_telephone,
    machine: row.machine,
    details: REQUEST_DETAILS.map((detail) => ({ label: detail.shortLabel, value: detailValue(detail, row) })),
    receivedAt: formatDateTime(row.timestamp),
    receivedIso: row.timestamp,
    stage: row.stage,
    spam: row.spam_check ? { check: row.spam_check, reason: row.spam_reason ?? "" } : null,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      deliveredAt: row.delivered_at ? formatDateTime(row.delivered_at) : null,
      nextAttemptAt: row.status === "pending" && row.attempts > 0 ? formatDateTime(row.next_attempt_at) : null,
    },
  };
}

/** The inbox page asked for by `?dossier=`, `?q=` and `?page=`. */
export async function contactRequestsPageData({ db, config }: Services, url: URL): Promise<InboxPageData> {
  const { folder, search, page } = parseInboxQuery(url.searchParams);
  const [rows, counts, failedEmails] = await Promise.all([
    listContactRequests(db, { folder, search, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactRequestsByFolder(db, search),
    countFailedMessages(db),
  ]);
  return {
    items: rows.slice(0, PAGE_SIZE).map(toItem),
    counts,
    folder,
    search,
    page,
    hasMore: rows.length > PAGE_SIZE,
    webhookConfigured: Boolean(config.contactWebhookUrl),
    emailConfigured: emailConfigured(config),
    failedEmails,
  };
}

/** Everything about one request: its fields, its stage changes, its notes and its emails. */
export async function requestPageData({ db, config }: Services, id: string): Promise<RequestPageData | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id)).limit(1);
  if (!row) return null;
  const [changes, notes, messages, machineId] = await Promise.all([
    db
      .select()
      .from(contactRequestStageChanges)
      .where(eq(contactRequestStageChanges.contact_request_id, id))
      .orderBy(asc(contactRequestStageChanges.created_at), asc(contactRequestStageChanges.id)),
    db
      .select()
      .from(contactRequestNotes)
      .where(eq(contactRequestNotes.contact_request_id, id))
      .orderBy(desc(contactRequestNotes.created_at), desc(contactRequestNotes.id)),
    listMessagesForContactRequest(db, id),
    // The machine the request names, if it is still in the catalogue under that name.
    row.machine ? findMachineIdByName(db, row.machine) : null,
  ]);
  return {
    request: toItem(row),
    machineId,
    stageChanges: changes.map((change) => ({
      id: change.id,
      from: stageLabel(change.from_stage),
      to: stageLabel(change.to_stage),
      at: formatDateTime(change.created_at),
      atIso: change.created_at.toISOString(),
    })),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      at: formatDateTime(note.created_at),
      atIso: note.created_at.toISOString(),
      editedAt: note.updated_at ? formatDateTime(note.updated_at) : null,
    })),
    emails: messages.map((message) => ({
      id: message.id,
      purpose: message.purpose,
      to: message.payload.to,
      subject: message.payload.subject,
      text: message.payload.text,
      state: message.status,
      attempts: message.attempts,
      lastError: message.last_error,
      queuedAt: formatDateTime(message.created_at),
      queuedIso: message.created_at.toISOString(),
      sentAt: message.sent_at ? formatDateTime(message.sent_at) : null,
    })),
    webhookConfigured: Boolean(config.contactWebhookUrl),
    emailConfigured: emailConfigured(config),
  };
}

/** The requests of a folder and search as CSV records (at most `limit`, newest first). */
export async function csvRecordsFor(
  db: Db,
  { folder, search }: { folder: InboxFolder; search: string },
  limit = 10_000,
): Promise<CsvRecord[]> {
  const rows = await listContactRequests(db, { folder, search, limit });
  const notes =
    rows.length === 0
      ? []
      : await db
          .select({
            request: contactRequestNotes.contact_request_id,
            body: contactRequestNotes.body,
            at: contactRequestNotes.created_at,
          })
          .from(contactRequestNotes)
          .where(
            inArray(
              contactRequestNotes.contact_request_id,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(contactRequestNotes.created_at), asc(contactRequestNotes.id));
  const notesOf = new Map<string, typeof notes>();
  for (const note of notes) notesOf.set(note.request, [...(notesOf.get(note.request) ?? []), note]);
  return rows.map((row) => ({
    recue_le: csvDateTime(row.timestamp),
    statut: stageLabel(row.stage),
    nom_complet: row.nom_complet,
    courriel: row.courriel,
    numero_telephone: row.numero_telephone ?? "",
    prefere_telephone: row.prefere_telephone ? "Oui" : "Non",
    ...Object.fromEntries(REQUEST_DETAILS.map((detail) => [detail.key, detailValue(detail, row) ?? ""])),
    description_demande: row.description_demande,
    notes: csvNotes(notesOf.get(row.id) ?? []),
    indesirable: row.spam_reason ?? "",
  }));
}
