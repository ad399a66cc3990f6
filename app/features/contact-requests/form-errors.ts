// Which field messages the contact form shows, as the visitor corrects the form.
import type { ContactErrors, ContactField } from "./fields";

export type FieldErrors = ContactErrors["fields"];

/** The order of the fields on screen: focus goes to the first one that has a message. */
const FIELD_ORDER: ContactField[] = [
  "nom_complet",
  "courriel",
  "type_emplacement",
  "emplacement",
  "date_installation",
  "description_demande",
  "prefere_telephone",
  "numero_telephone",
];

/** The first field on screen with a message, or undefined when none has one. */
export function firstFieldWithError(errors: FieldErrors): ContactField | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

/** True when a change to `name` clears a message: its own, or the phone number's when the phone box
 * changes (the number is required only while the box is ticked). */
export function clearsAnError(errors: FieldErrors, name: ContactField): boolean {
  return Boolean(errors[name] || (name === "prefere_telephone" && errors.numero_telephone));
}

/** The messages left once `name` has changed. */
export function withoutErrorOf(errors: FieldErrors, name: ContactField): FieldErrors {
  const next = { ...errors };
  delete next[name];
  if (name === "prefere_telephone") delete next.numero_telephone;
  return next;
}
