// Starting the outbox worker with the server. The mail library (about 15 MB of memory) loads only when
// SMTP_URL is set.
import type { MailSettings } from "../config";
import type { Services } from "../context";
import type { OutboxWorker } from "./worker";

/** The server a log line may name (never the URL: it holds the password). */
function smtpServer(mail: MailSettings): string {
  const url = new URL(mail.smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** Started by startServer; without SMTP_URL no email is queued nor sent, and the staff panel says so
 * (emailConfigured). */
export async function startOutbox(services: Pick<Services, "db" | "config" | "log">): Promise<OutboxWorker | null> {
  const { db, config, log } = services;
  if (!config.mail) {
    log.info("SMTP_URL is not set: no email is sent (staff notifications, confirmations)");
    return null;
  }
  const { startOutboxWorker } = await import("./worker");
  log.info({ server: smtpServer(config.mail), leads: config.mail.leads.length }, "Emails are sent through SMTP");
  return startOutboxWorker({ db, smtpUrl: config.mail.smtpUrl, log });
}
