// What the staff inbox (/edit-demandes) and a request's page (/edit-demandes/:id) read. The route
// modules have already called requireAdmin.
import type { Db } from "../../../server/db/client";
import type { ContactRequest } from "../../../server/db/schema";
import type { Services } from "../../../server/context";
import { countFailedMessages, listMessagesForContactRequest } from "../../../server/outbox/messages";
import { emailConfigured } from "../../../server/outbox/wake";
import { detailValue, REQUEST_DETAILS, type RequestDetail } from "./model";
import { formatDate } from "~/lib/dates";
import { type InboxItem, type InboxPageData, type RequestPageData } from "./inbox";
import { csvDateTime, csvNotes, type CsvRecord } from "./csv-columns";
import type { InboxFolder } from "./folders";
import { parseInboxQuery } from "./inbox-search";
import { stageLabel } from "./stages";
import {
  countContactRequestsByFolder,
  getContactRequest,
  listContactNotes,
  listContactRequests,
  listNotesOfContactRequests,
  listStageChanges,
} from "./store.server";
import { isUuid } from "~/rules/id";
import { listAccounts } from "../../../server/auth/users";
import { assigneeChoices } from "~/features/team/assignment.server";
import { findMachineIdByName } from "~/features/machines/store.server";

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
    receivedAt: formatDate(row.timestamp, "dateTime"),
    receivedIso: row.timestamp,
    stage: row.stage,
    spam: row.spam_check ? { check: row.spam_check, reason: row.spam_reason ?? "" } : null,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      deliveredAt: row.delivered_at ? formatDate(row.delivered_at, "dateTime") : null,
      nextAttemptAt: row.status === "pending" && row.attempts > 0 ? formatDate(row.next_attempt_at, "dateTime") : null,
    },
  };
}

/** The inbox page asked for by `?dossier=`, `?q=` and `?page=`. */
export async function contactRequestsPageData({ db, config }: Services, url: URL, me: string): Promise<InboxPageData> {
  const { folder, search, page } = parseInboxQuery(url.searchParams);
  const [rows, counts, failedEmails, accounts] = await Promise.all([
    listContactRequests(db, { folder, search, me, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactRequestsByFolder(db, search, me),
    countFailedMessages(db),
    listAccounts(db),
  ]);
  const names = new Map(accounts.map((account) => [account.id, account.name]));
  return {
    items: rows
      .slice(0, PAGE_SIZE)
      .map((row) => ({ ...toItem(row), assignee: row.assigned_to ? (names.get(row.assigned_to) ?? null) : null })),
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
  const row = await getContactRequest(db, id);
  if (!row) return null;
  const [changes, notes, messages, machineId, choices] = await Promise.all([
    listStageChanges(db, id),
    listContactNotes(db, id),
    listMessagesForContactRequest(db, id),
    // The machine the request names, if it is still in the catalogue under that name.
    row.machine ? findMachineIdByName(db, row.machine) : null,
    assigneeChoices(db, "/edit-demandes", row.assigned_to),
  ]);
  return {
    request: toItem(row),
    machineId,
    assignment: { current: row.assigned_to, choices },
    stageChanges: changes.map((change) => ({
      id: change.id,
      from: stageLabel(change.from_stage),
      to: stageLabel(change.to_stage),
      at: formatDate(change.created_at, "dateTime"),
      atIso: change.created_at.toISOString(),
      by: change.account,
    })),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      at: formatDate(note.created_at, "dateTime"),
      atIso: note.created_at.toISOString(),
      editedAt: note.updated_at ? formatDate(note.updated_at, "dateTime") : null,
      by: note.account,
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
      queuedAt: formatDate(message.created_at, "dateTime"),
      queuedIso: message.created_at.toISOString(),
      sentAt: message.sent_at ? formatDate(message.sent_at, "dateTime") : null,
      by: message.account,
    })),
    webhookConfigured: Boolean(config.contactWebhookUrl),
    emailConfigured: emailConfigured(config),
  };
}

/** The requests of a folder and search as CSV records (at most `limit`, newest first). */
export async function csvRecordsFor(
  db: Db,
  { folder, search, me }: { folder: InboxFolder; search: string; me: string },
  limit = 10_000,
): Promise<CsvRecord[]> {
  const rows = await listContactRequests(db, { folder, search, me, limit });
  const notes = await listNotesOfContactRequests(
    db,
    rows.map((row) => row.id),
  );
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
