// The client's monthly report: what the people at their machine reported last month and what was done
// (problems received and resolved, the median response time, refunds, the most wanted products, the
// changes made), with a one-click opt-out. Both parts come from the same plain data; rendered when
// queued (the outbox sends exactly this).
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { EmailLayout, renderEmailHtml, styles } from "~/features/contact-requests/emails/layout.server";
import type { RenderedEmail } from "~/features/contact-requests/emails/staff-notification.server";
import { slotLabel } from "~/features/installations/swaps";
import { formatCents } from "~/features/machine-page/forms";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import { foldToSingleLine } from "~/rules/text";
import { durationText } from "~/features/service/model";
import { counted, median, type ReportMonth } from "./model";

type ReportedInstallation = {
  code: string;
  client_name: string;
  contact_name: string;
  machine_name: string;
};

/** A month's figures for one installation, as the stores give them. */
export type MonthFigures = {
  problemsReceived: number;
  problemsResolved: number;
  responseMinutes: number[];
  refunds: { count: number; cents: number };
  wanted: { product_name: string; votes: number }[];
  swaps: { section: number; slot: number; product_name: string; replaced_name: string | null; done_at: Date }[];
  layouts: { summary: string; at: Date }[];
};

const line = (value: string) => foldToSingleLine(value).replace(/\s+/g, " ").trim();

/** '12 novembre' (typography() writes '1er'). */
const dayOf = (at: Date) => formatDate(at, "date").replace(/\s\d{4}$/, "");

/** A swap as the client reads it: 'Kombucha remplace Chips (section 1, emplacement 3)'. */
function swapText(s: MonthFigures["swaps"][number]): string {
  const where = slotLabel(s.section, s.slot);
  return s.replaced_name
    ? `${line(s.product_name)} remplace ${line(s.replaced_name)} (${where})`
    : `${line(s.product_name)} ajouté (${where})`;
}

/** What the report says, as plain data: its facts, the wishes and the changes (each list may be
 * empty), and whether the month was quiet. */
