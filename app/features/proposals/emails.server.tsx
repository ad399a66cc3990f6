// The emails of a proposal: to the client, the link to their proposal and its PDF; to the staff, an
// acceptance or a change request. Rendered when queued (the outbox sends exactly this).
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { EmailSite } from "~/features/contact/emails/facts";
import { EmailLayout, renderEmailHtml, styles } from "~/features/contact/emails/layout.server";
import type { RenderedEmail } from "~/features/contact/emails/staff-notification.server";
import { telHref } from "~/rules/site";
import { expiresAt, proposalPath, proposalPdfPath } from "./rules";

type ProposalForEmail = {
  token: string;
  client_name: string;
  machine_name: string;
  message: string;
  created_at: Date;
  version: number;
};

const DATE = new Intl.DateTimeFormat("fr-CA", { dateStyle: "long", timeZone: "America/Toronto" });
export const formatDate = (date: Date) => DATE.format(date);

const absolute = (site: EmailSite, path: string) => new URL(path, site.publicUrl).toString();

export const clientSubject = (p: Pick<ProposalForEmail, "machine_name">, site: EmailSite) =>
  `Votre proposition ${site.name} : ${p.machine_name}`;

function ClientEmail({ proposal, site }: { proposal: ProposalForEmail; site: EmailSite }) {
  const page = absolute(site, proposalPath(proposal.token));
  const pdf = absolute(site, proposalPdfPath(proposal.token));
  return (
    <EmailLayout
      siteName={site.name}
      preview={`Votre machine ${proposal.machine_name}, produit par produit.`}
      footer={
        <Text style={styles.muted}>{`Ce lien est valide jusqu'au ${formatDate(expiresAt(proposal.created_at))}.`}</Text>
      }
    >
      <Text style={styles.heading}>{`Bonjour ${proposal.client_name},`}</Text>
      <Text style={styles.text}>
        {`Voici notre proposition pour votre machine ${proposal.machine_name} : sa disposition, les produits de chaque section et ses caractéristiques. Vous pouvez l'accepter en ligne ou nous demander des modifications.`}
      </Text>
      {proposal.message && <Text style={{ ...styles.text, whiteSpace: "pre-line" }}>{proposal.message}</Text>}
      <Text style={styles.text}>
        <Link href={page} style={styles.button}>
          Voir ma proposition
        </Link>
      </Text>
      <Text style={styles.muted}>
        {"Version PDF : "}
        <Link href={pdf} style={styles.link}>
          {pdf}
        </Link>
      </Text>
      <Text style={styles.text}>
        {`L'équipe de ${site.name}`}
        <br />
        <Link href={telHref(site.phone)} style={styles.link}>
          {site.phone}
        </Link>
      </Text>
    </EmailLayout>
  );
}

export async function renderClientEmail(proposal: ProposalForEmail, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<ClientEmail proposal={proposal} site={site} />);
  const text = [
    `Bonjour ${proposal.client_name},`,
    "",
    `Voici notre proposition pour votre machine ${proposal.machine_name}. Vous pouvez l'accepter en ligne ou nous demander des modifications.`,
    ...(proposal.message ? ["", proposal.message] : []),
    "",
    `Voir ma proposition : ${absolute(site, proposalPath(proposal.token))}`,
    `Version PDF : ${absolute(site, proposalPdfPath(proposal.token))}`,
    `Ce lien est valide jusqu'au ${formatDate(expiresAt(proposal.created_at))}.`,
    "",
    `L'équipe de ${site.name}`,
    site.phone,
  ].join("\n");
  return { subject: clientSubject(proposal, site), html, text };
}

type StaffEvent = { kind: "accepted" } | { kind: "changes"; message: string };

function StaffEmail({ proposal, event, site }: { proposal: ProposalForEmail; event: StaffEvent; site: EmailSite }) {
  const page = absolute(site, proposalPath(proposal.token));
  return (
    <EmailLayout
      siteName={site.name}
      preview={staffSubject(proposal, event)}
      footer={
        <Text style={styles.muted}>
          <Link href={absolute(site, "/edit-propositions")} style={styles.link}>
            Toutes les propositions
          </Link>
        </Text>
      }
    >
      <Text style={styles.heading}>{staffSubject(proposal, event)}</Text>
      {event.kind === "changes" && <Text style={{ ...styles.value, whiteSpace: "pre-line" }}>{event.message}</Text>}
      <Text style={styles.text}>
        <Link href={page} style={styles.link}>
          {page}
        </Link>
      </Text>
    </EmailLayout>
  );
}

export const staffSubject = (p: Pick<ProposalForEmail, "client_name" | "machine_name">, event: StaffEvent) =>
  event.kind === "accepted"
    ? `Proposition acceptée : ${p.client_name} — ${p.machine_name}`
    : `Modifications demandées : ${p.client_name} — ${p.machine_name}`;

export async function renderStaffEmail(
  proposal: ProposalForEmail,
  event: StaffEvent,
  site: EmailSite,
): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<StaffEmail proposal={proposal} event={event} site={site} />);
  const text = [
    staffSubject(proposal, event),
    ...(event.kind === "changes" ? ["", event.message] : []),
    "",
    absolute(site, proposalPath(proposal.token)),
  ].join("\n");
  return { subject: staffSubject(proposal, event), html, text };
}
