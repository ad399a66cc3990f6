// `npm run admin:password -- <username>`: creates that admin or changes its password (read from
// standard input, never from the command line), on the database the site uses (DATABASE_URL, or the
// embedded one in DATA_DIR), and ends that admin's sessions.
import { runAdminPasswordCli } from "../server/auth/admin-cli";
import { loadConfig } from "../server/config";
import { openConfiguredDatabase } from "../server/services";

process.exitCode = await runAdminPasswordCli(
  { argv: process.argv.slice(2), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  () => openConfiguredDatabase(loadConfig()),
);
