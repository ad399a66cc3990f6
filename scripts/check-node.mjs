// Imported first by every entry point: refuse a Node older than package.json's `engines` at once,
// with a clear message, rather than fail later on a missing API.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const [needMajor, needMinor] = engines.node.replace(">=", "").split(".").map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `This site needs Node ${engines.node}; this is Node ${process.versions.node}. ` +
      "Run it through npm (npm start, npm run serve), which uses the project's own Node 24, or install Node 24 LTS.",
  );
  process.exit(1);
}
