// What the inbox's address asks for (a folder, a search, a page), and how the search matches.
import { INBOX_FOLDERS, type InboxFolder } from "./folders";

const SEARCH_MAX_LENGTH = 100;

export type InboxQuery = { folder: InboxFolder; search: string; page: number };

/** The folder, search and page asked for (unknown values fall back to every request, page 1). */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const asked = params.get("dossier") ?? "";
  const folder = (INBOX_FOLDERS as readonly string[]).includes(asked) ? (asked as InboxFolder) : "toutes";
  const search = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get("page")) || 1)));
  return { folder, search, page };
}

/** The query string of an inbox view ('' for every request, page 1, no search). */
export function inboxQueryString({ folder, search, page }: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  if (folder && folder !== "toutes") params.set("dossier", folder);
  if (search) params.set("q", search);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A LIKE pattern that matches `search` anywhere, its own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
