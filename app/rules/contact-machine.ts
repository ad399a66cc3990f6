// The machine a request is about, as it travels from a machine's page or view to the contact form
// (/contact?machine=<id>) and from the form to the server (the 'machine' field). Pure: no I/O.

import { isUuid } from "./id";

export const CONTACT_MACHINE_FIELD = "machine";

/** The longest machine name a request stores (a name is checked against the machines on receipt). */
export const CONTACT_MACHINE_MAX = 200;

/** A machine id as the form or the address gives it (lower case), or null when absent or malformed. */
export function readMachineId(value: unknown): string | null {
  return typeof value === "string" && isUuid(value.trim()) ? value.trim().toLowerCase() : null;
}

/** The contact form, asking about one machine. */
export function contactMachineUrl(id: string): string {
  return `/contact?${CONTACT_MACHINE_FIELD}=${id.toLowerCase()}`;
}

/** The form's answer when the machine named is not (or no longer) one of ours. */
export const UNKNOWN_MACHINE_MESSAGE = "Cette machine n'est plus offerte. Retirez-la de votre demande pour l'envoyer.";
