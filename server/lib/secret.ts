import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** DATA_DIR holds the database, the secret and maybe the first admin password: created readable by
 * this system user only. */
export async function ensureDataDir(dataDir: string): Promise<void> {
  // Parents with the usual mode; only DATA_DIR itself is private.
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so restarts keep it. */
export async function loadOrCreateSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return given;
  const file = join(dataDir, "session-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await ensureDataDir(dataDir);
  await writeFile(file, secret, { mode: 0o600, flag: "wx" }).catch(async () => {
    // Another instance wrote it first: use theirs.
  });
  return (await readFile(file, "utf8")).trim();
}
