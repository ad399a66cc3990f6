// A service ticket: what a person at an installed machine reports ('Signaler un problème') or asks back
// ('Demander un remboursement'). Its kinds, states and priority are listed once here with their French
// labels; the public forms, the staff inbox, the emails and the CSV show them from these lists.
import { instantAt, isoLocal, localTime } from "~/lib/dates";

/** What went wrong: `label` as the person picks it at the machine (first person), `staffLabel` as the
 * staff read it (inbox, ticket, emails, CSV). */
export const PROBLEM_KINDS = [
  { value: "pas-distribue", label: "N'a pas distribué", staffLabel: "N'a pas distribué", urgent: true },
  { value: "argent-garde", label: "A gardé mon argent", staffLabel: "A gardé l'argent", urgent: true },
  { value: "paiement-refuse", label: "Paiement refusé", staffLabel: "Paiement refusé", urgent: false },
  { value: "produit-abime", label: "Produit expiré ou abîmé", staffLabel: "Produit expiré ou abîmé", urgent: false },
  { value: "machine-vide", label: "Machine vide", staffLabel: "Machine vide", urgent: false },
  { value: "autre", label: "Autre", staffLabel: "Autre", urgent: false },
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number]["value"];

const TICKET_STATUSES = [
  { value: "nouveau", label: "Nouveau" },
  { value: "en-cours", label: "En cours" },
  { value: "resolu", label: "Résolu" },
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number]["value"];

/** 'Nouveau', 'En cours' or 'Résolu'. */
export function ticketStatusLabel(status: TicketStatus): string {
  return TICKET_STATUSES.find((s) => s.value === status)!.label;
}

export type TicketKind = { type: "probleme"; problem: ProblemKind } | { type: "remboursement" };

/** 'Reçue le' for a refund (une demande), 'Reçu le' for a problem (un signalement). */
export function receivedLabel(kind: string): string {
  return kind === "remboursement" ? "Reçue le" : "Reçu le";
}

/** A machine that keeps people's money or does not vend comes first; so does money to give back. */
export function isUrgent(kind: TicketKind): boolean {
  if (kind.type === "remboursement") return true;
  return PROBLEM_KINDS.find((k) => k.value === kind.problem)?.urgent ?? false;
}

/** The response the owner promises (settings): by the end of the same open day, or within some hours. */
export type ResponsePromise =
  | {
      kind: "same-day";
      /** Local hour the day ends, 1–24. */ closingHour: number;
      /** 1 (Monday) to 7. */ openDays: number[];
    }
  | { kind: "hours"; hours: number };

/** The default: the same business day, which ends at 17 h, every day of the week (a local service,
 * seven days a week). */
const DEFAULT_PROMISE = {
  kind: "same-day",
  closingHour: 17,
  openDays: [1, 2, 3, 4, 5, 6, 7],
} as const satisfies ResponsePromise;

/** When the answer to a ticket received at `receivedAt` is due. Received on an open day before it ends:
 * that day's end; otherwise the end of the next open day. */
export function responseDue(receivedAt: Date, promise: ResponsePromise = DEFAULT_PROMISE): Date {
  if (promise.kind === "hours") return new Date(receivedAt.getTime() + promise.hours * 3_600_000);
  const open = new Set(promise.openDays);
  if (open.size === 0) return new Date(receivedAt.getTime() + 24 * 3_600_000);
  const received = localTime(receivedAt);
  const endOf = (year: number, month: number, day: number) =>
    instantAt({ year, month, day, hour: promise.closingHour, minute: 0 });
  if (open.has(received.weekday) && receivedAt < endOf(received.year, received.month, received.day)) {
    return endOf(received.year, received.month, received.day);
  }
  // Calendar days are counted at UTC noon, where no change of time can move them.
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = new Date(Date.UTC(received.year, received.month - 1, received.day + ahead, 12));
    const weekday = day.getUTCDay() || 7;
    if (open.has(weekday)) return endOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  }
  throw new Error("unreachable: an open day falls within a week");
}

/** Minutes left before a ticket's answer is due; negative once it is late. */
export function minutesLeft(due: Date, now: Date): number {
  return Math.floor((due.getTime() - now.getTime()) / 60_000);
}

