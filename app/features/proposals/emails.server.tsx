// The emails of a proposal: to the client, the link to their proposal and its PDF, then the
// confirmation of their acceptance; to the staff, an acceptance (who, how to reach them, which machine,
// what to do next) or the change requests of the past hour. Rendered when queued (the outbox sends
// exactly this). Links are buttons or a few words, never a raw address (the plain-text part has them).
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatReceivedAt, staffRequestUrl, type EmailSite } from "~/features/contact-requests/emails/facts";
import {
  EmailButton,
  EmailLayout,
  FactRow,
  renderEmailHtml,
  styles,
} from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { telHref } from "~/rules/site";
import { signedByStaff } from "~/features/contact-requests/emails/reply-signature";
import { typography } from "~/lib/typography";
import { foldToSingleLine } from "~/rules/text";
import { acceptedNextStep, expiresAt, greetsAlready, proposalPath, proposalPdfPath } from "./rules";
import { formatDate } from "~/lib/dates";

type ProposalForEmail = {
  token: string;
  client_name: string;
  machine_name: string;
  message: string;
  created_at: Date;
  version: number;
};

const absolute = (site: EmailSite, path: string) => new URL(path, site.publicUrl).toString();

// A name or a machine in a plain-text part stays on its line: no field can start a line of its own.
const line = (value: string) => foldToSingleLine(value).trim();

const clientSubject = (p: Pick<ProposalForEmail, "machine_name">, site: EmailSite) =>
  `Votre proposition ${site.name} : ${line(p.machine_name)}`;

/** 'Bonjour Hélène,' unless the staff's own message opens with a greeting: the client is greeted once. */
const greeting = (p: Pick<ProposalForEmail, "client_name" | "message">) =>
  greetsAlready(p.message) ? null : `Bonjour ${line(p.client_name)},`;

function Signature({ site }: { site: EmailSite }) {
  return (
    <Text style={styles.text}>
      {`L'équipe de ${site.name}`}
      <br />
      <Link href={telHref(site.phone)} style={styles.phone}>
        {site.phone}
      </Link>
    </Text>
  );
}

/** The staff's message signed by them ("Au plaisir,\nMarc") ends the email, after the link, and stands
 * for the team's signature: the client reads one signature. */
const signedMessage = (p: Pick<ProposalForEmail, "message">, site: EmailSite) =>
  p.message.trim() !== "" && signedByStaff(p.message, site.name);

function ClientEmail({ proposal, site }: { proposal: ProposalForEmail; site: EmailSite }) {
  const hello = greeting(proposal);
  const signed = signedMessage(proposal, site);
  const message = proposal.message && (
    <Text style={{ ...styles.text, whiteSpace: "pre-line" }}>{proposal.message}</Text>
  );
  return (
    <EmailLayout
      siteName={site.name}
      preview={`Votre machine ${proposal.machine_name}, produit par produit.`}
      footer={
        <Text style={styles.muted}>{`Ce lien est valide jusqu'au ${formatDate(expiresAt(proposal.created_at))}.`}</Text>
      }
    >
      {hello && <Text style={styles.text}>{hello}</Text>}
      {!signed && message}
      <Text style={styles.text}>
        {`Voici notre proposition pour votre machine ${proposal.machine_name} : sa disposition, les produits de chaque section et ses caractéristiques. Vous pouvez l'accepter en ligne ou nous demander des modifications.`}
      </Text>
      <Section style={{ margin: "8px 0 20px" }}>
        <EmailButton href={absolute(site, proposalPath(proposal.token))}>Voir ma proposition</EmailButton>
      </Section>
      <Text style={styles.muted}>
        <Link href={absolute(site, proposalPdfPath(proposal.token))} style={styles.link}>
          Télécharger la version PDF
        </Link>
      </Text>
      {signed ? message : <Signature site={site} />}
    </EmailLayout>
  );
}

