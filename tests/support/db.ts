import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database, type PGlite } from "../../server/db/client";
import { withDatabase } from "./postgres-template";

export const TEST_DB = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated, empty database of the engine under test, private to the caller. Close it after use. */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_DB === "postgres") {
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
  // Creating a PGlite cluster costs seconds; copy one migrated template per worker instead.
  pgliteTemplate ??= (async () => {
    const template = await openDatabase({});
    await template.migrate();
    const client = (template.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await template.close();
    return dump;
  })();
  return openDatabase({ loadDataDir: await pgliteTemplate });
}
