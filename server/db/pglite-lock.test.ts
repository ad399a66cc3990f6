import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockPgliteDir, pgliteLockFile } from "./pglite-lock";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "pglite-lock-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the embedded database's lock", () => {
  it("holds this process's pid while open and goes on release", async () => {
    const db = join(dir, "db");
    const release = await lockPgliteDir(db);
    expect(await readFile(pgliteLockFile(db), "utf8")).toBe(String(process.pid));
    await release();
    await expect(readFile(pgliteLockFile(db), "utf8")).rejects.toThrow();
  });

  it("refuses while another running process holds it, saying to stop the server", async () => {
    const db = join(dir, "db");
    await writeFile(pgliteLockFile(db), String(process.ppid));
    const error = await lockPgliteDir(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseInUseError);
    expect((error as Error).message).toMatch(new RegExp(`in use by process ${process.ppid}.*Stop the server first`));
  });

  it("takes over a lock left by a process that ended", async () => {
    const db = join(dir, "db");
    const ended = spawnSync(process.execPath, ["-e", "0"]).pid;
    await writeFile(pgliteLockFile(db), String(ended));
    const release = await lockPgliteDir(db);
    expect(await readFile(pgliteLockFile(db), "utf8")).toBe(String(process.pid));
    await release();
  });
});
