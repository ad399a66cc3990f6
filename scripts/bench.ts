// `npm run bench`: runs every module of scripts/bench (or those named on the command line) against
// the production build and prints Markdown to paste into the README.
import { readdir } from "node:fs/promises";
import os from "node:os";

const only = process.argv.slice(2);
const files = (await readdir(new URL("./bench", import.meta.url)))
  .filter((f) => f.endsWith(".ts") && f !== "lib.ts")
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, "")))
  .sort();

console.log(
  `## Bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`,
);
for (const file of files) {
  const module = (await import(`./bench/${file}`)) as { default: () => Promise<string> };
  const started = Date.now();
  try {
    console.log(await module.default());
  } catch (error) {
    console.log(`### ${file}: failed — ${(error as Error).message}`);
  }
  console.log(`\n_(${file}: ${Math.round((Date.now() - started) / 1000)} s)_\n`);
}
