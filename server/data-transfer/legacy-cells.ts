// Pure rules for the cells of the old backend's CSV exports (its table editor): PostgreSQL array
// literals or JSON arrays for lists, JSON text for JSON columns, true/false, timestamps with an offset.
// Each parser answers a value or a reason in words; the importer adds the file and line.
import { isUuid } from "../../app/rules/id";

export type ColumnKind =
  "uuid" | "text" | "text[]" | "uuid[]" | "boolean" | "integer" | "real" | "numeric" | "json" | "timestamptz";

export type Cell = { ok: true; value: unknown } | { ok: false; error: string };

const ok = (value: unknown): Cell => ({ ok: true, value });
const fail = (error: string): Cell => ({ ok: false, error });

/**
 * A one-dimensional PostgreSQL array literal: `{a,"b, c",NULL,"say \"hi\""}`. Unquoted elements are
 * trimmed and NULL (any case) is null; quoted ones keep everything, with backslash escapes.
 */
export function parsePgArray(text: string): (string | null)[] | null {
  const source = text.trim();
  if (!source.startsWith("{") || !source.endsWith("}")) return null;
  const body = source.slice(1, -1);
  const items: (string | null)[] = [];
  if (body.trim() === "") return items;
  let i = 0;
  for (;;) {
    while (body[i] === " ") i += 1;
    if (body[i] === '"') {
      let value = "";
      i += 1;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === "\\") i += 1;
        if (i >= body.length) return null;
        value += body[i];
        i += 1;
      }
      if (body[i] !== '"') return null;
      i += 1;
      while (body[i] === " ") i += 1;
      items.push(value);
    } else {
      let value = "";
      while (i < body.length && body[i] !== ",") {
        if (body[i] === "{" || body[i] === "}" || body[i] === '"') return null;
        if (body[i] === "\\") i += 1;
        value += body[i] ?? "";
        i += 1;
      }
      const trimmed = value.trim();
      items.push(trimmed.toUpperCase() === "NULL" ? null : trimmed);
    }
    if (i >= body.length) return items;
    if (body[i] !== ",") return null;
    i += 1;
  }
}

/** A list cell: a PostgreSQL array literal or a JSON array of strings. */
export function parseList(text: string, of: "text" | "uuid"): Cell {
  const source = text.trim();
  let items: unknown[] | null;
  if (source.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(source);
      items = Array.isArray(parsed) ? parsed : null;
    } catch {
      return fail(`not a valid JSON list: ${preview(source)}`);
    }
  } else if (source.startsWith("{")) {
    items = parsePgArray(source);
    if (!items) return fail(`not a valid list {…}: ${preview(source)}`);
  } else {
    return fail(`expected a list such as {a,b} or ["a","b"], not ${preview(source)}`);
  }
  if (!items) return fail(`expected a list, not ${preview(source)}`);
  const out: string[] = [];
  for (const item of items) {
    if (item === null) return fail("a list holds an empty (NULL) element");
    if (typeof item !== "string" && typeof item !== "number")
      return fail(`a list element is not text: ${preview(JSON.stringify(item))}`);
    const value = String(item);
    if (of === "uuid" && !isUuid(value)) return fail(`not an id: ${preview(value)}`);
    out.push(of === "uuid" ? value.toLowerCase() : value);
  }
  return ok(out);
}

export function parseBoolean(text: string): Cell {
  const value = text.trim().toLowerCase();
  if (value === "true" || value === "t") return ok(true);
  if (value === "false" || value === "f") return ok(false);
  return fail(`expected true or false, not ${preview(text)}`);
}

export function parseInteger(text: string): Cell {
  const value = text.trim();
  if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    return fail(`not a whole number: ${preview(text)}`);
  const number = Number(value);
  if (Math.abs(number) > 2_147_483_647) return fail(`number out of range: ${preview(text)}`);
  return ok(number);
}

function parseDecimal(text: string): Cell {
  const value = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) return fail(`not a number: ${preview(text)}`);
  return ok(Number(value));
}

function parseJson(text: string): Cell {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail(`not valid JSON: ${preview(text)}`);
  }
}

/** '2024-03-05 14:07:09.123456+00', '2024-03-05T14:07:09Z', '…-04:00': the offset is required (a time
 * without one could be read in any zone). Kept as written, for the database to read exactly. */
export function parseTimestamp(text: string): Cell {
  const value = text.trim();
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(value);
  if (!match) {
    return fail(`expected a date and time with its offset (2024-03-05 14:07:09+00), not ${preview(text)}`);
  }
  const [, y, mo, d, h, mi, s = "0"] = match.map((part) => part ?? "");
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (
    date.getUTCMonth() !== Number(mo) - 1 ||
    date.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 60
  ) {
    return fail(`not a real date and time: ${preview(text)}`);
  }
  return ok(value);
}

/** The value of a non-empty cell for a column of `kind`. */
export function parseCell(kind: ColumnKind, text: string): Cell {
  switch (kind) {
    case "uuid":
      return isUuid(text.trim()) ? ok(text.trim().toLowerCase()) : fail(`not an id: ${preview(text)}`);
    case "text":
      return ok(text);
    case "text[]":
      return parseList(text, "text");
    case "uuid[]":
      return parseList(text, "uuid");
    case "boolean":
      return parseBoolean(text);
    case "integer":
      return parseInteger(text);
    case "real":
    case "numeric":
      return parseDecimal(text);
    case "json":
      return parseJson(text);
    case "timestamptz":
      return parseTimestamp(text);
  }
}

/** A cell as it came, short enough for a report line. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return JSON.stringify(flat.length > 60 ? `${flat.slice(0, 57)}…` : flat);
}

/** The bucket and object path of the old backend's public media URL
 * (…/storage/v1/object/public/<bucket>/<name>), or null for any other text. */
export function legacyMediaPath(url: string): { bucket: string; name: string } | null {
  const match = /\/storage\/v1\/object\/public\/([^/?#]+)\/([^?#]+)/.exec(url.trim());
  if (!match) return null;
  try {
    return { bucket: decodeURIComponent(match[1]!), name: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/** A name our storage accepts for an old object: the same when it is valid, else the same letters with
 * folders, spaces and accents turned into dashes (and a short suffix when that changed it, so two old
 * names cannot end on one). */
export function storedObjectName(
  name: string,
  isValid: (name: string) => boolean,
  hash: (text: string) => string,
): string {
  if (isValid(name)) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && /^\.[A-Za-z0-9]{1,8}$/.test(name.slice(dot)) ? name.slice(dot) : "";
  const stem = (ext ? name.slice(0, dot) : name)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[-_]+|-+$/g, "")
    .slice(0, 150);
  return `${stem || "media"}-${hash(name).slice(0, 8)}${ext.toLowerCase()}`;
}