/** The staff's order: open tickets first, urgent ones first among them, then the one due soonest. */
export function compareTickets(
  a: { status: TicketStatus; urgent: boolean; due: Date },
  b: { status: TicketStatus; urgent: boolean; due: Date },
): number {
  const closed = (t: { status: TicketStatus }) => (t.status === "resolu" ? 1 : 0);
  return closed(a) - closed(b) || Number(b.urgent) - Number(a.urgent) || a.due.getTime() - b.due.getTime();
}

/** Problems counted for a recurring fault. */
const RECURRING_FAULT = { problems: 3, days: 30 } as const;

/** The products and slots of one machine with a recurring fault: RECURRING_FAULT.problems problems or
 * more in the last RECURRING_FAULT.days days on the same product or the same slot. */
export function recurringFaults(
  problems: { receivedAt: Date; productId: string | null; slot: string | null }[],
  now: Date,
): { products: string[]; slots: string[] } {
  const since = now.getTime() - RECURRING_FAULT.days * 86_400_000;
  const recent = problems.filter((p) => p.receivedAt.getTime() >= since && p.receivedAt <= now);
  const atLeast = (keys: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts]
      .filter(([, n]) => n >= RECURRING_FAULT.problems)
      .map(([key]) => key)
      .sort();
  };
  return { products: atLeast(recent.map((p) => p.productId)), slots: atLeast(recent.map((p) => p.slot)) };
}

// A ticket's reference, given to the person who reported it: 'S-' and 5 characters from the machine
// codes' alphabet (no look-alikes), drawn at random (29⁵ ≈ 20 million) and drawn again on a clash.
const TICKET_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";

/** A new ticket reference. `randomIndex(n)` gives a random integer in [0, n) (node:crypto's randomInt). */
export function newTicketCode(randomIndex: (n: number) => number): string {
  let code = "S-";
  for (let i = 0; i < 5; i += 1) code += TICKET_CODE_ALPHABET[randomIndex(TICKET_CODE_ALPHABET.length)];
  return code;
}

/** A duration as people read it: '12 min', '2 h 05', '3 h', '1 jour et 4 h', '2 jours'. */
export function durationText(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours < 24) return rest ? `${hours} h ${String(rest).padStart(2, "0")}` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const leftHours = hours % 24;
  return `${days} jour${days > 1 ? "s" : ""}${leftHours ? ` et ${leftHours} h` : ""}`;
}

/** The `p`-th percentile of some values (nearest rank: a value that occurred); null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The time left before a ticket's promised response, or how late it is: 'Reste 2 h 05', 'En retard
 * de 45 min'. */
export function timeLeftText(minutes: number): string {
  return minutes >= 0 ? `Reste ${durationText(minutes)}` : `En retard de ${durationText(-minutes)}`;
}

/** The owner's service settings ('Éditer les Pages' › Réglages du site › Service aux machines), read
 * from the settings' texts: a delay in hours when one is set, else the same day until the closing hour;
 * and the most a person may ask back at a machine. A value that is not a number keeps the default. */
export function serviceSettingsOf(texts: Record<string, string | undefined>): {
  promise: ResponsePromise;
  refundMaxCents: number;
} {
  const whole = (value: string | undefined, min: number, max: number) => {
    const n = /^\d+$/.test(value?.trim() ?? "") ? Number(value) : NaN;
    return n >= min && n <= max ? n : null;
  };
  const hours = whole(texts.serviceResponseHours, 1, 168);
  const closingHour = whole(texts.serviceClosingHour, 8, 24) ?? DEFAULT_PROMISE.closingHour;
  return {
    promise: hours
      ? { kind: "hours", hours }
      : { ...DEFAULT_PROMISE, openDays: [...DEFAULT_PROMISE.openDays], closingHour },
    refundMaxCents: (whole(texts.refundMax, 1, 200) ?? 20) * 100,
  };
}

/** The first instants, in Québec, of the last `count` months (this one last) and of the next month:
 * [0] opens the first month, [count] closes this one. */
export function monthStarts(now: Date, count: number): Date[] {
  const [year, month] = isoLocal(now).day.split("-").map(Number) as [number, number];
  return Array.from({ length: count + 1 }, (_, i) => {
    const first = new Date(Date.UTC(year, month - count + i, 1));
    return instantAt({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1, hour: 0, minute: 0 });
  });
}
