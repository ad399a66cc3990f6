// The site as `npm start` serves it, on a fresh data folder, with a known admin for the tests, and a
// real SMTP server in this process receiving its email: each message it accepts is written to
// test-results/mail-<port>/ as an .eml file (tests/e2e/support.ts reads them back).
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setInterval } from "node:timers";
import { fileURLToPath } from "node:url";
import { startSmtpServer } from "../support/smtp.ts";

const port = process.env.PORT ?? "3100";
const dataDir = join(tmpdir(), `site-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const mailDir = fileURLToPath(new URL(`../../test-results/mail-${port}/`, import.meta.url));
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const smtp = await startSmtpServer();
let written = 0;
// Written whole under a temporary name, then renamed: a spec never reads half a message.
setInterval(() => {
  while (written < smtp.received.length) {
    const { raw } = smtp.received[written++];
    const name = `${String(written).padStart(5, "0")}.eml`;
    writeFileSync(join(mailDir, `${name}.part`), raw);
    renameSync(join(mailDir, `${name}.part`), join(mailDir, name));
  }
}, 20).unref();

Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-mot-de-passe",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Every test browser posts from 127.0.0.1: the per-IP contact limit (5 per 10 min) would trip.
  CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? "off",
  // Nor the statistics' 120 beacons a minute per address: two browsers loading pages fast pass it.
  STATISTICS_RATE_LIMIT: process.env.STATISTICS_RATE_LIMIT ?? "off",
  // Nor may the whole run's requests pass the site-wide ceiling per hour and land in 'Indésirables'.
  CONTACT_MAX_PER_HOUR: process.env.CONTACT_MAX_PER_HOUR ?? "off",
  // Each picture width is made when a page first asks for it (/img), not all of the demo's ahead:
  // two servers encoding some 1,300 copies would take the CPU the browsers need. The background
  // maker has its own tests (tests/integration/picture-variants.test.ts).
  PICTURE_WIDTHS_AHEAD: process.env.PICTURE_WIDTHS_AHEAD ?? "off",
  // Statistics count one address as five visitors a day at most: the statistics specs give each
  // visitor an address of its own in X-Forwarded-For, as a proxy in front would.
  TRUST_PROXY: process.env.TRUST_PROXY ?? "loopback",
  SMTP_URL: smtp.url,
  MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
  LEADS_EMAIL: "equipe@exemple.ca",
});
const { startServer } = await import("../../build/server/index.js");
await startServer();
