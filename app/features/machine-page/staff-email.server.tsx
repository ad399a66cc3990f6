// The staff's email for each new ticket from a machine's page (to SERVICE_EMAIL): what happened, at
// which machine and client, when the answer is due, and a link to the ticket's page in 'Service'. Nothing in
// it is sent to the address the person typed.
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { staffScreenUrl, type EmailSite } from "~/features/contact-requests/emails/facts";
import {
  EmailButton,
  EmailLayout,
  FactRow,
  renderEmailHtml,
  styles,
} from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { receivedLabel, type ProblemKind } from "~/features/service/model";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import { foldToSingleLine } from "~/rules/text";
import { formatCents, paymentLabel, problemLabel, refundMethodLabel } from "./forms";

export type TicketForEmail = {
  code: string;
  kind: "probleme" | "remboursement";
  problem: ProblemKind | null;
  urgent: boolean;
  product_name: string | null;
  occurred_at: Date | null;
  description: string;
  contact_email: string | null;
  contact_phone: string | null;
  refund_cents: number | null;
  payment_method: string | null;
  refund_method: "interac" | "prochaine-visite" | null;
  received_at: Date;
  due_at: Date;
  /** A photo was joined: it stays on the ticket's page (staff only), never in the email. */
  photo: boolean;
};

export type MachineForEmail = { id: string; code: string; client_name: string; address: string; machine_name: string };

const line = (value: string) => foldToSingleLine(value).trim();

/** The ticket's staff page, through the sign-in. */
const ticketStaffUrl = (publicUrl: string, ticketId: string) => staffScreenUrl(publicUrl, `/edit-service/${ticketId}`);

function subject(t: TicketForEmail, m: MachineForEmail): string {
  const what =
    t.kind === "remboursement" ? `Remboursement de ${formatCents(t.refund_cents ?? 0)}` : problemLabel(t.problem ?? "");
  return `${t.urgent ? "Urgent : " : ""}${what}, ${line(m.client_name)} (${m.code}) [${t.code}]`;
}

function facts(t: TicketForEmail, m: MachineForEmail): { label: string; value: string; href?: string }[] {
  const rows = [
    { label: "Référence", value: t.code },
    { label: "Machine", value: `${line(m.machine_name)} (${m.code})` },
    { label: "Client", value: line(m.client_name) },
    { label: "Adresse", value: line(m.address) },
    t.kind === "probleme"
      ? { label: "Problème", value: problemLabel(t.problem ?? "") }
      : { label: "Montant demandé", value: formatCents(t.refund_cents ?? 0) },
    ...(t.kind === "remboursement"
      ? [
          { label: "Payé par", value: paymentLabel(t.payment_method ?? "") },
          { label: "Remboursement", value: refundMethodLabel(t.refund_method ?? "") },
        ]
      : []),
    { label: "Produit", value: t.product_name ? line(t.product_name) : "Non précisé" },
    { label: "Quand", value: t.occurred_at ? formatDate(t.occurred_at, "dateTime") : "Non précisé" },
    ...(t.photo ? [{ label: "Photo", value: "Jointe au signalement (à voir sur sa page)" }] : []),
    t.contact_email
      ? { label: "Courriel", value: t.contact_email, href: `mailto:${t.contact_email}` }
      : { label: "Courriel", value: "Aucun" },
    t.contact_phone
      ? { label: "Téléphone", value: t.contact_phone, href: telHref(t.contact_phone) }
      : { label: "Téléphone", value: "Aucun" },
    { label: "Réponse promise avant", value: formatDate(t.due_at, "fullDateTime") },
  ];
  return rows;
}

function TicketEmail({
  t,
  m,
  site,
  ticketId,
}: {
  t: TicketForEmail;
  m: MachineForEmail;
  site: EmailSite;
  ticketId: string;
}) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={subject(t, m)}
      footer={<Text style={styles.muted}>{"Reçu par la page publique de la machine (code QR)."}</Text>}
    >
      <Text style={styles.heading}>
        {t.kind === "remboursement" ? "Nouvelle demande de remboursement" : "Nouveau problème signalé"}
      </Text>
      <Text
        style={styles.muted}
      >{`${receivedLabel(t.kind)} ${formatDate(t.received_at, "dateTime")}${t.urgent ? " · Urgent" : ""}`}</Text>
      <Section style={{ margin: "8px 0 12px" }}>
        {facts(t, m).map((f) => (
          <FactRow key={f.label} label={f.label} value={f.value} href={f.href} />
        ))}
      </Section>
      {t.description && <Text style={styles.text}>{t.description}</Text>}
      <EmailButton href={ticketStaffUrl(site.publicUrl, ticketId)}>Ouvrir le signalement</EmailButton>
    </EmailLayout>
  );
}

/** The staff's email for a new ticket, rendered before the transaction that queues it. */
export async function renderTicketEmail(
  t: TicketForEmail,
  m: MachineForEmail,
  site: EmailSite,
  ticketId: string,
): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<TicketEmail t={t} m={m} site={site} ticketId={ticketId} />);
  const text = [
    t.kind === "remboursement" ? "Nouvelle demande de remboursement" : "Nouveau problème signalé",
    `${receivedLabel(t.kind)} ${formatDate(t.received_at, "dateTime")}${t.urgent ? " · Urgent" : ""}`,
    "",
    ...facts(t, m).map((f) => `${f.label} : ${f.value}`),
    ...(t.description ? ["", t.description] : []),
    "",
    `Signalement : ${ticketStaffUrl(site.publicUrl, ticketId)}`,
  ].join("\n");
  return { subject: typography(subject(t, m)), html, text: typography(text) };
}
