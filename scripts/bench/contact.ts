// Contact requests under sustained load on the embedded database (PGlite): submissions per second
// and latency, then a count check that every submission was stored — and, with a local webhook,
// that every stored one was forwarded exactly once. Each row sends a fixed number of requests (not
// a fixed time), so the count check is exact: no request is cut off at the end of a run.
// The per-IP limit and the site-wide ceiling are turned off for the run (CONTACT_RATE_LIMIT=off,
// CONTACT_MAX_PER_HOUR=off): every request comes from 127.0.0.1.
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../server/db/client";
import { contactRequests } from "../../server/db/schema";
import { startBuiltServer, table } from "./lib";

const PORT = 3902;

const body = new URLSearchParams({
  nom_complet: "Julie Gagnon",
  courriel: "julie@cliniqueboreale.ca",
  description_demande:
    "Bonjour, nous cherchons une distributrice de collations santé pour la salle d'attente de notre clinique (environ 120 patients par jour).",
  type_emplacement: "hospital",
  emplacement: "levis",
  date_installation: "1-3-months",
  prefere_telephone: "on",
  numero_telephone: "418 555-0188",
}).toString();

type Run = {
  connections: number;
  sent: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  other: number;
};

async function submit(url: string, connections: number, amount: number): Promise<Run> {
  const started = performance.now();
  const result = await autocannon({
    url: `${url}/contact`,
    method: "POST",
    connections,
    amount,
    timeout: 30,
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    connections,
    sent: amount,
    seconds: Math.round(seconds * 10) / 10,
    rps: Math.round(amount / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // 302 to /confirmation = stored; anything else is a failure.
    redirects: result["3xx"],
    other: result.errors + result.timeouts + result["1xx"] + result["2xx"] + result["4xx"] + result["5xx"],
  };
}

async function countRows(dataDir: string): Promise<{ stored: number; delivered: number }> {
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  try {
    const [all] = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactRequests);
    const [delivered] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contactRequests)
      .where(eq(contactRequests.status, "delivered"));
    return { stored: all?.n ?? 0, delivered: delivered?.n ?? 0 };
  } finally {
    await database.close();
  }
}

/** A webhook that answers 200 at once and counts calls per Idempotency-Key. */
async function startWebhook() {
  const keys = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const key = String(req.headers["idempotency-key"]);
      keys.set(key, (keys.get(key) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    keys,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function scenario(withWebhook: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-contact-"));
  const webhook = withWebhook ? await startWebhook() : null;
  const server = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      CONTACT_RATE_LIMIT: "off",
      // Nor the site-wide ceiling per hour: beyond it requests would be held as spam, not forwarded.
      CONTACT_MAX_PER_HOUR: "off",
      SEED_DEMO: "false",
      ...(webhook ? { CONTACT_WEBHOOK_URL: webhook.url } : {}),
    },
    PORT,
  );
  const runs: Run[] = [];
  let drainMs: number | null = null;
  try {
    runs.push(await submit(server.url, 5, 100)); // warm-up, counted in the check below
    for (const [connections, amount] of [
      [1, 300],
      [10, 1000],
      [50, 2000],
    ] as const) {
      runs.push(await submit(server.url, connections, amount));
    }
    if (webhook) {
      const answered = runs.reduce((n, r) => n + r.redirects, 0);
      const started = Date.now();
      while (webhook.keys.size < answered && Date.now() - started < 120_000)
        await new Promise((r) => setTimeout(r, 100));
      drainMs = Date.now() - started;
      await new Promise((r) => setTimeout(r, 500)); // the last "delivered" writes
    }
  } finally {
    await server.stop();
    await webhook?.close();
  }
  const counts = await countRows(dataDir);
  await rm(dataDir, { recursive: true, force: true });
  const answered = runs.reduce((n, r) => n + r.redirects, 0);
  const sent = runs.reduce((n, r) => n + r.sent, 0);
  const failures = runs.reduce((n, r) => n + r.other, 0);
  const duplicates = webhook ? [...webhook.keys.values()].filter((n) => n > 1).length : 0;
  return {
    runs: runs.slice(1),
    sent,
    answered,
    failures,
    counts,
    webhook,
    drainMs,
    duplicates,
    peak: server.peakRssMb(),
  };
}

export default async function bench(): Promise<string> {
  const out: string[] = [
    "### Contact submissions (POST /contact on PGlite, autocannon, a fixed number of requests per row)",
  ];
  for (const withWebhook of [false, true]) {
    const r = await scenario(withWebhook);
    const ok = r.counts.stored === r.sent && r.answered === r.sent && r.failures === 0;
    out.push(
      "",
      withWebhook
        ? "**With a local webhook** (the delivery worker forwards while requests arrive)"
        : "**Stored only** (no CONTACT_WEBHOOK_URL)",
      table(
        ["connections", "requests", "seconds", "submissions/s", "p50 ms", "p99 ms", "answered 302", "errors"],
        r.runs.map((run) => [
          run.connections,
          run.sent,
          run.seconds,
          run.rps,
          run.p50,
          run.p99,
          run.redirects,
          run.other,
        ]),
      ),
      "",
      `Count check: ${r.sent} submissions sent (warm-up included), ${r.answered} answered /confirmation, ${r.counts.stored} rows stored, ${r.failures} failed — ${ok ? "**every submission stored**" : "**MISMATCH**"}.`,
    );
    if (r.webhook) {
      const delivered =
        r.counts.delivered === r.counts.stored && r.webhook.keys.size === r.counts.stored && r.duplicates === 0;
      out.push(
        `Delivery: ${r.webhook.keys.size} distinct requests received by the webhook, ${r.counts.delivered} marked delivered, ${r.duplicates} sent twice; backlog drained ${r.drainMs} ms after the load — ${delivered ? "**every request forwarded exactly once**" : "**MISMATCH**"}.`,
      );
    }
    out.push(`Server peak RSS: ${Math.round(r.peak)} MB`);
  }
  return out.join("\n");
}
