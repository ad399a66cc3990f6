// The email the staff get for each new request: every field, when it came, a link to it in the
// inbox; answering it from a mail client reaches the prospect (Reply-To).
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { elide } from "~/lib/elision";
import { telHref } from "~/rules/site";
import {
  factsAsText,
  formatReceivedAt,
  oneLine,
  requestFacts,
  staffNotificationSubject,
  staffRequestUrl,
  type EmailSite,
  type RequestForEmail,
} from "./facts";
import { EmailLayout, FactRow, renderEmailHtml, styles } from "./layout.server";
import { typography } from "~/lib/typography";

export type RenderedEmail = { subject: string; html: string; text: string; replyTo?: string };

type Props = { request: RequestForEmail; site: EmailSite };

function StaffNotificationEmail({ request, site }: Props) {
  const url = staffRequestUrl(site.publicUrl, request.id);
  const phone = request.prefere_telephone && request.numero_telephone ? request.numero_telephone : null;
  return (
    <EmailLayout
      siteName={site.name}
      preview={`${request.nom_complet} a envoyé une demande par le site.`}
      footer={
        <Text style={styles.muted}>
          {`Répondre à ce courriel écrit directement à ${request.nom_complet} (${request.courriel}).`}
        </Text>
      }
    >
      <Text style={styles.heading}>{`Nouvelle demande ${elide("de", request.nom_complet)}`}</Text>
      <Text style={styles.muted}>{`Reçue le ${formatReceivedAt(request.timestamp)}`}</Text>
      {phone ? (
        <Text style={styles.text}>
          {"Préfère être contacté par téléphone : "}
          <Link href={telHref(phone)} style={styles.phone}>
            {phone}
          </Link>
        </Text>
      ) : null}
      <Section style={{ margin: "8px 0 16px" }}>
        {requestFacts(request).map((fact) => (
          <FactRow key={fact.label} {...fact} />
        ))}
      </Section>
      <Button href={url} style={styles.button}>
        Voir la demande
      </Button>
    </EmailLayout>
  );
}

/** Subject, HTML and plain-text parts of the staff notification, and its Reply-To (the prospect). */
export async function renderStaffNotification(request: RequestForEmail, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<StaffNotificationEmail request={request} site={site} />);
  const name = oneLine(request.nom_complet);
  const text = [
    `Nouvelle demande ${elide("de", name)}`,
    `Reçue le ${formatReceivedAt(request.timestamp)}`,
    "",
    factsAsText(requestFacts(request)),
    "",
    `Voir la demande : ${staffRequestUrl(site.publicUrl, request.id)}`,
    "",
    `Répondre à ce courriel écrit directement à ${name} (${oneLine(request.courriel)}).`,
  ].join("\n");
  return {
    subject: typography(staffNotificationSubject(request)),
    html,
    text: typography(text),
    replyTo: replyToProspect(request),
  };
}

/** 'Nom <courriel>', the name quoted so that a comma or a bracket in it stays part of the name. */
export function replyToProspect(request: Pick<RequestForEmail, "nom_complet" | "courriel">): string {
  const name = oneLine(request.nom_complet)
    .replace(/["\\]+/g, " ")
    .trim();
  return `"${name}" <${request.courriel.trim()}>`;
}
