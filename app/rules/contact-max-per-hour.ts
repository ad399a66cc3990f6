// CONTACT_MAX_PER_HOUR: how many requests the whole site stores in an hour (all addresses together)
// before the next ones go to 'Indésirables' (app/features/contact-requests/spam.ts).

export const DEFAULT_CONTACT_MAX_PER_HOUR = 30;

/** A positive whole number, 'off' for no ceiling (null), the default when unset. */
export function parseMaxPerHour(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return DEFAULT_CONTACT_MAX_PER_HOUR;
  if (value.trim().toLowerCase() === "off") return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`CONTACT_MAX_PER_HOUR doit être un nombre entier positif ou « off », pas « ${value} ».`);
  }
  return number;
}
