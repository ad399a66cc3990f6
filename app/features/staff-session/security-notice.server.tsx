// A note to a staff member each time how their account signs in changes (a new password, the
// authenticator app turned on or off, a recovery code spent), so that a change they did not make is
// noticed at once. Sent to the account's own address, when it has one.
import { Text } from "@react-email/text";
import { accountContact } from "../../../server/auth/users";
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailButton, EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { publishedSite } from "~/features/site-texts/store.server";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";

export type SecurityEvent = "password-changed" | "authenticator-on" | "authenticator-off" | "recovery-code-used";

const NOTICES: Record<SecurityEvent, { subject: string; what: string }> = {
  "password-changed": {
    subject: "Le mot de passe de votre compte a été changé",
    what: "Le mot de passe de votre compte a été changé",
  },
  "authenticator-on": {
    subject: "Application d'authentification activée",
    what: "Une application d'authentification a été activée pour votre compte",
  },
  "authenticator-off": {
    subject: "Application d'authentification désactivée",
    what: "L'application d'authentification de votre compte a été désactivée",
  },
  "recovery-code-used": {
    subject: "Connexion avec un code de récupération",
    what: "Un code de récupération a servi à ouvrir une session sur votre compte",
  },
};

const lines = (event: SecurityEvent, name: string, site: EmailSite, at: Date) => ({
  greeting: `Bonjour ${name},`,
  what: `${NOTICES[event].what} le ${formatDate(at, "dateTime")}, sur le site de ${site.name}. Si c'est vous, il n'y a rien à faire.`,
  why: "Cet avis part à chaque changement de la façon dont votre compte se connecte.",
  notYou:
    "Si ce n'est pas vous, choisissez tout de suite un nouveau mot de passe avec le lien ci-dessous, puis prévenez le propriétaire du site.",
});

function SecurityNotice({ t, url, siteName }: { t: ReturnType<typeof lines>; url: string; siteName: string }) {
  return (
    <EmailLayout
      siteName={siteName}
      preview={typography(t.what)}
      footer={<Text style={styles.muted}>{typography(t.why)}</Text>}
    >
      <Text style={styles.text}>{typography(t.greeting)}</Text>
      <Text style={styles.text}>{typography(t.what)}</Text>
      <Text style={styles.text}>{typography(t.notYou)}</Text>
      <EmailButton href={url}>Choisir un nouveau mot de passe</EmailButton>
    </EmailLayout>
  );
}

async function renderSecurityNotice(
  event: SecurityEvent,
  name: string,
  site: EmailSite,
  at: Date,
): Promise<RenderedEmail> {
  const t = lines(event, name, site, at);
  const url = new URL("/mot-de-passe-oublie", site.publicUrl).toString();
  const html = await renderEmailHtml(<SecurityNotice t={t} url={url} siteName={site.name} />);
  const text = [t.greeting, "", t.what, "", t.notYou, url, "", t.why];
  return { subject: typography(NOTICES[event].subject), html, text: typography(text.join("\n")) };
}

/** Queues the notice of `event` to the account's address; nothing when it has none or mail is off. */
export async function sendSecurityNotice(
  { db, config }: Pick<Services, "db" | "config">,
  userId: string,
  event: SecurityEvent,
  now = new Date(),
): Promise<void> {
  if (!config.mail) return;
  const contact = await accountContact(db, userId);
  if (!contact) return;
  const site = await publishedSite(db, config.site);
  const rendered = await renderSecurityNotice(event, contact.name, site, now);
  await enqueueEmail(db, config.mail, { purpose: "security-notice", to: contact.email, ...rendered }, now);
  kickOutbox(db);
}
