import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so restarts keep it. */
export async function loadOrCreateSecret(dataDir: string, given: string | undefined): Promise<string> {
  if (given) return given;
  const file = join(dataDir, "session-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600, flag: "wx" }).catch(async () => {
    // Another instance wrote it first: use theirs.
  });
  return (await readFile(file, "utf8")).trim();
}
