// A staff form's field names are paths into the object its schema reads: 'machine.nom',
// 'steps.0.titre', 'machine.images.2' (a number is an array index). The same names key the field
// errors, so an error lands on the field that caused it.

import { cleanMultiline } from "~/rules/text";

type FormLike = { entries(): Iterable<[string, FormDataEntryValue]> };

/** Longest list a form may post (a larger index is ignored): bounds what a request can allocate. */
const MAX_INDEX = 999;
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);

/** The form's fields as one object: 'a.b' → { a: { b } }, 'a.0' → { a: [ … ] }; a name given twice
 * keeps its first value. Files are kept as they are. Every text loses its control characters and its
 * line breaks become "\n" (cleanMultiline), for every staff form at once; a single-line field's
 * schema folds the remaining line breaks with foldToSingleLine where the value reaches an email. */
export function formValues(form: FormLike): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const path = name.split(".");
    if (path.some((part) => part === "" || UNSAFE.has(part))) continue;
    if (path.some((part) => /^\d+$/.test(part) && Number(part) > MAX_INDEX)) continue;
    let node = root as Record<string | number, unknown>;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const key = /^\d+$/.test(part) ? Number(part) : part;
      if (i === path.length - 1) {
        if (node[key] === undefined) node[key] = typeof value === "string" ? cleanMultiline(value) : value;
        break;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      const existing = node[key];
      if (existing === undefined) node[key] = nextIsIndex ? [] : {};
      else if (typeof existing !== "object" || existing === null || existing instanceof Blob) break;
      else if (Array.isArray(existing) !== nextIsIndex) break; // 'a.0' after 'a.b': the later field is ignored
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return root;
}

/** The fields a form posts for a value, named by their paths (the reverse of `formValues`): null is
 * an empty field, `true` a ticked box ('on'), `false`, undefined and empty lists post nothing. */
export function fieldsOf(value: unknown, name = ""): [string, string][] {
  if (value === undefined || value === false) return [];
  if (value === null) return name ? [[name, ""]] : [];
  if (value === true) return [[name, "on"]];
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldsOf(item, name ? `${name}.${i}` : String(i)));
  if (typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => fieldsOf(item, name ? `${name}.${key}` : key));
  if (typeof value === "string" || typeof value === "number") return [[name, String(value)]];
  return [];
}

/** `fieldsOf` as FormData: what a form with these fields posts. */
export function toFormData(value: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, text] of fieldsOf(value)) form.append(name, text);
  return form;
}
