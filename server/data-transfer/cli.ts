// The three data commands (scripts/data-*.ts): arguments, progress on the terminal, the report, and a
// clear message for every refusal. Messages are for whoever runs the site, in English like the log.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Writable } from "node:stream";
import { ContentVersion } from "../pages/content-version";
import { loadConfig, type ServerConfig } from "../config";
import type { Database } from "../db/client";
import { DatabaseInUseError } from "../db/pglite-lock";
import { openConfiguredDatabase, openConfiguredStorage } from "../services";
import type { Storage } from "../storage/storage";
import { ArchiveError } from "./archive";
import { exportToFile, type ExportProgress } from "./export";
import { importArchive, type ImportProgress, type ImportReport } from "./import";
import { importLegacy, LegacyImportError, type LegacyReport } from "./legacy";

export type CliIo = { argv: string[]; stdout: Writable; stderr: Writable & { isTTY?: boolean } };
export type Site = { database: Database; storage: Storage; config: ServerConfig };

/** The configured database (PGlite in DATA_DIR or PostgreSQL) and storage. */
async function openSite(config = loadConfig()): Promise<Site> {
  const database = await openConfiguredDatabase(config);
  const storage = await openConfiguredStorage(config, new ContentVersion(database.db));
  return { database, storage, config };
}

type Open = () => Promise<Site>;

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One progress line, redrawn in place on a terminal (at most 5 times a second), else a line a phase. */
function progressLine(stderr: CliIo["stderr"]) {
  let last = 0;
  let lastPhase = "";
  let drawn = false;
  return {
    show(phase: string, text: string, force = false) {
      const now = Date.now();
      if (stderr.isTTY) {
        if (!force && now - last < 200 && phase === lastPhase) return;
        stderr.write(`\r\x1b[K${text}`);
        drawn = true;
      } else if (phase !== lastPhase || force) {
        stderr.write(`${text}\n`);
      }
      last = now;
      lastPhase = phase;
    },
    done() {
      if (drawn) stderr.write("\n");
      drawn = false;
    },
  };
}

async function withSite<T>(io: CliIo, open: Open, work: (site: Site) => Promise<T>): Promise<T | number> {
  let site: Site;
  try {
    site = await open();
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    return await work(site);
  } finally {
    await site.database.close();
  }
}

function refusal(io: CliIo, error: unknown): number {
  if (error instanceof ArchiveError || error instanceof LegacyImportError) {
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
  throw error;
}

const EXPORT_USAGE = "Usage: npm run data:export -- FILE [--force]\n";

/** `npm run data:export -- FILE`: the whole site in one archive. */
export async function runExportCli(io: CliIo, open: Open = () => openSite()): Promise<number> {
  const force = io.argv.includes("--force");
  const args = io.argv.filter((a) => a !== "--force");
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    io.stderr.write(EXPORT_USAGE);
    return 2;
  }
  const file = resolve(args[0]!);
  if (existsSync(file) && !force) {
    io.stderr.write(`${file} already exists; give --force to replace it.\n`);
    return 2;
  }
  if (!(await stat(resolve(file, "..")).catch(() => null))?.isDirectory()) {
    io.stderr.write(`The folder of ${file} does not exist.\n`);
    return 2;
  }
  const progress = progressLine(io.stderr);
  const result = await withSite(io, open, (site) =>
    exportToFile({ db: site.database.db, storage: site.storage }, file, {
      onProgress: (p: ExportProgress) => {
        if (p.phase === "tables") progress.show("tables", `Rows read: ${p.rows}`, true);
        else if (p.phase === "media")
          progress.show("media", `Media copied: ${p.objects}/${p.totalObjects} (${formatBytes(p.bytes)})`);
        else
          progress.show(
            "write",
            `Writing: ${Math.min(100, Math.round((p.bytes / p.totalBytes) * 100))}% (${formatBytes(p.bytes)})`,
          );
      },
    }),
  );
  progress.done();
  if (typeof result === "number") return result;
  const { manifest, bytes } = result;
  io.stdout.write(
    `Archive written: ${file} (${formatBytes(bytes)})\n` +
      Object.entries(manifest.tables)
        .map(([name, t]) => `  ${name}: ${t.rows} rows\n`)
        .join("") +
      `  media: ${manifest.media.objects} objects, ${formatBytes(manifest.media.bytes)}\n`,
  );
  return 0;
}

const IMPORT_USAGE =
  "Usage: npm run data:import -- FILE [--dry-run] [--replace]\n" +
  "  --dry-run  say what would change, change nothing\n" +
  "  --replace  make the site exactly the archive (delete rows and media it lacks)\n";

