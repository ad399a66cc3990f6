// `npm run admin:password -- <username>`: creates that admin or changes its password (read from
// standard input, never from the command line), on the database the site uses (DATABASE_URL, or the
// embedded one in DATA_DIR), and ends that admin's sessions.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { runAdminPasswordCli } from "../server/auth/admin-cli";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { ensureDataDir } from "../server/lib/secret";

process.exitCode = await runAdminPasswordCli(
  { argv: process.argv.slice(2), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  async () => {
    const config = loadConfig();
    await ensureDataDir(config.dataDir);
    await mkdir(join(config.dataDir, "db"), { recursive: true });
    const database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl })
      : await openDatabase({ dataDir: join(config.dataDir, "db") });
    await database.migrate();
    return database;
  },
);
