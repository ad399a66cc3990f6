import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { hashPassword } from "../../server/auth/password";
import { openDatabase, type PGlite } from "../../server/db/client";
import { TEST_ADMIN } from "./test-admin";

// Creating a PGlite cluster costs about 4 s and each test file runs in a fresh worker: one migrated
// cluster is made per run and written to a file; each test database loads a copy of it (0.5 s).
// The test admin's password hash (0.4 s of a core) is made here once too, for every test file.
export default async function setup(project: TestProject) {
  project.provide("testAdminHash", await hashPassword(TEST_ADMIN.password));
  const file = join(tmpdir(), `pglite-template-${process.pid}-${Date.now()}.tar`);
  const template = await openDatabase({});
  await template.migrate();
  const client = (template.db as unknown as { $client: PGlite }).$client;
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", file);
  return () => rm(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    testAdminHash: string;
  }
}
