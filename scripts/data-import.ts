// `npm run data:import -- …`: restores an archive into the configured database and storage (--dry-run, --replace), on the database and storage the site uses (DATABASE_URL or the
// embedded one in DATA_DIR; see docs/operations.md, "Data: export, import, backups").
import { runImportCli } from "../server/data-transfer/cli";

process.exitCode = await runImportCli({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr });
