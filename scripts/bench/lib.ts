// Helpers shared by the bench modules: start the built site on a fresh data folder, measure load.
import { chromium, devices, type Browser } from "@playwright/test";
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import pg from "pg";

export type RunningServer = { url: string; pid: number; peakRssMb(): number; stop(): Promise<void> };

/** Starts `node server.js` (production build) on a fresh DATA_DIR and waits for /readyz, as a balancer
 * does before it sends visitors (the pictures shown have their standard widths by then), or only for
 * /healthz (alive). */
export async function startBuiltServer(
  env: Record<string, string> = {},
  port = 3900,
  { until = "/readyz" }: { until?: "/readyz" | "/healthz" } = {},
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), "site-bench-")));
  // The same V8 flag and allocator setting as `npm start` and `npm run serve` (package.json).
  const child: ChildProcess = spawn(process.execPath, ["--max-semi-space-size=16", "--expose-gc", "server.js"], {
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: "2",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    const ok = await fetch(url + until).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not become healthy");
    await new Promise((r) => setTimeout(r, 250));
  }
  let peak = 0;
  const sample = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb / 1024);
  };
  const timer = setInterval(() => void sample(), 500);
  return {
    url,
    pid: child.pid!,
    peakRssMb: () => peak,
    async stop() {
      await sample();
      clearInterval(timer);
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** Sustained load on one URL; returns requests per second and latency percentiles (ms). */
export async function load(
  url: string,
  {
    connections = 10,
    duration = 5,
    method = "GET",
    body,
    headers,
  }: { connections?: number; duration?: number; method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration, method: method as "GET", body, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** What a browser asks for (Chromium's header, gzip first), so a page and an asset are compared as it
 * gets them, and the server's choice of encoding is the one a visitor gets. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

const inflate = { br: promisify(zlib.brotliDecompress), gzip: promisify(zlib.gunzip) } as const;

/** One request on a new connection, timed to its last byte while still compressed (the client's own
 * decompression is not the server's time); the body comes back inflated. */
export function timedGet(
  url: string,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"] as keyof typeof inflate | undefined;
          const body = encoding && inflate[encoding] ? inflate[encoding](raw) : Promise.resolve(raw);
          body.then((b) => resolve({ ms, status: response.statusCode ?? 0, body: b.toString("utf8") }), reject);
        });
      })
      .on("error", reject);
  });
}

/** Resident memory of a process now (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** An empty PostgreSQL database for one bench, or null when PostgreSQL cannot be reached. */
export async function throwawayPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  admin.on("error", (error) => console.error("bench admin connection:", error.message));
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${name}"`).catch(async (error: unknown) => {
    await admin.end();
    throw error;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export function table(headers: string[], rows: (string | number)[][]): string {
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

/** Debian's Chromium, for the modules that drive a page themselves. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
}

/** A page as a mid-range phone gets it: Pixel 7 emulation, 4× CPU slowdown, 150 ms round
 * trip, 1.6 Mbit/s down. */
export async function phonePage(browser: Browser) {
  const context = await browser.newContext({ ...devices["Pixel 7"], locale: "fr-CA" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { page, close: () => context.close() };
}

/** The seven pages the phone measures run on: the public pages, the catalogue and a machine page of the demo content. */
export async function measuredPages(baseUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const machine = /<loc>[^<]*?(\/machines\/[0-9a-f-]{36}\/[0-9a-f-]{36})<\/loc>/.exec(sitemap)?.[1];
  if (!machine) throw new Error("the demo content has no machine page");
  return ["/", "/galerie", "/notre-offre", "/contact", "/produits", "/machines", machine];
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The bench's staff account, made at the built server's start (ADMIN_USERNAME, ADMIN_PASSWORD). */
export const BENCH_ADMIN = { username: "bench", password: "mot-de-passe-du-banc-d-essai" };
export const BENCH_ADMIN_ENV = { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password };

/** Signs the bench's staff account in through the form; returns its Cookie header value. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url },
    body: new URLSearchParams(BENCH_ADMIN),
  });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error(`sign-in failed (${response.status})`);
  return cookie.split(";")[0]!;
}

/** An installed machine entered through the staff's form on a site with the demo catalogue; the path
 * of its public page (/m/{code}). */
export async function installedMachinePath(url: string): Promise<string> {
  const headers = { cookie: await signIn(url), origin: url };
  const chooser = await (await fetch(`${url}/creer-machine`, { headers })).text();
  const machineId = /\/creer-machine\/([0-9a-f-]{36})/.exec(chooser)?.[1];
  if (!machineId) throw new Error("no machine in the demo catalogue");
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${url}${path}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields) });
  const planned = await post("/edit-installations/nouvelle", {
    intent: "planifier",
    machine_id: machineId,
    client_name: "Clinique Boréale",
    address: "45, rue de l'Église, Lévis",
    contact_name: "Éloïse Côté",
  });
  await planned.arrayBuffer();
  const id = /\/edit-installations\/([0-9a-f-]{36})/.exec(planned.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`planifier: HTTP ${planned.status}`);
  await (await post(`/edit-installations/${id}`, { intent: "changer-statut", id, to: "installee" })).arrayBuffer();
  const page = await (await fetch(`${url}/edit-installations/${id}`, { headers })).text();
  const code = /BD-[0-9A-Z]{4}/.exec(page)?.[0];
  if (!code) throw new Error("no machine code on the installation's page");
  return `/m/${code}`;
}
