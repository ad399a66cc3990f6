// How long a contact request, a proposal and a sent email are kept: the one place that says it. The
// privacy page states it to visitors (retentionPeriodText) and the server deletes what is older
// (app/features/contact-requests/retention-job.server.ts).
// Pure: no clock, no I/O, nothing heavy, so the page can import it without weighing on its bundle.

/** A request is deleted this many years after its last activity (creation, delivery, handling). */
export const CONTACT_RETENTION_YEARS = 2;

/** Requests whose last activity is before this instant are due for deletion: `now` minus the
 * retention period, in calendar years (UTC). On 29 February the date that does not exist rolls
 * forward to 1 March, so a request is never kept longer than promised. */
export function contactRetentionCutoff(now: Date, years: number = CONTACT_RETENTION_YEARS): Date {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`years must be a whole number ≥ 1, got ${years}`);
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** A proposal (each version) is deleted this many years after its last change: sent, viewed,
 * accepted or changes asked for. */
export const PROPOSAL_RETENTION_YEARS = 2;

/** A ticket sent from a machine's page (a problem, a refund) keeps the email or phone left for an
 * answer this many years after it came; then they are cleared and the ticket stays for the machine's
 * history. */
export const TICKET_CONTACT_RETENTION_YEARS = 1;

/** An email is deleted from the outbox this many days after it was sent, or after its last attempt
 * when it failed; one still waiting to be sent is kept. */
export const EMAIL_RETENTION_DAYS = 90;

/** Emails sent (or failed) before this instant are due for deletion. */
export function emailRetentionCutoff(now: Date, days: number = EMAIL_RETENTION_DAYS): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a whole number ≥ 1, got ${days}`);
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

const YEAR_WORDS = [
  "",
  "un an",
  "deux ans",
  "trois ans",
  "quatre ans",
  "cinq ans",
  "six ans",
  "sept ans",
  "huit ans",
  "neuf ans",
  "dix ans",
];

/** The period in words, as the privacy page says it: 2 → 'deux ans'. */
export function retentionPeriodText(years: number = CONTACT_RETENTION_YEARS): string {
  return YEAR_WORDS[years] ?? `${years} ans`;
}
