// The client's email when their installation is planned: the date and time in Québec's time, where,
// what happens that day and whom to call, with the visit as a calendar file (.ics) their calendar app
// adds in one tap. Rendered when queued (the outbox sends exactly this).
import { Section } from "@react-email/section";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { createEvent } from "ics";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailLayout, FactRow, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import { foldToSingleLine } from "~/rules/text";
import type { EmailAttachment } from "../../../server/outbox/messages";
import { visitWhen } from "./when";

/** How long the visit is booked in the calendar. */
const VISIT_HOURS = 2;

type PlannedInstallation = {
  id: string;
  code: string;
  client_name: string;
  contact_name: string;
  address: string;
  machine_name: string;
  planned_for: Date;
};

const line = (value: string) => foldToSingleLine(value).trim();

const when = visitWhen;

/** `changes`: how many times the date was changed since it was first sent (0: the first time). */
const subject = (i: PlannedInstallation, changes = 0) =>
  `${changes > 0 ? "Nouvelle date pour l'installation" : "Installation"} de votre machine : ${when(i.planned_for)}`;

/** The visit as an iCalendar file. The start is given as the instant itself and written in UTC
 * (DTSTART:…Z): the `ics` package's 'local' input reads a date array in the server's own time zone,
 * which is not Québec's on a server set to UTC. A calendar app shows it in its owner's time. */
export function installationCalendar(i: PlannedInstallation, site: EmailSite, now = new Date(), changes = 0): string {
  const { error, value } = createEvent({
    uid: `installation-${i.id}@${new URL(site.publicUrl).hostname}`,
    start: i.planned_for.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: VISIT_HOURS },
    title: `Installation de votre machine ${line(i.machine_name)} (${site.name})`,
    description: typography(
      `${site.name} installe votre machine ${line(i.machine_name)}. Une question ? ${site.phone}`,
    ),
    location: line(i.address),
    productId: "distributrices/installations",
    calName: site.name,
    created: now.getTime(),
    status: "CONFIRMED",
    // The same event (uid) with a higher sequence: a calendar app moves it rather than adding another.
    sequence: changes,
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made.");
  return foldOctets(value);
}

/** Each content line folded at 75 octets, as RFC 5545 counts them (the package counts characters, so
 * a line of accents runs past): unfolded, then cut before a character that would pass the limit, the
 * continuation starting with a space. */
function foldOctets(calendar: string): string {
  const encoder = new TextEncoder();
  return calendar
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const parts: string[] = [];
      let part = "";
      let size = 0;
      for (const char of line) {
        const bytes = encoder.encode(char).length;
        // The first line holds 75 octets; each next one 74 after its leading space.
        if (size + bytes > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = "";
          size = 0;
        }
        part += char;
        size += bytes;
      }
      parts.push(part);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

/** The email's first sentence: planned, or moved to a new date. */
const opening = (i: PlannedInstallation, changes: number) =>
  changes > 0
    ? `L'installation de votre machine ${line(i.machine_name)} change de date. Le fichier de calendrier joint met votre agenda à jour.`
    : `L'installation de votre machine ${line(i.machine_name)} est planifiée. Le fichier de calendrier joint l'ajoute à votre agenda.`;

function PlannedEmail({
  installation: i,
  site,
  changes,
}: {
  installation: PlannedInstallation;
  site: EmailSite;
  changes: number;
}) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={subject(i, changes)}
      footer={
        <Text style={styles.muted}>
          {`Vous recevez ce courriel parce que ${site.name} installe une machine chez ${line(i.client_name)}.`}
        </Text>
      }
    >
      <Text style={styles.text}>{`Bonjour ${line(i.contact_name)},`}</Text>
      <Text style={styles.text}>{opening(i, changes)}</Text>
      <Section style={{ margin: "8px 0 12px" }}>
        <FactRow label="Date et heure" value={when(i.planned_for)} />
        <FactRow label="Adresse" value={line(i.address)} />
        <FactRow label="Machine" value={`${line(i.machine_name)} (${i.code})`} />
      </Section>
      <Text style={styles.text}>
        {`Prévoyez environ ${VISIT_HOURS} heures, un accès à une prise de courant et une personne sur place à notre arrivée.`}
      </Text>
      <Text style={styles.text}>
        {"Un empêchement ? Appelez-nous au "}
        <Link href={telHref(site.phone)} style={styles.phone}>
          {site.phone}
        </Link>
        .
      </Text>
      <Text style={styles.text}>{`L'équipe de ${site.name}`}</Text>
    </EmailLayout>
  );
}

/** The client's email with its calendar file. */
export async function renderPlannedEmail(
  installation: PlannedInstallation,
  site: EmailSite,
  now = new Date(),
  changes = 0,
): Promise<RenderedEmail & { attachments: EmailAttachment[] }> {
  const i = installation;
  const html = await renderEmailHtml(<PlannedEmail installation={i} site={site} changes={changes} />);
  const text = [
    `Bonjour ${line(i.contact_name)},`,
    "",
    opening(i, changes),
    "",
    `Date et heure : ${when(i.planned_for)}`,
    `Adresse : ${line(i.address)}`,
    `Machine : ${line(i.machine_name)} (${i.code})`,
    "",
    `Prévoyez environ ${VISIT_HOURS} heures, un accès à une prise de courant et une personne sur place à notre arrivée.`,
    `Un empêchement ? Appelez-nous au ${site.phone}.`,
    "",
    `L'équipe de ${site.name}`,
  ].join("\n");
  return {
    subject: typography(subject(i, changes)),
    html,
    text: typography(text),
    attachments: [
      {
        filename: "installation.ics",
        contentType: "text/calendar; charset=utf-8",
        content: installationCalendar(i, site, now, changes),
      },
    ],
  };
}
