// Scheduled backups (due from the folder's newest archive, rotated, 0600, made by one instance) and the
// staff panel's 'Sauvegarde' card and download (guarded: 404 signed out).
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { lockPgliteDir, DatabaseInUseError } from "../../server/db/pglite-lock";
import { backupFileName, listBackups, runScheduledBackup } from "../../server/data-transfer/backup";
import { verifyArchive } from "../../server/data-transfer/import";
import { TEST_DB } from "../support/db";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let dir: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "backups-"));
  app = await startTestApp({ BACKUP_DIR: dir, BACKUP_EVERY: "24h", BACKUP_KEEP: "3" });
  await insertProduct(app.db(), { nom: "Café de la sauvegarde", prix: 2.5 });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  const t0 = new Date("2026-11-24T08:00:00.000Z");
  const at = (hours: number) => () => new Date(t0.getTime() + hours * HOUR);

  it("writes an archive when none is recent, 0600, that imports back", async () => {
    const result = await runScheduledBackup(app.services, { now: at(0) });
    expect(result).toMatchObject({ ran: true, removed: [] });
    const [file] = await listBackups(dir);
    expect(file!.name).toBe(backupFileName(t0));
    expect(file!.name).toBe("site-2026-11-24T08-00-00-000Z.tar.gz");
    expect((await stat(file!.path)).mode & 0o777).toBe(0o600);
    const manifest = await verifyArchive(file!.path);
    expect(manifest.tables.products!.rows).toBe(1);
  });

  it("waits until BACKUP_EVERY has passed since the newest archive", async () => {
    expect(await runScheduledBackup(app.services, { now: at(1) })).toEqual({ ran: false, reason: "not due" });
    expect(await runScheduledBackup(app.services, { now: at(23.5) })).toEqual({ ran: false, reason: "not due" });
    expect((await listBackups(dir)).length).toBe(1);
  });

  it("keeps the BACKUP_KEEP newest and removes older ones and stale leftovers", async () => {
    // A leftover of an interrupted backup, old enough to go; a recent one and another file stay.
    const stale = join(dir, ".00000000-0000-4000-8000-000000000000.tmp");
    const recent = join(dir, ".00000000-0000-4000-8000-000000000001.tmp");
    await writeFile(stale, "partiel");
    await writeFile(recent, "partiel");
    await utimes(stale, at(-48)(), at(-48)());
    await utimes(recent, at(71)(), at(71)());
    await writeFile(join(dir, "notes.txt"), "à garder");
    for (const hours of [24, 48, 72])
      expect((await runScheduledBackup(app.services, { now: at(hours) })).ran).toBe(true);
    const names = (await listBackups(dir)).map((b) => b.name);
    expect(names).toEqual([72, 48, 24].map((h) => backupFileName(at(h)())));
    expect(await readdir(dir)).toContain("notes.txt");
    expect(await readdir(dir)).toContain(".00000000-0000-4000-8000-000000000001.tmp");
    expect(await readdir(dir)).not.toContain(".00000000-0000-4000-8000-000000000000.tmp");
    const result = await runScheduledBackup(app.services, { now: at(96) });
    expect(result).toMatchObject({ ran: true, removed: [backupFileName(at(24)())] });
    expect((await listBackups(dir)).length).toBe(3);
  });

  it("is made by one instance only", async () => {
    if (TEST_DB === "postgres") {
      // Two instances on one database and one folder, checking at the same moment.
      const results = await Promise.all([
        runScheduledBackup(app.services, { now: at(200) }),
        runScheduledBackup({ ...app.services }, { now: at(200) }),
      ]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      const other = results.find((r) => !r.ran);
      expect(other && !other.ran && ["other instance", "not due"].includes(other.reason)).toBe(true);
    } else {
      // PGlite belongs to one process: a second instance cannot even open the database.
      const folder = join(dir, "db");
      const release = await lockPgliteDir(folder);
      try {
        await writeFile(`${folder}.pid`, String(process.ppid));
        await expect(lockPgliteDir(folder)).rejects.toBeInstanceOf(DatabaseInUseError);
      } finally {
        await release();
      }
    }
  });
});

describe("the staff panel's 'Sauvegarde' card", () => {
  it("answers 404 to a visitor who is not signed in, and writes no archive", async () => {
    const response = await app.fetch("/edit/sauvegarde");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Page non trouvée");
    expect((await app.fetch("/edit/sauvegarde.data")).status).toBe(404);
  });

  it("streams a fresh archive to the signed-in staff", async () => {
    const cookie = await app.login();
    const response = await app.fetch("/edit/sauvegarde", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="sauvegarde-[\d-]+\.tar\.gz"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const estimate = Number(response.headers.get("x-archive-estimate"));
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(estimate).toBeGreaterThan(bytes.length / 4);
    const file = join(dir, "downloaded.tar.gz");
    await writeFile(file, bytes);
    const manifest = await verifyArchive(file);
    expect(manifest.tables.products!.rows).toBe(1);
    await rm(file);
    // The media spool is gone once sent.
    expect(await readdir(join(app.services.config.dataDir, "tmp"))).toEqual([]);
  });

  it("refuses with 403 a download another site started, and builds nothing", async () => {
    const cookie = await app.login();
    const spool = join(app.services.config.dataDir, "tmp");
    const before = await readdir(spool).catch(() => []);
    const info = vi.spyOn(app.services.log, "info");
    for (const site of ["cross-site", "same-site"]) {
      const response = await app.fetch("/edit/sauvegarde", {
        headers: { cookie, "sec-fetch-site": site, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
      });
      expect(response.status, site).toBe(403);
      expect(response.headers.get("content-type"), site).toMatch(/^text\/plain/);
      expect(await response.text(), site).toBe(
        "Téléchargement refusé : ouvrez la sauvegarde depuis le panneau d'administration.",
      );
    }
    expect(await readdir(spool).catch(() => [])).toEqual(before);
    expect(info.mock.calls.some((call) => call.includes("Backup download started"))).toBe(false);
    info.mockRestore();
    // The panel's own link (same origin) and a typed address still download.
    for (const site of ["same-origin", "none"]) {
      const response = await app.fetch("/edit/sauvegarde", { headers: { cookie, "sec-fetch-site": site } });
      expect(response.status, site).toBe(200);
      expect(response.headers.get("content-type"), site).toBe("application/gzip");
      await response.arrayBuffer();
    }
  });

  it("shows the last scheduled backup, or that there is none", async () => {
    const cookie = await app.login();
    const html = await (await app.fetch("/edit", { headers: { cookie } })).text();
    expect(html).toContain("Sauvegarde");
    expect(html).toContain("Télécharger une sauvegarde");
    expect(html).toContain("Dernière sauvegarde automatique\u00a0: ");
    expect(html).toMatch(/\d+,\d Mo|\d+ Ko/);

    const other = await startTestApp();
    try {
      const page = await (await other.fetch("/edit", { headers: { cookie: await other.login() } })).text();
      expect(page).toContain("Aucune sauvegarde automatique");
      expect(page).toContain("réglage BACKUP_DIR");
    } finally {
      await other.close();
    }
  });
});
