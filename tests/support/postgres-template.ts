import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";

// One migrated template database per run; each test database is a cheap copy of it.
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL!;
  const template = `tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide("pgTemplate", template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`t_${template}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
