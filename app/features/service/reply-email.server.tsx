// The staff's answer to a person who reported a problem or asked for a refund at a machine, sent to the
// one address they left for it: the staff's text, signed once, with the ticket's reference and what
// they reported, so that the person knows what it answers.
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { privacyPageUrl } from "~/features/contact-requests/emails/facts";
import { EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import { signedByStaff } from "~/features/contact-requests/emails/reply-signature";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";

export type TicketForReply = {
  code: string;
  what: string;
  /** The amount asked back ('3,75 $'), for a refund. */
  refund: string | null;
  client_name: string;
  received_at: Date;
  description: string;
};

const subject = (t: TicketForReply) => `Votre signalement ${t.code} : ${t.what}`;

/** What the person sent, as the answer recalls it: 'Le 3 décembre 2026 à 10 h 06, à notre machine chez
 * Clinique Fortin, vous nous demandiez un remboursement de 3,75 $.' ('chez' takes any business name.) */
const reported = (t: TicketForReply) =>
  `Le ${formatDate(t.received_at, "dateTime")}, à notre machine chez ${t.client_name}, ${
    t.refund
      ? `vous nous demandiez un remboursement de ${t.refund}`
      : `vous nous signaliez un problème (${t.what.toLowerCase()})`
  }.`;

function ReplyEmail({ body, ticket: t, site }: { body: string; ticket: TicketForReply; site: EmailSite }) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={body.slice(0, 120)}
      footer={
        <Text style={styles.muted}>
          {`Vous recevez ce courriel parce que vous avez laissé cette adresse pour une réponse (référence ${t.code}). `}
          <Link href={privacyPageUrl(site.publicUrl)} style={styles.link}>
            Politique de confidentialité
          </Link>
        </Text>
      }
    >
      {body.split(/\n{2,}/).map((paragraph, index) => (
        <Text key={index} style={{ ...styles.text, whiteSpace: "pre-line" }}>
          {paragraph}
        </Text>
      ))}
      {!signedByStaff(body, site.name) && (
        <Text style={styles.text}>
          {`L'équipe de ${site.name}`}
          <br />
          <Link href={telHref(site.phone)} style={styles.phone}>
            {site.phone}
          </Link>
        </Text>
      )}
      <Text style={styles.muted}>{reported(t)}</Text>
      {t.description && <Text style={{ ...styles.muted, whiteSpace: "pre-line" }}>{t.description}</Text>}
    </EmailLayout>
  );
}

/** The answer, rendered before the transaction that queues it and keeps it on the ticket. */
export async function renderTicketReply(body: string, ticket: TicketForReply, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<ReplyEmail body={body} ticket={ticket} site={site} />);
  const signature = signedByStaff(body, site.name) ? [] : [`L'équipe de ${site.name}`, site.phone, site.publicUrl];
  const text = [body, "", ...signature, "", reported(ticket), ...(ticket.description ? [ticket.description] : [])];
  return { subject: typography(subject(ticket)), html, text: typography(text.join("\n")) };
}
