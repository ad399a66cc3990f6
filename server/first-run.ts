// A site's first start (a new embedded database, or an empty one to fill with the demo content) does
// its work in a child process: creating the database and drawing the demo pictures leave a process
// about 100 MB (PostgreSQL) to 300 MB (PGlite) larger for good, which the server would carry all its life.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ServerConfig } from "./config";
import { isDemoEmpty } from "./db/seed/empty";
import { openConfiguredDatabase } from "./services";

/** Whether the start has first-start work to do. */
export async function needsFirstRun(config: ServerConfig): Promise<boolean> {
  if (!config.databaseUrl) return !existsSync(join(config.dataDir, "db", "PG_VERSION"));
  if (config.seedDemo === false) return false;
  const database = await openConfiguredDatabase(config);
  try {
    return await isDemoEmpty(database.db);
  } finally {
    await database.close();
  }
}

/** Runs `prepareData()` of the module at `moduleUrl` (the server bundle) in a child process, with this
 * process's environment and memory flags, and waits for it. */
export function runFirstRun(moduleUrl: string): Promise<void> {
  const code = `const { prepareData } = await import(${JSON.stringify(moduleUrl)}); await prepareData();`;
  const flags = process.execArgv.filter((flag) => flag.startsWith("--max-"));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, "--input-type=module", "-e", code], { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (status) =>
      status === 0 ? resolve() : reject(new Error(`The first start's preparation failed (exit code ${status}).`)),
    );
  });
}