function reportContent(i: ReportedInstallation, month: ReportMonth, f: MonthFigures) {
  const medianMinutes = median(f.responseMinutes);
  const quiet = f.problemsReceived === 0 && f.problemsResolved === 0 && f.refunds.count === 0 && medianMinutes === null;
  const facts = quiet
    ? []
    : [
        { label: "Problèmes signalés", value: String(f.problemsReceived) },
        { label: "Problèmes résolus", value: String(f.problemsResolved) },
        {
          label: "Délai médian de réponse",
          value: medianMinutes === null ? "aucune réponse à mesurer" : durationText(Math.max(1, medianMinutes)),
        },
        {
          label: "Remboursements",
          value: f.refunds.count ? `${f.refunds.count}, pour ${formatCents(f.refunds.cents)}` : "aucun",
        },
      ];
  const wanted = f.wanted.map((w) => `${line(w.product_name)} (${counted(w.votes, "vote")})`);
  const changes = [
    ...f.swaps.map((s) => ({ at: s.done_at, text: swapText(s) })),
    ...f.layouts.map((l) => ({ at: l.at, text: line(l.summary) || "Disposition modifiée" })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((c) => `Le ${dayOf(c.at)} : ${c.text}`);
  return {
    subject: `Votre machine en ${month.name} : ${line(i.machine_name)} (${i.code})`,
    // The month and its year stay on one line.
    title: `Votre machine en ${month.name.replace(" ", "\u00a0")}`,
    greeting: `Bonjour ${line(i.contact_name)},`,
    intro: `Voici le bilan de ${month.name} de votre machine ${line(i.machine_name)} (${i.code}) chez ${line(i.client_name)} : ce que ses utilisateurs nous ont signalé et ce que nous avons fait.`,
    quiet: quiet
      ? `Aucun signalement en ${month.name} : personne ne nous a signalé de problème ni demandé de remboursement.`
      : null,
    facts,
    wanted,
    changes,
  };
}

type Content = ReturnType<typeof reportContent>;

const heading = { ...styles.text, margin: "20px 0 8px", fontSize: "17px", fontWeight: 600 } as const;
const item = { ...styles.text, margin: "0 0 8px", paddingLeft: "12px" } as const;
const factCell = {
  padding: "10px 0",
  borderBottom: "1px solid #ece5d8",
  fontSize: "15px",
  lineHeight: "22px",
  color: "#5c6068",
  verticalAlign: "top",
} as const;
const factValue = { paddingLeft: "12px", textAlign: "right", fontWeight: 600, color: "#0f1115" } as const;

function ReportEmail({
  c,
  site,
  client,
  optOutUrl,
}: {
  c: Content;
  site: EmailSite;
  client: string;
  optOutUrl: string;
}) {
  return (
    <EmailLayout
      siteName={site.name}
      preview={c.subject}
      footer={
        <>
          <Text style={styles.muted}>
            {`Vous recevez ce rapport chaque mois parce que ${site.name} entretient la machine installée chez ${client}.`}
          </Text>
          <Text style={styles.muted}>
            <Link href={optOutUrl} style={styles.link}>
              Ne plus recevoir ce rapport
            </Link>
          </Text>
        </>
      }
    >
      <Text style={styles.heading}>{c.title}</Text>
      <Text style={styles.text}>{c.greeting}</Text>
      <Text style={styles.text}>{c.intro}</Text>
      {c.quiet && <Text style={styles.text}>{c.quiet}</Text>}
      {c.facts.length > 0 && (
        <>
          <Text style={heading}>Signalements</Text>
          <Section style={{ margin: "0 0 8px" }}>
            <table
              role="presentation"
              width="100%"
              cellPadding={0}
              cellSpacing={0}
              style={{ borderCollapse: "collapse" }}
            >
              <tbody>
                {c.facts.map((f) => (
                  <tr key={f.label}>
                    <td style={factCell}>{f.label}</td>
                    <td style={{ ...factCell, ...factValue }}>{f.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        </>
      )}
      {c.wanted.length > 0 && (
        <>
          <Text style={heading}>Produits les plus demandés</Text>
          {c.wanted.map((w, n) => (
            <Text key={w} style={item}>{`${n + 1}. ${w}`}</Text>
          ))}
        </>
      )}
      {c.changes.length > 0 && (
        <>
          <Text style={heading}>Changements apportés</Text>
          {c.changes.map((change) => (
            <Text key={change} style={item}>{`– ${change}`}</Text>
          ))}
        </>
      )}
      <Text style={{ ...styles.text, marginTop: "20px" }}>
        {"Une question, une suggestion ? Appelez-nous au "}
        <Link href={telHref(site.phone)} style={styles.phone}>
          {site.phone}
        </Link>
        .
      </Text>
      <Text style={{ ...styles.text, margin: 0 }}>{`L'équipe de ${site.name}`}</Text>
    </EmailLayout>
  );
}

/** The plain-text part: the same content, one fact or item a line. */
function reportText(c: Content, site: EmailSite, client: string, optOutUrl: string): string {
  return [
    c.greeting,
    "",
    c.intro,
    ...(c.quiet ? ["", c.quiet] : []),
    ...(c.facts.length ? ["", "Signalements", ...c.facts.map((f) => `- ${f.label} : ${f.value}`)] : []),
    ...(c.wanted.length ? ["", "Produits les plus demandés", ...c.wanted.map((w, n) => `${n + 1}. ${w}`)] : []),
    ...(c.changes.length ? ["", "Changements apportés", ...c.changes.map((change) => `- ${change}`)] : []),
    "",
    `Une question, une suggestion ? Appelez-nous au ${site.phone}.`,
    "",
    `L'équipe de ${site.name}`,
    "",
    "--",
    `Vous recevez ce rapport chaque mois parce que ${site.name} entretient la machine installée chez ${client}.`,
    `Ne plus recevoir ce rapport : ${optOutUrl}`,
  ].join("\n");
}

/** The report's email, with the one-click opt-out headers (RFC 8058): a mail client's 'Se désabonner'
 * posts to the same address as the link. */
export async function renderMonthlyReport(
  installation: ReportedInstallation,
  month: ReportMonth,
  figures: MonthFigures,
  site: EmailSite,
  optOutUrl: string,
): Promise<RenderedEmail & { headers: Record<string, string> }> {
  const c = reportContent(installation, month, figures);
  const client = line(installation.client_name);
  const html = await renderEmailHtml(<ReportEmail c={c} site={site} client={client} optOutUrl={optOutUrl} />);
  return {
    subject: typography(c.subject),
    html,
    text: typography(reportText(c, site, client, optOutUrl)),
    headers: { "List-Unsubscribe": `<${optOutUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
