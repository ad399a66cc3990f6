// The invitation to the team: who invites, with which roles, and the one link that lets the person
// choose a password (valid 48 hours, once). The link is a button; the address is given in the text
// part only, where a mail client shows no button.
import { Text } from "@react-email/text";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailButton, EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import { ROLE_LABELS, type StaffRole } from "~/rules/staff-roles";

export type InvitationForEmail = {
  name: string;
  email: string;
  roles: readonly StaffRole[];
  /** The inviter's name; null for an account that has none yet (the first admin). */
  invitedBy: string | null;
  expiresAt: Date;
  url: string;
};

const rolesText = (roles: readonly StaffRole[]) => roles.map((role) => ROLE_LABELS[role]).join(", ");

const lines = (i: InvitationForEmail, site: EmailSite) => ({
  greeting: `Bonjour ${i.name},`,
  invited: `${i.invitedBy ?? "On"} vous invite à rejoindre l'équipe de ${site.name} sur son site, avec le rôle ${rolesText(i.roles)}.`,
  choose: `Choisissez votre mot de passe avant le ${formatDate(i.expiresAt, "dateTime")} : le lien ne sert qu'une fois. Vous vous connecterez ensuite avec votre adresse ${i.email}.`,
  unexpected: "Si vous n'attendiez pas cette invitation, ignorez ce courriel : aucun compte n'est créé sans vous.",
});

function InvitationEmail({ invitation, site }: { invitation: InvitationForEmail; site: EmailSite }) {
  const t = lines(invitation, site);
  return (
    <EmailLayout
      siteName={site.name}
      preview={typography(t.invited)}
      footer={<Text style={styles.muted}>{typography(t.unexpected)}</Text>}
    >
      <Text style={styles.text}>{typography(t.greeting)}</Text>
      <Text style={styles.text}>{typography(t.invited)}</Text>
      <EmailButton href={invitation.url}>Choisir mon mot de passe</EmailButton>
      <Text style={styles.muted}>{typography(t.choose)}</Text>
    </EmailLayout>
  );
}

export async function renderInvitationEmail(invitation: InvitationForEmail, site: EmailSite): Promise<RenderedEmail> {
  const t = lines(invitation, site);
  const html = await renderEmailHtml(<InvitationEmail invitation={invitation} site={site} />);
  const text = [
    t.greeting,
    "",
    t.invited,
    "",
    "Choisir mon mot de passe :",
    invitation.url,
    "",
    t.choose,
    "",
    t.unexpected,
  ];
  return {
    subject: typography(`Invitation à l'équipe de ${site.name}`),
    html,
    text: typography(text.join("\n")),
  };
}
