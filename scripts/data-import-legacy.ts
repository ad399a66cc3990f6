// `npm run data:import-legacy -- …`: imports the old backend's CSV table exports and fetches their media, on the database and storage the site uses (DATABASE_URL or the
// embedded one in DATA_DIR; see docs/operations.md, "Data: export, import, backups").
import { runLegacyCli } from "../server/data-transfer/cli";

process.exitCode = await runLegacyCli({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr });
