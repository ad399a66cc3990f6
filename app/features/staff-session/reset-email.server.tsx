// The link to choose a new password, valid an hour and once. The address is given in the text part only.
import { Text } from "@react-email/text";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailButton, EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { typography } from "~/lib/typography";

const lines = (name: string, site: EmailSite) => ({
  greeting: `Bonjour ${name},`,
  asked: `Un nouveau mot de passe a été demandé pour votre compte sur le site de ${site.name}. Le lien ci-dessous vaut une heure et ne sert qu'une fois.`,
  notYou: "Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe ne change pas.",
});

function ResetEmail({ name, url, site }: { name: string; url: string; site: EmailSite }) {
  const t = lines(name, site);
  return (
    <EmailLayout
      siteName={site.name}
      preview={typography(t.asked)}
      footer={<Text style={styles.muted}>{typography(t.notYou)}</Text>}
    >
      <Text style={styles.text}>{typography(t.greeting)}</Text>
      <Text style={styles.text}>{typography(t.asked)}</Text>
      <EmailButton href={url}>Choisir un nouveau mot de passe</EmailButton>
    </EmailLayout>
  );
}

export async function renderResetEmail(name: string, url: string, site: EmailSite): Promise<RenderedEmail> {
  const t = lines(name, site);
  const html = await renderEmailHtml(<ResetEmail name={name} url={url} site={site} />);
  const text = [t.greeting, "", t.asked, "", "Choisir un nouveau mot de passe :", url, "", t.notYou];
  // The link, not a password: a subject that promised one would read like a phishing email.
  return {
    subject: typography(`Choisir un nouveau mot de passe pour ${site.name}`),
    html,
    text: typography(text.join("\n")),
  };
}
