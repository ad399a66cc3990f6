// `npm run data:export -- …`: writes one archive of the whole site (rows, contact requests, media) to FILE, on the database and storage the site uses (DATABASE_URL or the
// embedded one in DATA_DIR; see docs/operations.md, "Data: export, import, backups").
import { runExportCli } from "../server/data-transfer/cli";

process.exitCode = await runExportCli({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr });
