export type Fields = Record<string, string | string[]>;

/** A multipart form as a staff page sends it; a list is sent as repeated fields. */
export function formData(fields: Fields): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return body;
}
