import { resolve } from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import { parseMaxPerHour } from "../app/rules/contact-max-per-hour";
import type { SettingsDefaults } from "../app/rules/site";
import { parseTrustProxy, type TrustProxy } from "./http/client-address";

/** Media on S3-compatible storage (S3_BUCKET and the settings beside it). */
export type S3Settings = {
  bucket: string;
  /** Another server than AWS (MinIO, R2, Ceph...); the SDK picks AWS's from the region otherwise. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain applies (AWS_* variables, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** '<endpoint>/<bucket>/<key>' rather than '<bucket>.<endpoint>/<key>': servers without DNS per bucket. */
  forcePathStyle: boolean;
  /** A public bucket or CDN address that media links point to, without a trailing slash. */
  publicUrl: string | undefined;
};

/** Email through SMTP (SMTP_URL, MAIL_FROM, LEADS_EMAIL): all three or none. */
export type MailSettings = {
  /** smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://user:password@host:465. */
  smtpUrl: string;
  /** The sender as given, e.g. 'Boréal Distributrices <ventes@exemple.ca>'. */
  from: string;
  /** Its address alone, whose domain ends each Message-ID. */
  fromAddress: string;
  /** The staff addresses told of each new request. */
  leads: string[];
  /** The staff addresses told of each new service ticket from a machine's page (SERVICE_EMAIL); the
   * leads' when absent. */
  service?: string[];
};

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
  /** Email; nothing is sent (nor queued) when undefined. */
  mail: MailSettings | undefined;
  /** Requests per hour for the whole site before the next ones go to 'Indésirables'
   * (CONTACT_MAX_PER_HOUR, default 30; null when 'off'). */
  contactMaxPerHour: number | null;
  sessionSecret: string | undefined;
  seedDemo: boolean | undefined;
  /** A staff session ends after this long without a request (SESSION_IDLE_MINUTES, default 120). */
  sessionIdleMinutes: number;
  /** ...and this long after sign-in, used or not (SESSION_MAX_HOURS, default 12). */
  sessionMaxHours: number;
  trustProxy: TrustProxy;
  /** Media on S3-compatible storage; on this machine's disk (DATA_DIR/storage) when undefined. */
  s3: S3Settings | undefined;
  /** Bytes of visitors' pages kept in memory (PAGE_CACHE_MB, default 64; 0 turns the cache off). */
  pageCacheBytes: number;
  /** How long a CDN or proxy in front may serve a visitor's page without asking (PAGE_S_MAXAGE,
   * seconds, default 5) and then while it asks again (PAGE_STALE_WHILE_REVALIDATE, default 25). */
  pageSharedMaxAge: number;
  pageStaleWhileRevalidate: number;
  /** On SIGTERM, how long the instance keeps serving while /readyz answers 503, so a balancer that
   * probes it stops sending new requests (SHUTDOWN_DRAIN_MS; 5000 in production, 0 otherwise). */
  shutdownDrainMs: number;
  /** Then the longest wait for the requests in flight, and for the background work after them
   * (SHUTDOWN_TIMEOUT_MS, default 30000). */
  shutdownTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS, default 65000). Longer
   * than the idle timeout of a proxy's connection pool in front (nginx's upstream keepalive_timeout,
   * 60 s by default): the proxy always closes an idle connection first, so it never writes a request on
   * one we are closing. A stop waits for idle connections the same way. */
  keepAliveTimeoutMs: number;
  /** At start, how long /readyz waits for the pictures records name to have their standard widths
   * (PICTURES_READY_WAIT_MS, default 300000; 0: no wait). Past it the rest is made in the background. */
  picturesReadyWaitMs: number;
  /** The standard widths of every picture are made ahead, in the background (PICTURE_WIDTHS_AHEAD,
   * default on). Off: each width is made when first asked for at /img, as for any width missing. */
  pictureWidthsAhead: boolean;
  /** The site is served over HTTPS (PUBLIC_URL says so): cookies are Secure, HSTS is sent. */
  https: boolean;
  /** Scheduled backups: archives written to BACKUP_DIR (off when unset), one every BACKUP_EVERY
   * (default 24h), the BACKUP_KEEP newest kept (default 7). */
  backup: { dir: string | undefined; everyMs: number; keep: number };
  /** The site's settings at the first start (stored then, edited in /edit-pages after), and its address. */
  site: SettingsDefaults & { publicUrl: string };
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
function durationSetting(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*([mhd])$/.exec(value.trim());
  const ms = match ? Math.round(Number(match[1]) * DURATION_UNITS[match[2]!]!) : NaN;
  if (!Number.isFinite(ms) || ms < 60_000) {
    throw new Error(`${name} must be a duration of at least a minute such as "30m", "24h" or "7d", not "${value}".`);
  }
  return ms;
}

function httpUrl(name: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Reported below.
  }
  if (!url || !["http:", "https:"].includes(url.protocol)) {
    throw new Error(`${name} doit être une adresse http:// ou https:// complète, pas « ${value} ».`);
  }
  return value.replace(/\/+$/, "");
}

const S3_NAMES = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PUBLIC_URL",
] as const;

/** The S3 settings, or undefined for local storage. Refuses a half-done setup rather than quietly
 * keeping media on one machine's disk. */