export async function renderClientEmail(proposal: ProposalForEmail, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<ClientEmail proposal={proposal} site={site} />);
  const hello = greeting(proposal);
  const signed = signedMessage(proposal, site);
  const text = [
    ...(hello ? [hello, ""] : []),
    ...(proposal.message && !signed ? [proposal.message, ""] : []),
    `Voici notre proposition pour votre machine ${line(proposal.machine_name)}. Vous pouvez l'accepter en ligne ou nous demander des modifications.`,
    "",
    `Voir ma proposition : ${absolute(site, proposalPath(proposal.token))}`,
    `Version PDF : ${absolute(site, proposalPdfPath(proposal.token))}`,
    `Ce lien est valide jusqu'au ${formatDate(expiresAt(proposal.created_at))}.`,
    "",
    ...(signed ? [proposal.message.trim()] : [`L'équipe de ${site.name}`, site.phone]),
  ].join("\n");
  return { subject: typography(clientSubject(proposal, site)), html, text: typography(text) };
}

// ---- The client's acceptance, to the client ----

/** `reachable_by_phone`: the request the proposal answers left a phone, so the team calls rather than writes. */
type Accepted = ProposalForEmail & { accepted_at: Date; reachable_by_phone: boolean };

const acceptedClientSubject = (p: Pick<ProposalForEmail, "machine_name">) =>
  `Votre acceptation est enregistrée : ${line(p.machine_name)}`;

const acceptedNext = (p: Pick<Accepted, "reachable_by_phone">) =>
  `Prochaine étape : nous ${acceptedNextStep(p.reachable_by_phone)}, qui est gratuite.`;

function AcceptedClientEmail({ proposal, site }: { proposal: Accepted; site: EmailSite }) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={acceptedClientSubject(proposal)}
      footer={
        <Text style={styles.muted}>
          {`Vous recevez ce courriel parce que vous avez accepté une proposition de ${site.name}.`}
        </Text>
      }
    >
      <Text style={styles.text}>{`Bonjour ${line(proposal.client_name)},`}</Text>
      <Text style={styles.text}>
        {`Merci ! Nous avons bien reçu votre acceptation de la proposition pour votre machine ${proposal.machine_name}, le ${formatReceivedAt(proposal.accepted_at)}.`}
      </Text>
      <Text style={styles.text}>{acceptedNext(proposal)}</Text>
      <Section style={{ margin: "8px 0 20px" }}>
        <EmailButton href={absolute(site, proposalPath(proposal.token))}>Revoir ma proposition</EmailButton>
      </Section>
      <Text style={styles.text}>
        {"Une question d'ici là ? Appelez-nous au "}
        <Link href={telHref(site.phone)} style={styles.phone}>
          {site.phone}
        </Link>
        .
      </Text>
      {/* The phone is just above: the team signs with its name alone. */}
      <Text style={styles.text}>{`L'équipe de ${site.name}`}</Text>
    </EmailLayout>
  );
}

export async function renderAcceptedClientEmail(proposal: Accepted, site: EmailSite): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<AcceptedClientEmail proposal={proposal} site={site} />);
  const text = [
    `Bonjour ${line(proposal.client_name)},`,
    "",
    `Merci ! Nous avons bien reçu votre acceptation de la proposition pour votre machine ${line(proposal.machine_name)}, le ${formatReceivedAt(proposal.accepted_at)}.`,
    "",
    acceptedNext(proposal),
    "",
    `Revoir ma proposition : ${absolute(site, proposalPath(proposal.token))}`,
    `Une question d'ici là ? Appelez-nous au ${site.phone}.`,
    "",
    `L'équipe de ${site.name}`,
  ].join("\n");
  return { subject: typography(acceptedClientSubject(proposal)), html, text: typography(text) };
}

// ---- To the staff ----

/** Who the client is: the proposal's name and address, and the linked request's phone when given. */
export type StaffContact = { client_email: string; phone: string | null; contact_request_id: string | null };

type StaffEvent = { kind: "accepted"; at: Date } | { kind: "changes"; requests: { at: Date; text: string }[] };

const staffSubject = (p: Pick<ProposalForEmail, "client_name" | "machine_name">, event: StaffEvent) =>
  event.kind === "accepted"
    ? `Proposition acceptée : ${line(p.client_name)} — ${line(p.machine_name)}`
    : `Modifications demandées : ${line(p.client_name)} — ${line(p.machine_name)}`;

const NOT_GIVEN = "Non précisé";

function contactFacts(proposal: ProposalForEmail, contact: StaffContact) {
  return [
    { label: "Client", value: line(proposal.client_name) },
    { label: "Téléphone", value: contact.phone ? line(contact.phone) : NOT_GIVEN },
    { label: "Courriel", value: line(contact.client_email) },
    {
      label: "Machine",
      value: `${line(proposal.machine_name)}${proposal.version > 1 ? ` (version ${proposal.version})` : ""}`,
    },
  ];
}

