// Control characters never belong in what a visitor or the admin sends, and PostgreSQL refuses NUL
// in text (a query with one failed with 500). They are removed where a request enters the app, raw or
// percent-encoded, from query strings, urlencoded and JSON bodies, and multipart fields and file names:
// C0 controls and DEL, except tab, line feed and carriage return (a textarea's), which stay in bodies.

/** Percent-encoded C0 controls and DEL, except tab, line feed and carriage return. */
const ENCODED_CONTROLS = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/gi;
const ENCODED_CONTROLS_AND_BREAKS = /%(?:[01][0-9a-f]|7f)/gi;
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f]/g;

/** `text` with `pattern` removed until none is left: removing '%00' from '%%0000' leaves another one. */
function removeAll(text: string, pattern: RegExp): string {
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(pattern, "");
  }
  return text;
}

/** Raw and encoded controls removed; with `keepBreaks`, tab, line feed and carriage return stay. Works
 * on latin1 text (one character per byte): control bytes are never part of a UTF-8 sequence. */
function withoutControls(text: string, keepBreaks: boolean): string {
  const encoded = keepBreaks ? ENCODED_CONTROLS : ENCODED_CONTROLS_AND_BREAKS;
  return removeAll(text.replace(keepBreaks ? CONTROLS : CONTROLS_AND_BREAKS, ""), encoded);
}

/** A URL path and query with every control character, raw or encoded, removed from the query. */
export function cleanQuery(url: string): string {
  const index = url.indexOf("?");
  if (index < 0) return url;
  return url.slice(0, index + 1) + withoutControls(url.slice(index + 1), false);
}

/** A form body (urlencoded, multipart or JSON) with control characters removed from its values (and a
 * multipart body's field and file names); line breaks and tabs stay, file contents are untouched.
 * Other bodies are returned as they are. */
export function cleanBody(body: Buffer, contentType: string | undefined): Buffer {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    // Bytes beyond ASCII are percent-encoded, which means the same: Node's form parser turns some raw
    // UTF-8 followed by '%' into NUL ('\u{69300}%0a%' is read as 'd\0\n%').
    const ascii = withoutControls(body.toString("latin1"), true).replace(
      /[\x80-\xff]/g,
      (byte) => `%${byte.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    return Buffer.from(ascii, "latin1");
  }
  if (type === "multipart/form-data") {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? "");
    return boundary ? cleanMultipart(body, boundary[1] ?? boundary[2]!) : body;
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

/** Each part of a multipart body with controls removed from its headers (field and file names, raw or
 * encoded, line breaks included) and from a field's value (line breaks kept); a file's bytes as sent. */
function cleanMultipart(body: Buffer, boundary: string): Buffer {
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const between = Buffer.from(`\r\n--${boundary}`, "latin1");
  let start = body.indexOf(delimiter);
  if (start < 0) return body;
  const out: Buffer[] = [body.subarray(0, start)];
  while (start >= 0) {
    const next = body.indexOf(between, start + delimiter.length);
    out.push(delimiter, cleanPart(body.subarray(start + delimiter.length, next < 0 ? body.length : next)));
    if (next < 0) break;
    out.push(Buffer.from("\r\n"));
    start = next + 2;
  }
  return Buffer.concat(out);
}

/** One part after its delimiter: '\r\n', headers, '\r\n\r\n', content (or '--' and the epilogue). */
function cleanPart(part: Buffer): Buffer {
  const end = part.indexOf("\r\n\r\n");
  if (end < 0 || !part.subarray(0, 2).equals(Buffer.from("\r\n"))) return part;
  const headers = part
    .subarray(2, end)
    .toString("latin1")
    .split("\r\n")
    .map((line) => withoutControls(line, false));
  const content = part.subarray(end + 4);
  const isFile = headers.some((line) => /^content-disposition:.*\bfilename\*?=/i.test(line));
  return Buffer.concat([
    Buffer.from(`\r\n${headers.join("\r\n")}\r\n\r\n`, "latin1"),
    // A field's value is sent as it is typed, never percent-encoded: only raw controls are removed.
    isFile ? content : Buffer.from(content.toString("latin1").replace(CONTROLS, ""), "latin1"),
  ]);
}