export function loadS3Settings(env: Env): S3Settings | undefined {
  const bucket = env.S3_BUCKET || undefined;
  if (!bucket) {
    const stray = S3_NAMES.filter((name) => env[name]);
    if (stray.length > 0) {
      throw new Error(`${stray.join(", ")} défini sans S3_BUCKET : donnez S3_BUCKET, ou retirez ces réglages.`);
    }
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT ? httpUrl("S3_ENDPOINT", env.S3_ENDPOINT) : undefined;
  // Servers other than AWS mostly accept any region; AWS needs the bucket's own.
  const region = env.S3_REGION || (endpoint ? "us-east-1" : undefined);
  if (!region) throw new Error("S3_BUCKET est défini sans S3_REGION (ni S3_ENDPOINT) : donnez la région du bucket.");
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      "S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : donnez les deux, ou aucun (identifiants de l'environnement).",
    );
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE) ?? false,
    publicUrl: env.S3_PUBLIC_URL ? httpUrl("S3_PUBLIC_URL", env.S3_PUBLIC_URL) : undefined,
  };
}

// An address as mail servers take it: something@domain.tld, no spaces.
const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The addresses of a header value ('Nom <a@b.ca>, c@d.ca'), or null when one of them is not one. */
function parseAddresses(value: string): { address: string; name: string }[] | null {
  const list = addressparser(value, { flatten: true });
  if (list.length === 0 || list.some((entry) => !EMAIL_RE.test(entry.address ?? ""))) return null;
  return list.map((entry) => ({ address: entry.address, name: entry.name ?? "" }));
}

/** The email settings, or undefined without SMTP_URL. Refuses a half-done setup with a message that
 * says what to fix, rather than quietly sending nothing. */
export function loadMailSettings(env: Env): MailSettings | undefined {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const from = env.MAIL_FROM?.trim() || undefined;
  const leads = env.LEADS_EMAIL?.trim() || undefined;
  if (!smtpUrl) {
    const stray = [from && "MAIL_FROM", leads && "LEADS_EMAIL", env.SERVICE_EMAIL?.trim() && "SERVICE_EMAIL"].filter(
      Boolean,
    );
    if (stray.length > 0) {
      throw new Error(`${stray.join(" et ")} défini sans SMTP_URL : donnez SMTP_URL, ou retirez ce réglage.`);
    }
    return undefined;
  }
  let url: URL | null = null;
  try {
    url = new URL(smtpUrl);
  } catch {
    // Reported below.
  }
  if (!url || !["smtp:", "smtps:"].includes(url.protocol) || !url.hostname) {
    // The URL may hold a password: never repeat it.
    throw new Error(
      "SMTP_URL doit être une adresse smtp://utilisateur:motdepasse@serveur:587 (STARTTLS) ou smtps://utilisateur:motdepasse@serveur:465.",
    );
  }
  if (!from)
    throw new Error("SMTP_URL est défini sans MAIL_FROM : donnez l'expéditeur, p. ex. « Nom <ventes@exemple.ca> ».");
  const sender = parseAddresses(from);
  if (!sender || sender.length !== 1) {
    throw new Error(`MAIL_FROM doit être une seule adresse, p. ex. « Nom <ventes@exemple.ca> », pas « ${from} ».`);
  }
  if (!leads) {
    throw new Error(
      "SMTP_URL est défini sans LEADS_EMAIL : donnez la ou les adresses de l'équipe, séparées par des virgules.",
    );
  }
  const staff = parseAddresses(leads);
  if (!staff) {
    throw new Error(
      `LEADS_EMAIL doit être une ou plusieurs adresses courriel séparées par des virgules, pas « ${leads} ».`,
    );
  }
  const serviceValue = env.SERVICE_EMAIL?.trim() || undefined;
  const service = serviceValue ? parseAddresses(serviceValue) : undefined;
  if (service === null) {
    throw new Error(
      `SERVICE_EMAIL doit être une ou plusieurs adresses courriel séparées par des virgules, pas « ${serviceValue} ».`,
    );
  }
  return {
    smtpUrl,
    from,
    fromAddress: sender[0]!.address,
    leads: [...new Set(staff.map((entry) => entry.address))],
    ...(service ? { service: [...new Set(service.map((entry) => entry.address))] } : {}),
  };
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
    mail: loadMailSettings(env),
    contactMaxPerHour: parseMaxPerHour(env.CONTACT_MAX_PER_HOUR),
    sessionSecret: env.SESSION_SECRET || undefined,
    seedDemo: flag(env.SEED_DEMO),
    sessionIdleMinutes: numberSetting("SESSION_IDLE_MINUTES", env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: numberSetting("SESSION_MAX_HOURS", env.SESSION_MAX_HOURS, 12),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    s3: loadS3Settings(env),
    pageCacheBytes: Math.round(numberSetting("PAGE_CACHE_MB", env.PAGE_CACHE_MB, 64, { zero: true }) * 1024 * 1024),
    pageSharedMaxAge: Math.round(numberSetting("PAGE_S_MAXAGE", env.PAGE_S_MAXAGE, 5, { zero: true })),
    pageStaleWhileRevalidate: Math.round(
      numberSetting("PAGE_STALE_WHILE_REVALIDATE", env.PAGE_STALE_WHILE_REVALIDATE, 25, { zero: true }),
    ),
    shutdownDrainMs: Math.round(
      numberSetting("SHUTDOWN_DRAIN_MS", env.SHUTDOWN_DRAIN_MS, env.NODE_ENV === "production" ? 5000 : 0, {
        zero: true,
      }),
    ),
    shutdownTimeoutMs: Math.round(
      numberSetting("SHUTDOWN_TIMEOUT_MS", env.SHUTDOWN_TIMEOUT_MS, 30_000, { zero: true }),
    ),
    keepAliveTimeoutMs: Math.round(numberSetting("KEEP_ALIVE_TIMEOUT_MS", env.KEEP_ALIVE_TIMEOUT_MS, 65_000)),
    picturesReadyWaitMs: Math.round(
      numberSetting("PICTURES_READY_WAIT_MS", env.PICTURES_READY_WAIT_MS, 300_000, { zero: true }),
    ),
    pictureWidthsAhead: flag(env.PICTURE_WIDTHS_AHEAD) ?? true,
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
