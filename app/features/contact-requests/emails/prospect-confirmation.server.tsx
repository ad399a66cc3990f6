// The confirmation the prospect gets: thanks, the 24-hour promise, the phone number, what was received
// in the site's own words and the privacy page. It never repeats what the sender typed beyond their
// name (no text, no link), so the form cannot be used to send a message to a stranger; and an address
// gets at most one a day (app/features/contact-requests/confirmations.server.ts).
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { telHref } from "~/rules/site";
import {
  confirmationFacts,
  factsAsText,
  oneLine,
  privacyPageUrl,
  PROSPECT_CONFIRMATION_SUBJECT,
  type EmailSite,
  type RequestForEmail,
} from "./facts";
import { EmailLayout, FactRow, renderEmailHtml, styles } from "./layout.server";
import type { RenderedEmail } from "./staff-notification.server";
import { typography } from "~/lib/typography";

type Props = { request: RequestForEmail; site: EmailSite };

const PROMISE =
  "Merci de votre intérêt. Un membre de notre équipe vous contactera dans les 24 heures pour discuter de votre projet.";

const RECEIVED = "Votre message nous est bien parvenu et a été transmis à notre équipe.";

function ProspectConfirmationEmail({ request, site }: Props) {
  const privacy = privacyPageUrl(site.publicUrl);
  return (
    <EmailLayout
      siteName={site.name}
      preview="Votre demande est bien reçue : nous vous contacterons dans les 24 heures."
      footer={
        <Text style={styles.muted}>
          {`Vous recevez ce courriel parce que vous avez envoyé une demande sur le site de ${site.name}. Pour savoir comment nous traitons vos renseignements personnels, consultez notre `}
          <Link href={privacy} style={styles.link}>
            politique de confidentialité
          </Link>
          .
        </Text>
      }
    >
      <Text style={styles.heading}>Demande reçue !</Text>
      <Text style={styles.text}>{`Bonjour ${oneLine(request.nom_complet)},`}</Text>
      <Text style={styles.text}>{PROMISE}</Text>
      <Text style={styles.text}>
        {"Une question d'ici là ? Appelez-nous au "}
        <Link href={telHref(site.phone)} style={styles.phone}>
          {site.phone}
        </Link>
        .
      </Text>
      <Text style={{ ...styles.text, fontWeight: 600, margin: "24px 0 12px" }}>Votre demande</Text>
      <Text style={styles.text}>{RECEIVED}</Text>
      <Section>
        {confirmationFacts(request).map((fact) => (
          <FactRow key={fact.label} {...fact} />
        ))}
      </Section>
      <Text style={styles.text}>{`L'équipe de ${site.name}`}</Text>
    </EmailLayout>
  );
}

/** Subject, HTML and plain-text parts of the prospect's confirmation. */
export async function renderProspectConfirmation(request: RequestForEmail, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<ProspectConfirmationEmail request={request} site={site} />);
  const text = [
    "Demande reçue !",
    "",
    `Bonjour ${oneLine(request.nom_complet)},`,
    "",
    PROMISE,
    "",
    `Une question d'ici là ? Appelez-nous au ${site.phone}.`,
    "",
    "Votre demande",
    RECEIVED,
    factsAsText(confirmationFacts(request)),
    "",
    `L'équipe de ${site.name}`,
    "",
    `Vous recevez ce courriel parce que vous avez envoyé une demande sur le site de ${site.name}. Notre politique de confidentialité : ${privacyPageUrl(site.publicUrl)}`,
  ].join("\n");
  return { subject: typography(`${PROSPECT_CONFIRMATION_SUBJECT} — ${site.name}`), html, text: typography(text) };
}
