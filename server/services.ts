import { sql } from "drizzle-orm";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { ensureAdmin } from "./auth/users";
import { ContentVersion } from "./pages/content-version";
import { versionedStorage } from "./pages/versioned-storage";
import type { ServerAreas } from "./areas";
import type { ServerConfig } from "./config";
import type { Services } from "./context";
import { openDatabase, type Database } from "./db/client";
import { isDemoEmpty } from "./db/seed/empty";
import { log } from "./lib/log";
import { ensureDataDir, loadOrCreateSecret } from "./lib/secret";
import { LocalStorage } from "./storage/local";
import { lockPgliteDir } from "./db/pglite-lock";
import type { Storage } from "./storage/storage";

/** Media on S3-compatible storage when S3_BUCKET is set, on this machine's disk otherwise. The S3
 * client loads only then (importing it costs about 35 MB of memory). */
export async function createStorage(config: Pick<ServerConfig, "dataDir" | "s3">): Promise<Storage> {
  if (!config.s3) return new LocalStorage(join(config.dataDir, "storage"));
  const { S3Storage } = await import("./storage/s3");
  return new S3Storage(config.s3);
}

// Any fixed number works; every instance must use the same one (the migration lock is 7_421_031).
const SEED_LOCK_ID = 7_421_034;

/** The database the site uses (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), migrated under
 * an advisory lock. */
export async function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  await ensureDataDir(config.dataDir);
  await mkdir(join(config.dataDir, "db"), { recursive: true });
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    await database.migrate();
    return database;
  }
  // One process at a time on the embedded database (a second one would write to it unnoticed).
  const dbDir = join(config.dataDir, "db");
  const unlock = await lockPgliteDir(dbDir);
  try {
    const database = await openDatabase({ dataDir: dbDir });
    await database.migrate().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** The media storage the site uses (createStorage), whose changes to listed buckets move the content
 * version on. */
export async function openConfiguredStorage(config: ServerConfig, contentVersion: ContentVersion): Promise<Storage> {
  return versionedStorage(await createStorage(config), contentVersion);
}

/** Opens and migrates the database, makes sure an admin exists and what the areas need, and fills the demo content into an
 * empty database. */
export async function createServices(config: ServerConfig, areas: Pick<ServerAreas, "prepare">): Promise<Services> {
  const database = await openConfiguredDatabase(config);
  const contentVersion = new ContentVersion(database.db);
  const storage = await openConfiguredStorage(config, contentVersion);
  const secret = await loadOrCreateSecret(config.dataDir, config.sessionSecret);
  const services: Services = { database, db: database.db, storage, contentVersion, config, log, secret };

  await ensureAdmin(
    database.db,
    log,
    { username: config.adminUsername, password: config.adminPassword },
    config.dataDir,
  );
  await areas.prepare(services);
  // The drawing code and its tables load only when there is something to seed. Instances starting
  // together take turns: the first draws and stores the pictures, the others then find content and
  // skip it (rather than each drawing everything, for one to keep).
  if (config.seedDemo !== false && (await isDemoEmpty(database.db))) {
    const started = Date.now();
    const { seedDemoContent } = await import("./db/seed");
    if (await database.withLock(SEED_LOCK_ID, () => seedDemoContent(database.db, storage, log))) {
      log.info({ ms: Date.now() - started }, "Demo content created");
    }
  }
  // PGlite has no autovacuum: at each start, fresh planner statistics keep catalogue queries on their
  // indexes, and a vacuum clears rows replaced by edits and lets deep pages skip the table.
  if (database.kind === "pglite") await database.db.execute(sql`vacuum analyze`);
  return services;
}
