import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { migrationsFolder } from "../lib/paths";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction, for a function that must run inside its caller's. It is a Db too (drizzle's
 * PgTransaction extends PgDatabase): a function taking a Db is given either, with no cast. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of a raw SQL statement. Both drivers answer `{ rows }`; the Db type cannot say so. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /** Runs `work` holding a session advisory lock: instances sharing a PostgreSQL database take turns.
   * (An embedded database belongs to one process: no lock needed.) */
  withLock<T>(id: number, work: () => Promise<T>): Promise<T>;
  /** Calls `onNotify` for each NOTIFY on `channel` (from any connection, after its commit), and
   * `onListening` with false whenever notifications may have been missed (a lost connection), then true
   * once listening again. Resolves once listening; the returned function stops. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

type ListenHandlers = { onNotify: () => void; onListening: (listening: boolean) => void };

/** Wait before listening again after the connection was lost. */
const RELISTEN_DELAY_MS = 1000;

// Any fixed number works; every instance must use the same one.
const MIGRATION_LOCK_ID = 7_421_031;

/**
 * PGlite zeroes its whole shared memory at start, so shared_buffers is resident from the first
 * second: initdb's 128 MB cost 110 MB of RSS for a database of about 25 MB. Pages beyond these
 * buffers are read back from the OS page cache.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

export type DatabaseOptions =
  { databaseUrl: string; poolSize?: number } | { dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async migrate() {
        // One connection holds the advisory lock for the whole migration, so instances that start
        // together wait for each other instead of racing on DDL.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      async withLock(id, work) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [id]);
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [id]).catch(() => {});
          client.release();
        }
      },
      listen: (channel, handlers) => listenPostgres(options.databaseUrl, channel, handlers),
      close: () => pool.end(),
    };
  }
  // Loaded only for the embedded database: a server on PostgreSQL never needs it.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // The trigram index of the product name search (migration 0002) needs the extension loaded.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
      }
    },
    withLock: (_id, work) => work(),
    async listen(channel, { onNotify, onListening }) {
      // One embedded session, which nothing else can write to: no notification can be missed.
      const unlisten = await client.listen(channel, onNotify);
      onListening(true);
      return unlisten;
    },
    close: () => client.close(),
  };
}

/** LISTEN on a connection of its own (pooled connections are shared and come and go); when it is lost,
 * says so and listens again on a new one. Resolves once the first attempt is over, listening or not. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  { onNotify, onListening }: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    const lost = () => {
      if (current !== client) return;
      current = null;
      onListening(false);
      void client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_DELAY_MS);
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      // Not listening yet: the caller reads what it needs meanwhile; tried again shortly.
      return lost();
    }
    if (current === client) onListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

let latestMigration: number | undefined;

/** Whether the database has every migration of this build (drizzle's journal table records each one
 * applied by its folder time). A newer build may have applied more: that still counts. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  latestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const [row] = await selectRows<{ applied: boolean }>(
    db,
    sql`select coalesce(max(created_at), 0) >= ${latestMigration} as applied from drizzle.__drizzle_migrations`,
  );
  return row?.applied === true;
}

/** For the rare caller that needs the underlying PGlite (test templates). */
export type { PGlite };
