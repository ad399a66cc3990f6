// A reply the staff write on a request's page, sent from MAIL_FROM to the prospect: their text, signed
// once (theirs, or the business's name, phone and site); the prospect's own message quoted below it.
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { signedByStaff } from "~/features/contact-requests/emails/reply-signature";
import { telHref } from "~/rules/site";
import { formatReceivedAt, privacyPageUrl, type EmailSite, type RequestForEmail } from "./facts";
import { EmailLayout, renderEmailHtml, styles } from "./layout.server";
import type { RenderedEmail } from "./staff-notification.server";
import { typography } from "~/lib/typography";

type Props = { body: string; request: RequestForEmail; site: EmailSite };

/** 'Votre demande à Boréal Distributrices': the subject a reply gets unless the staff write another. */
export const replySubject = (site: Pick<EmailSite, "name">) => `Votre demande à ${site.name}`;

function StaffReplyEmail({ body, request, site }: Props) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={body.slice(0, 120)}
      footer={
        <Text style={styles.muted}>
          {`En réponse à votre demande du ${formatReceivedAt(request.timestamp)}. `}
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
      <Text style={styles.muted}>{`Votre message :\n${request.description_demande}`}</Text>
    </EmailLayout>
  );
}

export async function renderStaffReply(
  { body, subject }: { body: string; subject: string },
  request: RequestForEmail,
  site: EmailSite,
): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<StaffReplyEmail body={body} request={request} site={site} />);
  const quoted = request.description_demande
    .split(/\r\n?|[\n\v\f\u0085\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
  // One signature: the staff's own, else the team's.
  const signature = signedByStaff(body, site.name) ? [] : [`L'équipe de ${site.name}`, site.phone, site.publicUrl, ""];
  const text = [body, "", ...signature, `Le ${formatReceivedAt(request.timestamp)}, vous nous écriviez :`, quoted].join(
    "\n",
  );
  return { subject: typography(subject), html, text: typography(text) };
}
