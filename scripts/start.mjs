// `npm start`: build when the build is missing or older than the sources, then serve. package.json
// starts this with the memory settings of docs/decisions/2026-11-23-server-memory.md.
import "./check-node.mjs";
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = "build/server/index.js";
const stale =
  !existsSync(built) || Math.max(newest("app"), newest("server"), newest("public")) > statSync(built).mtimeMs;
if (stale) execSync("npx react-router build", { stdio: "inherit" });
process.env.NODE_ENV ??= "production";
await import("../server.js");
