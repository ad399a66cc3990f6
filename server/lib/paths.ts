import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The project root is the nearest folder with package.json above this module; it holds the same
// files (migrations, public/) whether we run from sources (tests, dev) or from build/server.
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const migrationsFolder = join(projectRoot, "server/db/migrations");
