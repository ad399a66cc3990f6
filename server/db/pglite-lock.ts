// PGlite is one process's database: a second process opening the same folder gets no error and both
// then write to it (tried: the second open succeeds). PGlite's own postmaster.pid holds a fake pid
// (-42) and stays after a crash, so it cannot say whether anyone still uses the folder. This lock
// file holds the real pid of the process that opened it; a pid that no longer runs is a stale lock.
import { open, readFile, rm } from "node:fs/promises";

/** Beside the database folder, not in it: PGlite creates a new database only in an empty folder. */
export const pgliteLockFile = (dbDir: string) => `${dbDir.replace(/\/+$/, "")}.pid`;

export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (the site's server, or another command). ` +
        "Stop the server first, then run this command again. (On PostgreSQL, with DATABASE_URL, the server can keep running.) " +
        `If no such process runs, delete ${pgliteLockFile(dataDir)}.`,
    );
    this.name = "DatabaseInUseError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock of the PGlite folder `dbDir` for this process; returns the function that releases
 * it. Throws DatabaseInUseError while another running process holds it. */
export async function lockPgliteDir(dbDir: string): Promise<() => Promise<void>> {
  const file = pgliteLockFile(dbDir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, "wx", 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
      throw new DatabaseInUseError(dbDir, pid);
    }
    // Left by a process that ended without closing (or by this one): taken over.
    await rm(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}.`);
}