/** `npm run data:import -- FILE [--dry-run] [--replace]`. */
export async function runImportCli(io: CliIo, open: Open = () => openSite()): Promise<number> {
  const flags = new Set(io.argv.filter((a) => a.startsWith("-")));
  const args = io.argv.filter((a) => !a.startsWith("-"));
  const unknown = [...flags].filter((f) => f !== "--dry-run" && f !== "--replace");
  if (args.length !== 1 || unknown.length) {
    io.stderr.write((unknown.length ? `Unknown option ${unknown[0]}.\n` : "") + IMPORT_USAGE);
    return 2;
  }
  const file = resolve(args[0]!);
  const progress = progressLine(io.stderr);
  let result: ImportReport | number;
  try {
    result = await withSite(io, open, (site) =>
      importArchive(site, file, {
        dryRun: flags.has("--dry-run"),
        replace: flags.has("--replace"),
        onProgress: (p: ImportProgress) =>
          progress.show(
            p.phase,
            `${p.phase === "verify" ? "Checking" : "Importing"}: ${p.entries}/${p.totalEntries} entries`,
          ),
      }),
    );
  } catch (error) {
    progress.done();
    return refusal(io, error);
  }
  progress.done();
  if (typeof result === "number") return result;
  io.stdout.write(importSummary(result));
  return 0;
}

function importSummary(report: ImportReport): string {
  const would = report.dryRun ? "would be " : "";
  const lines = [
    report.dryRun ? "Dry run: nothing was changed." : "Import done.",
    `Archive of ${report.manifest.createdAt} (schema ${report.manifest.schema.migration}).`,
    ...report.notes.map((note) => `Note: ${note}`),
    ...Object.entries(report.tables).map(
      ([name, t]) =>
        `  ${name}: ${t.inserted} ${would}added, ${t.updated} ${would}updated, ${t.unchanged} unchanged` +
        (report.replace ? `, ${t.deleted} ${would}deleted` : "") +
        (t.conflicts ? `, ${t.conflicts} left out (name already used by another row)` : ""),
    ),
    `  media: ${report.media.written} ${would}written, ${report.media.unchanged} unchanged` +
      (report.replace ? `, ${report.media.deleted} ${would}deleted` : "") +
      (report.media.refused.length ? `, ${report.media.refused.length} refused` : ""),
  ];
  if (report.media.refused.length) {
    lines.push(`Media refused (${report.media.refused.length}), the rest imported:`);
    for (const r of report.media.refused) lines.push(`  ${r.entry}: ${r.reason}`);
  }
  return lines.join("\n") + "\n";
}

const LEGACY_USAGE =
  "Usage: npm run data:import-legacy -- DIR [--media BASE] [--allow-host HOST[,HOST...]]\n" +
  "  DIR   folder of the old backend's CSV exports (products.csv, tags.csv, machines.csv, ...)\n" +
  "  BASE  where its media are read, as BASE/<bucket>/<name>: a URL or a local folder\n" +
  "  HOST  a host (host or host:port) whose media URLs in the CSV files are fetched as they are,\n" +
  "        and to which redirects may lead; nothing is fetched from any other host\n";

/** `npm run data:import-legacy -- DIR [--media BASE] [--allow-host HOST[,HOST...]]`. */
export async function runLegacyCli(io: CliIo, open: Open = () => openSite()): Promise<number> {
  const args = [...io.argv];
  let mediaBase: string | undefined;
  const at = args.indexOf("--media");
  if (at !== -1) {
    mediaBase = args[at + 1];
    if (!mediaBase) {
      io.stderr.write(LEGACY_USAGE);
      return 2;
    }
    args.splice(at, 2);
    if (!/^https?:\/\//i.test(mediaBase)) mediaBase = resolve(mediaBase);
  }
  const allowHosts: string[] = [];
  for (let next = args.indexOf("--allow-host"); next !== -1; next = args.indexOf("--allow-host")) {
    const hosts = args[next + 1];
    if (!hosts || hosts.startsWith("-")) {
      io.stderr.write(LEGACY_USAGE);
      return 2;
    }
    allowHosts.push(...hosts.split(","));
    args.splice(next, 2);
  }
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    io.stderr.write(LEGACY_USAGE);
    return 2;
  }
  const progress = progressLine(io.stderr);
  let result: LegacyReport | number;
  try {
    result = await withSite(io, open, (site) =>
      importLegacy(site, resolve(args[0]!), {
        mediaBase,
        allowHosts,
        onProgress: (text) => progress.show("media", text),
      }),
    );
  } catch (error) {
    progress.done();
    return refusal(io, error);
  }
  progress.done();
  if (typeof result === "number") return result;
  io.stdout.write(legacySummary(result));
  return 0;
}

function legacySummary(report: LegacyReport): string {
  const lines = [
    "Import of the old site done.",
    ...Object.entries(report.tables).map(
      ([name, t]) =>
        `  ${name}: ${t.inserted} imported, ${t.updated} updated, ${t.unchanged} unchanged, ${t.skipped} skipped`,
    ),
    `  media: ${report.media.fetched} fetched, ${report.media.alreadyHere} already here, ${report.media.failed} failed`,
    ...report.notes.map((note) => `Note: ${note}`),
  ];
  if (report.problems.length) {
    lines.push(`Problems (${report.problems.length}):`);
    for (const p of report.problems) lines.push(`  ${p.file}${p.line ? `, line ${p.line}` : ""}: ${p.message}`);
  }
  return lines.join("\n") + "\n";
}
