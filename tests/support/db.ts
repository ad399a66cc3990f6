import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database, type PGlite } from "../../server/db/client";
import { withDatabase } from "./postgres-template";

export const TEST_DB = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated, empty database of the engine under test, private to the caller. Close it after use. */
export async function createTestDatabase(): Promise<Database> {
  return createDatabaseOf(TEST_DB);
}

/** The engine that tests moving data between engines import into: the other one when PostgreSQL is
 * available (TEST_DATABASE_URL), else a second PGlite database. */
export const OTHER_DB: "pglite" | "postgres" =
  TEST_DB === "postgres" || !process.env.TEST_DATABASE_URL ? "pglite" : "postgres";

/** A migrated, empty database of `engine`, private to the caller. Close it after use. */
export async function createDatabaseOf(engine: "pglite" | "postgres"): Promise<Database> {
  if (engine === "postgres" && TEST_DB !== "postgres") {
    // Outside the postgres project there is no template: a throwaway database, migrated here.
    const url = process.env.TEST_DATABASE_URL!;
    const name = `t_cross_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    await database.migrate();
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const template = inject("pgTemplate");
    const name = `t_${template}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  // Creating a PGlite cluster costs seconds: load the run's migrated template (pglite-template.ts),
  // or make one per worker where a project has none.
  pgliteTemplate ??= (async () => {
    const file = inject("pgliteTemplate");
    if (file) return new Blob([await readFile(file)]);
    const template = await openDatabase({});
    await template.migrate();
    const client = (template.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await template.close();
    return dump;
  })();
  return openDatabase({ loadDataDir: await pgliteTemplate });
}
