// The admin password command as an operator runs it, in a process of its own on a new data folder.
// It always opens the embedded database of DATA_DIR: this file runs once, not per database engine.
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { checkCredentials } from "../../server/auth/users";
import { openDatabase } from "../../server/db/client";
import { projectRoot } from "../../server/lib/paths";

function spawnCli(args: string[], input: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin-password.ts", ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: "", ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
    child.stdin.end(input);
  });
}

it("the command line tool reads a piped line, creates DATA_DIR 0700 and never echoes the password", async () => {
  const root = await mkdtemp(join(tmpdir(), "site-cli-"));
  const dataDir = join(root, "donnees");
  try {
    const refused = await spawnCli(["gerant", "un-mot-de-passe-bien-long"], "", { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("ne se donne pas en argument");

    const run = await spawnCli(["gerant"], "un-mot-de-passe-bien-long\n", { DATA_DIR: dataDir });
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.out).toContain("« gerant »");
    expect(run.out).not.toContain("un-mot-de-passe-bien-long");
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const database = await openDatabase({ dataDir: join(dataDir, "db") });
    try {
      expect(await checkCredentials(database.db, "gerant", "un-mot-de-passe-bien-long")).not.toBeNull();
    } finally {
      await database.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
