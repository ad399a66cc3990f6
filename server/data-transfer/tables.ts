// The tables an archive carries, in the order rows are written (a machine's category before the
// machine). The staff accounts travel with their names, addresses and roles, never their password
// hashes; sessions, login attempts, invitations, password reset links, authenticator secrets, recovery
// codes, passkeys, the team's sign-in rule, the one-a-day confirmation throttle and the content version
// stay out: they belong to one installation, not to the site's content. Statistics travel as daily totals; their raw events
// (30 days) and the day's secret stay out.
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  adminUsers,
  contactRequestNotes,
  activityLog,
  missedPaths,
  redirects,
  serviceTicketNotes,
  serviceTickets,
  contactRequests,
  contactRequestStageChanges,
  erasedProposalLinks,
  galleryPhotos,
  installationEvents,
  installations,
  installationSwaps,
  machineCategories,
  machines,
  machineSteps,
  monthlyReports,
  outboxMessages,
  productVotes,
  machineLayoutTemplates,
  products,
  statDaily,
  statDailyVitals,
  proposalItems,
  proposals,
  siteTexts,
  siteTextVersions,
  tags,
} from "../db/schema";
import { migrationsFolder } from "../lib/paths";

export type TableSpec = {
  name: string;
  table: PgTable;
  /** Other unique columns than id: a row whose value another row already holds cannot be written. */
  unique?: readonly string[];
  /** Columns that never leave the site (a password's hash): an archive's rows lack them. */
  secret?: readonly string[];
  /** Rows this site already holds stay as they are, and an import deletes none: the accounts. */
  addOnly?: boolean;
};

/** The columns an archive carries of a table: all but its secret ones, in the schema's order. */
export function archivedColumns(spec: TableSpec): string[] {
  return columnNames(spec.table).filter((column) => !spec.secret?.includes(column));
}

export const ARCHIVE_TABLES: readonly TableSpec[] = [
  // A restored account has no password here: the person chooses one with 'Mot de passe oublié'.
  {
    name: "admin_users",
    table: adminUsers,
    unique: ["username", "email"],
    secret: ["password_hash"],
    addOnly: true,
  },
  { name: "tags", table: tags, unique: ["nom"] },
  { name: "machine_categories", table: machineCategories },
  { name: "machine_steps", table: machineSteps },
  { name: "machines", table: machines },
  { name: "products", table: products },
  { name: "gallery_photos", table: galleryPhotos },
  { name: "contact_requests", table: contactRequests },
  // A request's notes and stage changes, after the request.
  { name: "contact_request_notes", table: contactRequestNotes },
  { name: "contact_request_stage_changes", table: contactRequestStageChanges },
  // After the requests they belong to. Pending messages travel too: the site they land on sends them.
  { name: "outbox_messages", table: outboxMessages, unique: ["message_id"] },
  { name: "stat_daily", table: statDaily },
  { name: "stat_daily_vitals", table: statDailyVitals },
  // After the machines, products and requests they name; a revision after the proposal it replaces.
  { name: "proposals", table: proposals, unique: ["token"] },
  { name: "proposal_items", table: proposalItems },
  // The erased proposals' links (a hash each), so that they keep answering 'no longer available'.
  { name: "erased_proposal_links", table: erasedProposalLinks, unique: ["token_hash"] },
  { name: "machine_layout_templates", table: machineLayoutTemplates, unique: ["machine_id"] },
  // The settings and page texts with their drafts, and the versions kept at each publish.
  { name: "site_texts", table: siteTexts },
  { name: "site_text_versions", table: siteTextVersions },
  // Who changed what: the site's history travels with it.
  { name: "activity_log", table: activityLog },
  { name: "redirects", table: redirects, unique: ["from_key"] },
  // After the sale: an installation after the proposal and machine it comes from; its history, swaps,
  // tickets (with their notes) and product votes after it.
  { name: "installations", table: installations, unique: ["code"] },
  { name: "installation_events", table: installationEvents },
  { name: "installation_swaps", table: installationSwaps },
  { name: "service_tickets", table: serviceTickets, unique: ["code"] },
  { name: "service_ticket_notes", table: serviceTicketNotes },
  { name: "product_votes", table: productVotes },
  // Which months' reports each client got: an imported site does not send them again.
  { name: "monthly_reports", table: monthlyReports },
  { name: "missed_paths", table: missedPaths },
];

/** Column names of a table, in the schema's order (the order of row_to_json). */
function columnNames(table: PgTable): string[] {
  return Object.values(getTableColumns(table)).map((column) => column.name);
}

/** The migrations this version of the site knows, oldest first (drizzle's journal). */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

export const lastMigration = () => knownMigrations().at(-1)!;
