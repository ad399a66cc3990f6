// What an outbox message is for: every purpose the site writes, so that each has a name in the staff's
// list of a request's emails (app/features/contact-requests/stages.ts). Pure.
export const EMAIL_PURPOSES = [
  /** A new contact request, to the staff. */
  "staff-notification",
  /** Its acknowledgement, to the prospect. */
  "prospect-confirmation",
  /** The staff's answer from the request's page. */
  "reply",
  /** A proposal's link, to the client. */
  "proposal",
  /** The same link again ('Renvoyer'). */
  "proposal-resent",
  /** The client accepted, to the staff. */
  "proposal-accepted",
  /** The client asked for changes, to the staff. */
  "proposal-changes",
  /** The confirmation of an acceptance, to the client. */
  "proposal-accepted-client",
  /** An installation's planned date, with its calendar file, to the client. */
  "installation-planned",
  /** A problem or a refund reported at a machine (/m/{code}), to the staff (SERVICE_EMAIL). */
  "service-ticket",
  /** The staff's answer to the person who reported it, at the address they left. */
  "service-reply",
  /** The month's report of an installed machine, to its client's contact (opt-out in one click). */
  "monthly-report",
  /** An invitation to the staff's team, to the person invited. */
  "team-invitation",
  /** A request or a ticket given to a staff member, to that person. */
  "assignment",
  /** The link to choose a new password, to a staff member who asked for it. */
  "password-reset",
  /** A change to how a staff member signs in (password, authenticator app, a recovery code used), to them. */
  "security-notice",
] as const;

export type EmailPurpose = (typeof EMAIL_PURPOSES)[number];