const nextStep = (proposal: ProposalForEmail, contact: StaffContact) =>
  contact.phone
    ? `Prochaine étape : appelez ${line(proposal.client_name)} au ${line(contact.phone)} pour planifier l'installation.`
    : `Prochaine étape : écrivez à ${line(proposal.client_name)} pour planifier l'installation (répondre à ce courriel lui écrit).`;

function StaffEmail({
  proposal,
  contact,
  event,
  site,
}: {
  proposal: ProposalForEmail;
  contact: StaffContact;
  event: StaffEvent;
  site: EmailSite;
}) {
  const requestUrl = contact.contact_request_id ? staffRequestUrl(site.publicUrl, contact.contact_request_id) : null;
  return (
    <EmailLayout
      siteName={site.name}
      preview={staffSubject(proposal, event)}
      footer={
        <Text style={styles.muted}>
          {`Répondre à ce courriel écrit directement à ${line(proposal.client_name)}. `}
          <Link href={absolute(site, "/edit-propositions")} style={styles.link}>
            Toutes les propositions
          </Link>
        </Text>
      }
    >
      <Text style={styles.heading}>
        {event.kind === "accepted" ? "Proposition acceptée" : "Modifications demandées"}
      </Text>
      {event.kind === "accepted" ? (
        <Text style={styles.text}>
          {`${proposal.client_name} a accepté la proposition le ${formatReceivedAt(event.at)}.`}
        </Text>
      ) : (
        <Section style={{ margin: "0 0 8px" }}>
          {event.requests.map((r, i) => (
            <FactRow key={i} label={`Le ${formatReceivedAt(r.at)}`} value={r.text} />
          ))}
        </Section>
      )}
      <Section style={{ margin: "8px 0 8px" }}>
        {contactFacts(proposal, contact).map((fact) => (
          <FactRow key={fact.label} {...fact} />
        ))}
      </Section>
      {event.kind === "accepted" && (
        <Text style={{ ...styles.text, fontWeight: 600 }}>
          {contact.phone ? (
            <>
              {`Prochaine étape : appelez ${line(proposal.client_name)} au `}
              <Link href={telHref(contact.phone)} style={styles.phone}>
                {line(contact.phone)}
              </Link>
              {" pour planifier l'installation."}
            </>
          ) : (
            nextStep(proposal, contact)
          )}
        </Text>
      )}
      <Section style={{ margin: "8px 0 0" }}>
        {requestUrl && (
          <Text style={{ margin: "0 0 12px" }}>
            <EmailButton href={requestUrl}>Voir la demande</EmailButton>
          </Text>
        )}
        <Text style={{ margin: 0 }}>
          <Link href={absolute(site, proposalPath(proposal.token))} style={styles.link}>
            Voir la proposition
          </Link>
        </Text>
      </Section>
    </EmailLayout>
  );
}

export async function renderStaffEmail(
  proposal: ProposalForEmail,
  contact: StaffContact,
  event: StaffEvent,
  site: EmailSite,
): Promise<RenderedEmail> {
  const html = await renderEmailHtml(<StaffEmail proposal={proposal} contact={contact} event={event} site={site} />);
  const facts = contactFacts(proposal, contact).map((f) => `${f.label} : ${f.value}`);
  const text = [
    staffSubject(proposal, event),
    "",
    ...(event.kind === "accepted"
      ? [`${line(proposal.client_name)} a accepté la proposition le ${formatReceivedAt(event.at)}.`]
      : event.requests.flatMap((r) => [`Le ${formatReceivedAt(r.at)} :`, r.text, ""])),
    ...(event.kind === "accepted" ? [""] : []),
    ...facts,
    ...(event.kind === "accepted" ? ["", nextStep(proposal, contact)] : []),
    "",
    ...(contact.contact_request_id
      ? [`Voir la demande : ${staffRequestUrl(site.publicUrl, contact.contact_request_id)}`]
      : []),
    `Voir la proposition : ${absolute(site, proposalPath(proposal.token))}`,
  ].join("\n");
  return { subject: typography(staffSubject(proposal, event)), html, text: typography(text) };
}
