// Control characters never belong in what a visitor or the admin sends, and PostgreSQL refuses NUL
// in text (a query with one failed with 500). They are removed where a request enters the app.

/** Percent-encoded C0 controls and DEL, except tab, line feed and carriage return (a textarea's). */
const ENCODED_CONTROLS = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/gi;
const ENCODED_CONTROLS_AND_BREAKS = /%(?:[01][0-9a-f]|7f)/gi;
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A URL path and query with every encoded control character removed from the query. */
export function cleanQuery(url: string): string {
  const index = url.indexOf("?");
  if (index < 0) return url;
  return url.slice(0, index + 1) + url.slice(index + 1).replace(ENCODED_CONTROLS_AND_BREAKS, "");
}

/** A form body (urlencoded or JSON) with control characters removed from its values; line breaks and
 * tabs stay. Other bodies are returned as they are. */
export function cleanBody(body: Buffer, contentType: string | undefined): Buffer {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    return Buffer.from(body.toString("latin1").replace(ENCODED_CONTROLS, ""), "latin1");
  }
  if (type === "application/json") {
    try {
      const parsed: unknown = JSON.parse(body.toString("utf8"));
      return Buffer.from(JSON.stringify(parsed, (_key, value: unknown) => cleanValue(value)));
    } catch {
      return body; // not JSON: the action refuses it with its own message
    }
  }
  return body;
}

function cleanValue(value: unknown): unknown {
  return typeof value === "string" ? value.replace(CONTROLS, "") : value;
}
