// Giving a request or a ticket to a staff member: who may receive it (an active account whose roles
// open its screen), and the email that tells them, with the button to its page (through the
// sign-in). What the client wrote stays on the site.
import { Text } from "@react-email/text";
import { listAccounts, type TeamAccount } from "../../../server/auth/users";
import type { Db } from "../../../server/db/client";
import { staffScreenUrl, type EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailButton, EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { typography } from "~/lib/typography";
import { mayOpen } from "~/rules/staff-roles";

/** The accounts a thing at `screen` may be given to (and the one it is given to now, even if it no
 * longer could be), as the 'Responsable' list shows them. */
export async function assigneeChoices(db: Db, screen: string, current: string | null) {
  const accounts = await listAccounts(db);
  return accounts
    .filter((a) => (a.active && mayOpen(a.roles, screen)) || a.id === current)
    .map((a) => ({ id: a.id, name: a.name }));
}

/** The account `id` when it may receive a thing at `screen`; null otherwise. */
export async function assignableAccount(db: Db, id: string, screen: string): Promise<TeamAccount | null> {
  const account = (await listAccounts(db)).find((a) => a.id === id);
  return account?.active && mayOpen(account.roles, screen) ? account : null;
}

export type AssignmentForEmail = {
  assignee: string;
  by: string;
  /** What is given, as the sentence names it: 'la demande de Hélène Caron, reçue le 4 décembre…'. */
  what: string;
  subject: string;
  /** The staff screen it opens ('/edit-demandes/…'). */
  path: string;
  button: string;
};

const lines = (a: AssignmentForEmail) => ({
  greeting: `Bonjour ${a.assignee},`,
  given: `${a.by} vous confie ${a.what}.`,
  why: "Vous recevez ce courriel parce qu'on vous a confié un suivi sur le site.",
});

function AssignmentEmail({ assignment, site }: { assignment: AssignmentForEmail; site: EmailSite }) {
  const t = lines(assignment);
  return (
    <EmailLayout
      siteName={site.name}
      preview={typography(t.given)}
      footer={<Text style={styles.muted}>{typography(t.why)}</Text>}
    >
      <Text style={styles.text}>{typography(t.greeting)}</Text>
      <Text style={styles.text}>{typography(t.given)}</Text>
      <EmailButton href={staffScreenUrl(site.publicUrl, assignment.path)}>{assignment.button}</EmailButton>
    </EmailLayout>
  );
}

export async function renderAssignmentEmail(assignment: AssignmentForEmail, site: EmailSite): Promise<RenderedEmail> {
  const t = lines(assignment);
  const html = await renderEmailHtml(<AssignmentEmail assignment={assignment} site={site} />);
  const link = staffScreenUrl(site.publicUrl, assignment.path);
  const text = [t.greeting, "", t.given, "", `${assignment.button} :`, link, "", t.why];
  return { subject: typography(assignment.subject), html, text: typography(text.join("\n")) };
}
