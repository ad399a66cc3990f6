// A request given to a staff member: who gave it, whose request it is, and the button to its page
// (through the sign-in). The request's own words stay on the site.
import { Text } from "@react-email/text";
import { oneLine, staffRequestUrl, type EmailSite } from "./facts";
import { EmailButton, EmailLayout, renderEmailHtml, styles } from "./layout.server";
import type { RenderedEmail } from "./staff-notification.server";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";

export type AssignmentForEmail = {
  id: string;
  assignee: string;
  by: string;
  client: string;
  receivedAt: Date;
};

const lines = (a: AssignmentForEmail) => ({
  greeting: `Bonjour ${a.assignee},`,
  given: `${a.by} vous confie la demande de ${oneLine(a.client)}, reçue le ${formatDate(a.receivedAt, "dateTime")}.`,
  why: "Vous recevez ce courriel parce qu'une demande vous a été confiée sur le site.",
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
      <EmailButton href={staffRequestUrl(site.publicUrl, assignment.id)}>Ouvrir la demande</EmailButton>
    </EmailLayout>
  );
}

export async function renderAssignmentEmail(assignment: AssignmentForEmail, site: EmailSite): Promise<RenderedEmail> {
  const t = lines(assignment);
  const html = await renderEmailHtml(<AssignmentEmail assignment={assignment} site={site} />);
  const text = [
    t.greeting,
    "",
    t.given,
    "",
    "Ouvrir la demande :",
    staffRequestUrl(site.publicUrl, assignment.id),
    "",
    t.why,
  ];
  return {
    subject: typography(`Demande confiée : ${oneLine(assignment.client)}`),
    html,
    text: typography(text.join("\n")),
  };
}
