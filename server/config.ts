import { resolve } from "node:path";
import type { SiteConfig } from "../app/lib/site";
import { parseTrustProxy, type TrustProxy } from "./http/client-address";

export type ServerConfig = {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  contactWebhookUrl: string | undefined;
  /** Keys the signature header of each webhook call (X-Signature). */
  contactWebhookSecret: string | undefined;
  sessionSecret: string | undefined;
  seedDemo: boolean | undefined;
  /** A staff session ends after this long without a request (SESSION_IDLE_MINUTES, default 120). */
  sessionIdleMinutes: number;
  /** ...and this long after sign-in, used or not (SESSION_MAX_HOURS, default 12). */
  sessionMaxHours: number;
  trustProxy: TrustProxy;
  /** Bytes of visitors' pages kept in memory (PAGE_CACHE_MB, default 64; 0 turns the cache off). */
  pageCacheBytes: number;
  /** How long a CDN or proxy in front may serve a visitor's page without asking (PAGE_S_MAXAGE,
   * seconds, default 5) and then while it asks again (PAGE_STALE_WHILE_REVALIDATE, default 25). */
  pageSharedMaxAge: number;
  pageStaleWhileRevalidate: number;
  /** The site is served over HTTPS (PUBLIC_URL says so): cookies are Secure, HSTS is sent. */
  https: boolean;
  /** Scheduled backups: archives written to BACKUP_DIR (off when unset), one every BACKUP_EVERY
   * (default 24h), the BACKUP_KEEP newest kept (default 7). */
  backup: { dir: string | undefined; everyMs: number; keep: number };
  site: SiteConfig;
};

type Env = Record<string, string | undefined>;

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["0", "false", "no", "off"].includes(value.toLowerCase());
}

/** A number setting: positive, or also 0 where 0 means "off". */
function numberSetting(name: string, value: string | undefined, fallback: number, { zero = false } = {}): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || (number === 0 && !zero)) {
    throw new Error(`${name} must be ${zero ? "0 or " : ""}a positive number, not "${value}".`);
  }
  return number;
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as '30m', '24h' or '7d' (at least a minute). */
export function durationSetting(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*([mhd])$/.exec(value.trim());
  const ms = match ? Math.round(Number(match[1]) * DURATION_UNITS[match[2]!]!) : NaN;
  if (!Number.isFinite(ms) || ms < 60_000) {
    throw new Error(`${name} must be a duration of at least a minute such as "30m", "24h" or "7d", not "${value}".`);
  }
  return ms;
}

/** Every setting of the site, read once from the environment, with demo defaults. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = Number(env.PORT) || 3000;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    host: env.HOST || undefined,
    dataDir: resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    contactWebhookUrl: env.CONTACT_WEBHOOK_URL || undefined,
    contactWebhookSecret: env.CONTACT_WEBHOOK_SECRET || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    seedDemo: flag(env.SEED_DEMO),
    sessionIdleMinutes: numberSetting("SESSION_IDLE_MINUTES", env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: numberSetting("SESSION_MAX_HOURS", env.SESSION_MAX_HOURS, 12),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pageCacheBytes: Math.round(numberSetting("PAGE_CACHE_MB", env.PAGE_CACHE_MB, 64, { zero: true }) * 1024 * 1024),
    pageSharedMaxAge: Math.round(numberSetting("PAGE_S_MAXAGE", env.PAGE_S_MAXAGE, 5, { zero: true })),
    pageStaleWhileRevalidate: Math.round(
      numberSetting("PAGE_STALE_WHILE_REVALIDATE", env.PAGE_STALE_WHILE_REVALIDATE, 25, { zero: true }),
    ),
    https: publicUrl.startsWith("https://"),
    backup: {
      dir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : undefined,
      everyMs: durationSetting("BACKUP_EVERY", env.BACKUP_EVERY, 24 * 3_600_000),
      keep: Math.max(1, Math.round(numberSetting("BACKUP_KEEP", env.BACKUP_KEEP, 7))),
    },
    site: {
      name: env.SITE_NAME || "Boréal Distributrices",
      phone: env.SITE_PHONE || "418 555-0142",
      email: env.SITE_EMAIL || "bonjour@boreal-distributrices.ca",
      instagramUrl: env.INSTAGRAM_URL || "https://www.instagram.com/boreal.distributrices/",
      instagramDmUrl: env.INSTAGRAM_DM_URL || "https://ig.me/m/boreal.distributrices",
      facebookUrl: env.FACEBOOK_URL || null,
      linkedinUrl: env.LINKEDIN_URL || null,
      serviceArea: "Québec et Lévis",
      privacyOfficer: {
        name: env.PRIVACY_OFFICER_NAME || "Marie-Ève Tremblay",
        title: env.PRIVACY_OFFICER_TITLE || "Responsable de la protection des renseignements personnels",
        email: env.PRIVACY_OFFICER_EMAIL || "confidentialite@boreal-distributrices.ca",
        phone: env.PRIVACY_OFFICER_PHONE || env.SITE_PHONE || "418 555-0142",
      },
      publicUrl,
    },
  };
}
