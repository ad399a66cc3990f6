// Every id the site gives (products, machines, requests, proposals…) is a UUID. An id read from a URL,
// a form or a file is checked here before it reaches the database: anything else is an unknown item
// (a 404 or a refusal), never a database error.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any case). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
