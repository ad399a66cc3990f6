// Scheduled backups for a site on one machine: with BACKUP_DIR set, an archive (export.ts) every
// BACKUP_EVERY, the BACKUP_KEEP newest kept. Whether one is due is read from the folder itself (the
// newest archive's time), so a restart neither skips nor repeats one, and instances sharing the folder
// agree. Several instances on PostgreSQL: the one holding a transaction-scoped advisory lock makes it.
import { sql } from "drizzle-orm";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Services } from "../context";
import { selectRows } from "../db/client";
import { startPeriodicJob, type PeriodicJob } from "../lib/periodic-job";
import { exportToFile } from "./export";

// Any fixed number works; every instance must use the same one (migrations 7_421_031, sweep 7_421_032).
const BACKUP_LOCK_ID = 7_421_033;
/** A backup a little early still counts: the check runs on a timer, not to the millisecond. */
const DUE_SLACK_MS = 60_000;
/** Leftovers of an interrupted backup (temporary archive, media spool) older than this are removed. */
const LEFTOVER_MS = 24 * 3_600_000;

const BACKUP_NAME = /^site-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** 'site-2026-11-24T03-00-00-000Z.tar.gz': sorts by time, valid on every file system. */
export function backupFileName(at: Date): string {
  return `site-${at.toISOString().replace(/:/g, "-").replace(".", "-")}.tar.gz`;
}

/** The time in a backup's name, or null for any other file. */
function backupTime(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Names to delete so that the `keep` newest remain. */
function backupsToRemove(names: readonly string[], keep: number): string[] {
  const dated = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return dated.slice(keep).map((b) => b.name);
}

export type BackupFile = { name: string; path: string; size: number; createdAt: Date };

/** The archives of the backup folder, newest first (none when the folder does not exist). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files: BackupFile[] = [];
  for (const name of names) {
    const createdAt = backupTime(name);
    if (!createdAt) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info?.isFile()) files.push({ name, path: join(dir, name), size: info.size, createdAt });
  }
  return files.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export type BackupResult =
  { ran: true; file: BackupFile; removed: string[] } | { ran: false; reason: "off" | "not due" | "other instance" };

type BackupServices = Pick<Services, "database" | "storage" | "config" | "log">;

/** Makes a backup if one is due. Throws when the export fails (the job logs it and tries again). */
export async function runScheduledBackup(
  services: BackupServices,
  { now = () => new Date() }: { now?: () => Date } = {},
): Promise<BackupResult> {
  const { config, database, log } = services;
  const { dir, everyMs, keep } = config.backup;
  if (!dir) return { ran: false, reason: "off" };
  const due = async () => {
    const [latest] = await listBackups(dir);
    return !latest || now().getTime() - latest.createdAt.getTime() >= everyMs - DUE_SLACK_MS;
  };
  if (!(await due())) return { ran: false, reason: "not due" };

  const make = async (): Promise<BackupResult> => {
    // Checked again under the lock: another instance may have just made it.
    if (!(await due())) return { ran: false, reason: "not due" };
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await removeLeftovers(dir, now());
    const at = now();
    const path = join(dir, backupFileName(at));
    const { bytes } = await exportToFile({ db: database.db, storage: services.storage }, path);
    const removed = backupsToRemove(
      (await listBackups(dir)).map((b) => b.name),
      keep,
    );
    for (const name of removed) await rm(join(dir, name), { force: true });
    const file = { name: backupFileName(at), path, size: bytes, createdAt: at };
    log.info({ file: path, bytes, removed }, "Scheduled backup written");
    return { ran: true, file, removed };
  };

  // PGlite belongs to this one process (db/pglite-lock.ts): no other instance can run.
  if (database.kind === "pglite") return make();
  // The lock lives as long as this transaction, on a connection of its own; the export reads its
  // snapshot on another one.
  return database.db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK_ID}) as locked`,
    );
    if (!lock?.locked) return { ran: false, reason: "other instance" } as const;
    return make();
  });
}

/** Temporary archives and media spools an interrupted backup left behind. */
async function removeLeftovers(dir: string, now: Date) {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/^\.(export-.+|[0-9a-f-]{36}\.tmp)$/.test(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtime.getTime() > LEFTOVER_MS) {
      await rm(join(dir, name), { recursive: true, force: true });
    }
  }
}

/** What the staff panel shows of the scheduled backups. */
export type BackupStatus = { enabled: boolean; latest: { createdAt: string; size: number } | null };

export async function backupStatus(config: Pick<Services["config"], "backup">): Promise<BackupStatus> {
  if (!config.backup.dir) return { enabled: false, latest: null };
  const [latest] = await listBackups(config.backup.dir);
  return {
    enabled: true,
    latest: latest ? { createdAt: latest.createdAt.toISOString(), size: latest.size } : null,
  };
}

/** Started by startServer when BACKUP_DIR is set: checks now, then every hour (or BACKUP_EVERY when
 * shorter), and makes a backup when the newest is BACKUP_EVERY old. */
export function startScheduledBackups(services: BackupServices): PeriodicJob | null {
  if (!services.config.backup.dir) return null;
  return startPeriodicJob({
    work: () => runScheduledBackup(services),
    intervalMs: Math.min(services.config.backup.everyMs, 3_600_000),
    log: services.log,
    failure: "Scheduled backup failed; will try again later",
  });
}
