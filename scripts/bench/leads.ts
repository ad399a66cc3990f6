// A new request's emails, on the production build with a real SMTP server in this process
// (tests/support/smtp.ts): from the form's POST to the staff email accepted by the SMTP server with
// the worker idle (p50/p95 of 30 in a row); the form's own answer with email on and off (autocannon,
// the same load); 200 requests arriving together, each emailed once (staff and prospect).
import autocannon from "autocannon";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpServer, type TestSmtpServer } from "../../tests/support/smtp";
import { startBuiltServer, table } from "./lib";

const PORT = 3903;
const LEADS = "equipe@exemple.ca";

const fields = (name: string) =>
  new URLSearchParams({
    nom_complet: name,
    courriel: "julie@cliniqueboreale.ca",
    description_demande:
      "Bonjour, nous cherchons une distributrice de collations santé pour la salle d'attente de notre clinique.",
    type_emplacement: "hospital",
    emplacement: "levis",
    date_installation: "1-3-months",
    prefere_telephone: "on",
    numero_telephone: "418 555-0188",
    duree_saisie: "42000",
  }).toString();

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** The form's answer, one request at a time (the worker idle in between when email is on). */
async function answerOneByOne(url: string, count = 30): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    if ((await post(url, `Un à la fois ${i}`)) !== 302) throw new Error("the form did not answer 302");
    times.push(Math.round((performance.now() - started) * 10) / 10);
    await new Promise((r) => setTimeout(r, 300));
  }
  return times;
}

async function post(url: string, name: string): Promise<number> {
  const response = await fetch(`${url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: fields(name),
  });
  await response.arrayBuffer();
  return response.status;
}

async function server(smtp: TestSmtpServer | null) {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-leads-"));
  const running = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      CONTACT_RATE_LIMIT: "off",
      CONTACT_MAX_PER_HOUR: "off",
      SEED_DEMO: "false",
      ...(smtp
        ? { SMTP_URL: smtp.url, MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>", LEADS_EMAIL: LEADS }
        : {}),
    },
    PORT,
  );
  return {
    ...running,
    async stop() {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The form's answer under the same load: 10 connections, 500 requests. */
async function answerLatency(url: string) {
  const result = await autocannon({
    url: `${url}/contact`,
    method: "POST",
    connections: 10,
    amount: 500,
    timeout: 30,
    body: fields("Charge Formulaire"),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    ok: result["3xx"],
  };
}

export default async function bench(): Promise<string> {
  const out = ["### Leads: a new request's emails (built server on PGlite, a real SMTP server in the bench)"];
  const smtp = await startSmtpServer();
  const site = await server(smtp);
  let toStaff: number[] = [];
  const answerOn: number[] = [];
  let withEmail: Awaited<ReturnType<typeof answerLatency>>;
  let burst: { sent: number; staff: number; prospect: number; repeats: number; seconds: number };
  try {
    // 1. One at a time, the worker idle: POST → staff email accepted.
    for (let i = 0; i < 30; i++) {
      const name = `Délai Courriel ${i}`;
      const before = smtp.received.length;
      const started = performance.now();
      if ((await post(site.url, name)) !== 302) throw new Error("the form did not answer 302");
      answerOn.push(Math.round((performance.now() - started) * 10) / 10);
      for (;;) {
        const staff = smtp.received
          .slice(before)
          .find((m) => m.envelope.to.includes(LEADS) && m.mail.subject?.includes(name));
        if (staff) {
          toStaff.push(staff.at - (performance.timeOrigin + started));
          break;
        }
        if (performance.now() - started > 30_000) throw new Error("no staff email within 30 s");
        await new Promise((r) => setTimeout(r, 5));
      }
      await smtp.waitForMessages(before + 2, 30_000); // the confirmation too: idle again
      await new Promise((r) => setTimeout(r, 200));
    }
    toStaff = toStaff.map((ms) => Math.round(ms));

    // 2. 200 requests arriving together: each emailed once.
    smtp.received.length = 0;
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => post(site.url, `Rafale ${i}`)));
    if (statuses.some((s) => s !== 302)) throw new Error(`burst answers: ${[...new Set(statuses)].join(", ")}`);
    await smtp.waitForMessages(400, 120_000);
    await new Promise((r) => setTimeout(r, 2_000)); // any repeat would arrive now
    const subjects = smtp.received.filter((m) => m.envelope.to.includes(LEADS)).map((m) => m.mail.subject ?? "");
    const ids = smtp.received.map((m) => m.mail.messageId);
    burst = {
      sent: 200,
      staff: new Set(subjects).size,
      prospect: smtp.received.filter((m) => m.envelope.to.includes("julie@cliniqueboreale.ca")).length,
      repeats: ids.length - new Set(ids).size,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };

    // 3. The form's answer with email on (the worker sending meanwhile).
    withEmail = await answerLatency(site.url);
  } finally {
    await site.stop();
  }
  const noMail = await server(null);
  let withoutEmail: Awaited<ReturnType<typeof answerLatency>>;
  let answerOff: number[];
  try {
    answerOff = await answerOneByOne(noMail.url);
    withoutEmail = await answerLatency(noMail.url);
  } finally {
    await noMail.stop();
    await smtp.close();
  }

  out.push(
    "",
    `POST /contact → staff email accepted by the SMTP server, worker idle, 30 in a row: p50 ${percentile(toStaff, 50)} ms, p95 ${percentile(toStaff, 95)} ms, max ${Math.max(...toStaff)} ms (budget p95 ≤ 5000 ms) — ${percentile(toStaff, 95) <= 5000 ? "**within budget**" : "**OVER BUDGET**"}.`,
    "",
    `200 requests together: ${burst.staff} distinct staff emails and ${burst.prospect} confirmations accepted, ${burst.repeats} repeated Message-IDs, all in ${burst.seconds} s — ${burst.staff === 200 && burst.prospect === 200 && burst.repeats === 0 ? "**each emailed once**" : "**MISMATCH**"}.`,
    "",
    `The form's answer one at a time (30 each): email on p50 ${percentile(answerOn, 50)} ms, p95 ${percentile(answerOn, 95)} ms; email off p50 ${percentile(answerOff, 50)} ms, p95 ${percentile(answerOff, 95)} ms.`,
    "",
    "The form's answer under load (10 connections, 500 requests; with email on, the worker sends two emails per request meanwhile, in the same process and, on PGlite, through the same database connection):",
    table(
      ["email", "p50 ms", "p99 ms", "requests/s", "answered 302"],
      [
        ["on (SMTP_URL set, worker sending)", withEmail.p50, withEmail.p99, withEmail.rps, withEmail.ok],
        ["off (no SMTP_URL)", withoutEmail.p50, withoutEmail.p99, withoutEmail.rps, withoutEmail.ok],
      ],
    ),
  );
  return out.join("\n");
}
