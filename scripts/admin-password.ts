// `npm run admin:password -- <username> <password>`: creates that admin or changes its password,
// on the database the site uses (DATABASE_URL, or the embedded one in DATA_DIR).
import { join } from "node:path";
import { mkdir } from "node:fs/promises";
import { upsertAdmin } from "../server/auth/users";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

const [username, password] = process.argv.slice(2);
if (!username || !password || password.length < 8) {
  console.error("Usage: npm run admin:password -- <nom d'utilisateur> <mot de passe (8 caractères ou plus)>");
  process.exit(2);
}
const config = loadConfig();
await mkdir(join(config.dataDir, "db"), { recursive: true });
const database = config.databaseUrl
  ? await openDatabase({ databaseUrl: config.databaseUrl })
  : await openDatabase({ dataDir: join(config.dataDir, "db") });
await database.migrate();
await upsertAdmin(database.db, username, password);
await database.close();
console.log(`Mot de passe de « ${username} » enregistré.`);
