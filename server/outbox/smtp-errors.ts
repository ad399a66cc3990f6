// What an SMTP send's outcome means for the outbox. Pure: no I/O.
//
// - The server is unreachable, stops answering, or answers 4xx (a temporary refusal: greylisting, a
//   full queue): try again later.
// - The server answers 5xx (no such mailbox, message refused): try no more; the reason is kept for
//   the staff.
// - A refused login is the site's own setting, not the message's fault: try again, so that the
//   messages go out once the password is corrected.

export type SendVerdict = { retry: boolean; reason: string };

type SmtpError = {
  name?: string;
  message?: string;
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  recipient?: string;
  rejectedErrors?: SmtpError[];
};

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const answer = (error: SmtpError) => clip((error.response ?? error.message ?? "").trim());

/** A send that threw: retry or give up, and the reason in French for the staff. */
export function classifySendError(cause: unknown): SendVerdict {
  const error = (cause ?? {}) as SmtpError;
  if (error.code === "EAUTH") {
    return {
      retry: true,
      reason: `Le serveur de courriel a refusé la connexion du site (identifiants de SMTP_URL) : ${answer(error)}`,
    };
  }
  const code = error.responseCode;
  if (typeof code === "number" && code >= 500 && code < 600) {
    return { retry: false, reason: `Refusé par le serveur de courriel : ${answer(error)}` };
  }
  if (typeof code === "number" && code >= 400 && code < 500) {
    return { retry: true, reason: `Refus temporaire du serveur de courriel : ${answer(error)}` };
  }
  if (error.code === "ETIMEDOUT")
    return { retry: true, reason: "Le serveur de courriel ne répond pas (délai dépassé)." };
  const technical = error.originalCode ?? error.code ?? error.name ?? "erreur inconnue";
  return { retry: true, reason: `Serveur de courriel injoignable (${technical}).` };
}

/** Recipients the server refused while it accepted the others (the send itself succeeded). */
export function classifyRejectedRecipients(rejected: readonly SmtpError[]): SendVerdict | null {
  if (rejected.length === 0) return null;
  const permanent = rejected.some((e) => typeof e.responseCode === "number" && e.responseCode >= 500);
  const list = rejected.map((e) => `${e.recipient ?? "?"} : ${answer(e)}`).join(" ; ");
  return permanent
    ? { retry: false, reason: clip(`Refusé par le serveur de courriel pour ${list}`, 1000) }
    : { retry: true, reason: clip(`Refus temporaire du serveur de courriel pour ${list}`, 1000) };
}
