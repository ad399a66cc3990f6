// One schema for PGlite and PostgreSQL. Table and column names are exactly the previous backend's,
// so its exported data imports as is. Our own tables come last.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

/** A request's stages in the sales pipeline (French labels in app/features/contact-requests/stages.ts). */
export const LEAD_STAGE_VALUES = ["nouvelle", "en-cours", "proposition-envoyee", "gagnee", "perdue"] as const;
export type LeadStage = (typeof LEAD_STAGE_VALUES)[number];

/** An enumerated column holds one of its values, whatever writes it (the database refuses others). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`);

/** What a staff account may open (labels and the screens of each in app/rules/staff-roles.ts). */
export const STAFF_ROLE_VALUES = ["proprietaire", "ventes", "service", "contenu"] as const;
export type StaffRole = (typeof STAFF_ROLE_VALUES)[number];

/** A list of roles holds at least one, each a known role. */
const rolesCheck = (name: string, column: AnyPgColumn) =>
  check(
    name,
    sql`cardinality(${column}) > 0 and ${column} <@ array[${sql.raw(STAFF_ROLE_VALUES.map((v) => `'${v}'`).join(", "))}]::text[]`,
  );

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Search and sharing over a public page's derived title, description and picture: null keeps those. */
const searchAndSharing = () => ({
  seo_title: text("seo_title"),
  seo_description: text("seo_description"),
  share_image: text("share_image"),
  share_image_alt: text("share_image_alt"),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nom: text("nom").notNull(),
    prix: numeric("prix", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    description: text("description").notNull().default(""),
    categorie: text("categorie")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ingredients: text("ingredients"),
    ranking: integer("ranking"),
    dans_notre_top_10_des_plus_gros_vendeur: boolean("dans_notre_top_10_des_plus_gros_vendeur")
      .notNull()
      .default(false),
    image: text("image").notNull().default(PLACEHOLDER_IMAGE),
    nutrition_image: text("nutrition_image").notNull().default(PLACEHOLDER_IMAGE),
    // A picture's text for those who cannot see it; null keeps the one derived from the name.
    image_alt: text("image_alt"),
    nutrition_image_alt: text("nutrition_image_alt"),
    ...searchAndSharing(),
    // Lower-case, accent-free copy of nom kept by the data layer: accent-insensitive search and
    // French-like ordering on both engines without extensions or ICU collations.
    nom_recherche: text("nom_recherche").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    // Search and French-like ordering (nom_recherche, nom, id): deep pages read the index in order.
    index("products_nom_ordre_idx").on(t.nom_recherche, t.nom, t.id),
    // Name search (nom_recherche LIKE '%…%'): trigrams of pg_trgm (the migration creates the
    // extension; PGlite loads it in db/client.ts). Queries shorter than 3 letters still scan the table.
    index("products_nom_trgm_idx").using("gin", t.nom_recherche.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("products_prix_idx").on(t.prix),
    index("products_created_at_idx").on(t.created_at),
    // fastupdate off on the GIN indexes: new rows go straight into the index instead of a pending
    // list that every search reads through until a VACUUM (PGlite never runs one; after importing
    // 10,000 products the list made a tag count 3 times slower).
    index("products_tags_idx").using("gin", t.tags).with({ fastupdate: false }),
  ],
);

export const tags = pgTable("tags", {
  id: uuid("id").primaryKey().defaultRandom(),
  nom: text("nom").notNull().unique(),
});

export const machineCategories = pgTable("machine_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  nom: text("nom").notNull(),
  description: text("description"),
  image: text("image"),
  image_alt: text("image_alt"),
  ...searchAndSharing(),
  created_at: createdAt(),
});

export const machines = pgTable(
  "machines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nom: text("nom").notNull(),
    description: text("description").notNull().default(""),
    dimensions: text("dimensions"),
    disponible_en_entrepot: boolean("disponible_en_entrepot").notNull().default(false),
    temps_commande: text("temps_commande"),
    avantages: text("avantages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specifications: text("specifications")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // One text per picture of images, in the same order; "" keeps the one derived from the name.
    image_alts: text("image_alts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...searchAndSharing(),
    video: text("video"),
    process_video: text("process_video"),
    image_overlay: text("image_overlay"),
    main_image_index: integer("main_image_index").notNull().default(0),
    categorie_id: uuid("categorie_id").references(() => machineCategories.id),
    produits_par_rangee: integer("produits_par_rangee").notNull().default(6),
    nombre_de_rangees: integer("nombre_de_rangees").notNull().default(6),
    grid_default_position_x: real("grid_default_position_x").notNull().default(50),
    grid_default_position_y: real("grid_default_position_y").notNull().default(50),
    grid_default_width: real("grid_default_width").notNull().default(300),
    grid_default_height: real("grid_default_height").notNull().default(400),
    grid_sections: jsonb("grid_sections").$type<GridSection[]>().notNull().default([]),
    step_ids: uuid("step_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    // May arrive as JSON text from older exports; read through parseLegacySteps.
    etapes_fonctionnement: jsonb("etapes_fonctionnement").$type<unknown>().notNull().default([]),
    created_at: createdAt(),
  },
  (t) => [index("machines_categorie_id_idx").on(t.categorie_id)],
);

export type GridSection = {
  rows: number;
  cols: number;
  position: { x: number; y: number };
  size: { width: number; height: number };
};

export const machineSteps = pgTable("machine_steps", {
  id: uuid("id").primaryKey().defaultRandom(),
  numero: integer("numero").notNull().default(1),
  titre: text("titre").notNull().default(""),
  description: text("description").notNull().default(""),
  image: text("image"),
  image_alt: text("image_alt"),
  video: text("video"),
  created_at: createdAt(),
});

export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nom: text("nom").notNull(),
    image_url: text("image_url").notNull(),
    alt: text("alt"),
    is_featured: boolean("is_featured").notNull().default(false),
    ordre: integer("ordre").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("gallery_photos_ordre_idx").on(t.ordre)],
);

// ---- Our own tables ----

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // What the person types to sign in: their email address for an invited account.
    username: text("username").notNull().unique(),
    // Empty for an account that has no password on this site yet (restored from an archive, or signing
    // in with passkeys only): no password matches it.
    password_hash: text("password_hash").notNull().default(""),
    // The name the staff screens show beside what the person did; the username when not given.
    display_name: text("display_name"),
    // Where the site writes to the person (invitations, password resets, assignments).
    email: text("email").unique(),
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{proprietaire}'::text[]`),
    // A deactivated account cannot sign in and keeps no session.
    active: boolean("active").notNull().default(true),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [rolesCheck("admin_users_roles_check", t.roles)],
);

/** An account's authenticator app: its code is asked for after the password once `enabled_at` is set. */
export const staffTotp = pgTable("staff_totp", {
  user_id: uuid("user_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  // The shared secret, base32, as the app holds it.
  secret: text("secret").notNull(),
  created_at: createdAt(),
  // Null while the person has not yet typed a first code from the app.
  enabled_at: timestamp("enabled_at", { withTimezone: true }),
  // The 30-second step of the last code accepted: a code works once.
  last_step: bigint("last_step", { mode: "number" }),
});

/** Single-use codes that stand in for the authenticator app: kept as their SHA-256. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    created_at: createdAt(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.user_id)],
);

/** A passkey of a staff account: the credential's id and public key, never a secret. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    // The credential's id, base64url.
    id: text("id").primaryKey(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    // The COSE public key, base64url.
    public_key: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Where it was registered ('Chrome sur Android'), for the person's list of their keys.
    device: text("device").notNull().default(""),
    created_at: createdAt(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("staff_passkeys_user_idx").on(t.user_id)],
);

/** Passkey challenges already answered: each signed challenge is accepted once, until it expires. */
export const spentPasskeyChallenges = pgTable("spent_passkey_challenges", {
  challenge: text("challenge").primaryKey(),
  expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** The owner's rules for the whole team's sign-in: one row. */
export const staffPolicy = pgTable(
  "staff_policy",
  {
    id: boolean("id").primaryKey().default(true),
    // Every account must sign in with a passkey, or with its password and an authenticator code.
    require_second_factor: boolean("require_second_factor").notNull().default(false),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updated_by: text("updated_by"),
  },
  (t) => [check("staff_policy_single_row", sql`${t.id}`)],
);

/** A link to choose a new password, sent by email: kept as its token's SHA-256, valid 1 hour and once. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    created_at: createdAt(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.user_id)],
);

/** A person invited to the team: the link's token is kept as its SHA-256, valid 48 hours and once. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    display_name: text("display_name").notNull(),
    roles: text("roles").array().notNull(),
    token_hash: text("token_hash").notNull().unique(),
    // The account that sent it (its name, kept if that account goes).
    invited_by: text("invited_by").notNull(),
    created_at: createdAt(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [rolesCheck("staff_invitations_roles_check", t.roles), index("staff_invitations_email_idx").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the random token kept in the cookie: a leaked table cannot be replayed.
    id: text("id").primaryKey(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    // Absolute end of the session (created_at + SESSION_MAX_HOURS).
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: createdAt(),
    // Last request seen with this session (written at most once a minute), for the idle timeout.
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // The browser and system it was opened on ('Chrome sur Android'), for the person's list of their
    // sessions; never the full user agent nor the address.
    device: text("device").notNull().default(""),
    // Opened with a passkey, or with the password and an authenticator code.
    second_factor: boolean("second_factor").notNull().default(false),
  },
  (t) => [index("sessions_user_id_idx").on(t.user_id)],
);

export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ip: text("ip").notNull(),
    username: text("username").notNull(),
    // Null while the password is being checked: a reserved attempt counts as a failure until then.
    succeeded: boolean("succeeded"),
    created_at: createdAt(),
  },
  (t) => [
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
    index("login_attempts_username_idx").on(t.username, t.created_at),
  ],
);

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nom_complet: text("nom_complet").notNull(),
    courriel: text("courriel").notNull(),
    description_demande: text("description_demande").notNull(),
    type_emplacement: text("type_emplacement"),
    emplacement: text("emplacement"),
    date_installation: text("date_installation"),
    prefere_telephone: boolean("prefere_telephone").notNull().default(false),
    numero_telephone: text("numero_telephone"),
    // The machine the request is about, by its name when sent (from a machine's page or view:
    // /contact?machine=<id>); null for a general request. Not part of the webhook's body.
    machine: text("machine"),
    // The ISO timestamp of sending, as the webhook receives it.
    timestamp: text("timestamp").notNull(),
    // Delivery state: pending → delivered, or failed after the last retry (kept either way, until
    // the retention period has passed: app/features/contact-requests/retention-job.server.ts); held while the request is in the
    // 'Indésirables' folder (never forwarded until the staff release it).
    status: text("status").$type<"pending" | "delivered" | "failed" | "held">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    last_error: text("last_error"),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    // When the staff last changed its pipeline stage (null while it is new).
    handled_at: timestamp("handled_at", { withTimezone: true }),
    // Where it stands in the sales pipeline: app/features/contact-requests/stages.ts.
    stage: text("stage").$type<LeadStage>().notNull().default("nouvelle"),
    // The spam check that caught it (app/features/contact-requests/spam.ts) and its reason for the staff; null
    // for a request that was never caught or that the staff released.
    spam_check: text("spam_check"),
    spam_reason: text("spam_reason"),
    // Hash of the sender's IP, for the per-IP rate limit only.
    ip_hash: text("ip_hash"),
    // The staff account that follows it up, or null. No foreign key: an archive carries requests,
    // not the accounts of the site it came from.
    assigned_to: uuid("assigned_to"),
    created_at: createdAt(),
  },
  (t) => [
    index("contact_requests_due_idx").on(t.status, t.next_attempt_at),
    index("contact_requests_assigned_idx").on(t.assigned_to, t.created_at),
    index("contact_requests_ip_idx").on(t.ip_hash, t.created_at),
    index("contact_requests_created_at_idx").on(t.created_at),
    index("contact_requests_stage_idx").on(t.stage, t.created_at),
    oneOf("contact_requests_status_check", t.status, ["pending", "delivered", "failed", "held"]),
    oneOf("contact_requests_stage_check", t.stage, LEAD_STAGE_VALUES),
  ],
);

/** When an address last got a request's confirmation (app/features/contact-requests/confirmations.server.ts): at most one
 * a day per mailbox. The address itself is not kept, only a keyed hash of its normalised form; a row
 * is deleted once its 24 hours have passed. Not in the data archive: a throttle, like login_attempts. */
export const contactConfirmations = pgTable(
  "contact_confirmations",
  {
    recipient_hash: text("recipient_hash").primaryKey(),
    sent_at: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("contact_confirmations_sent_at_idx").on(t.sent_at)],
);

/** The staff's notes on a request (editable; erased with the request). */
export const contactRequestNotes = pgTable(
  "contact_request_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contact_request_id: uuid("contact_request_id")
      .notNull()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    // The name of the staff member who wrote it (empty for a note written before accounts had names).
    account: text("account").notNull().default(""),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [index("contact_request_notes_request_idx").on(t.contact_request_id, t.created_at)],
);

/** Each change of a request's pipeline stage, with its date (erased with the request). */
export const contactRequestStageChanges = pgTable(
  "contact_request_stage_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contact_request_id: uuid("contact_request_id")
      .notNull()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    from_stage: text("from_stage").$type<LeadStage>().notNull(),
    to_stage: text("to_stage").$type<LeadStage>().notNull(),
    // Who moved it: a staff member's name, or empty when the site did (a proposal accepted).
    account: text("account").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("contact_request_stage_changes_request_idx").on(t.contact_request_id, t.created_at),
    oneOf("contact_request_stage_changes_from_check", t.from_stage, LEAD_STAGE_VALUES),
    oneOf("contact_request_stage_changes_to_check", t.to_stage, LEAD_STAGE_VALUES),
  ],
);

/** Everything the site sends (emails today), written in the same transaction as its cause and sent
 * by server/outbox/worker.ts. The content is complete when queued: a send never renders anything. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"email">().notNull(),
    // What it is for (a staff notification, a prospect's confirmation, a reply...), for the staff screens.
    purpose: text("purpose").notNull(),
    // The request it belongs to: erasing the request erases its messages.
    contact_request_id: uuid("contact_request_id").references(() => contactRequests.id, { onDelete: "cascade" }),
    // The email's Message-ID, made when queued: every attempt sends the same one.
    message_id: text("message_id").unique(),
    // An email: { from, to, replyTo?, subject, html, text }.
    payload: jsonb("payload").notNull(),
    // The staff member who wrote it (a reply), or empty for what the site sends on its own.
    account: text("account").notNull().default(""),
    // pending → sent, or failed (a permanent refusal, or the last retry): kept either way.
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // When it is due; while a worker sends it, the end of that worker's lease.
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Set while a worker holds it; a worker that dies lets it run out and another sends the message.
    claimed_until: timestamp("claimed_until", { withTimezone: true }),
    last_error: text("last_error"),
    // Recipients the SMTP server already accepted: a later attempt goes to the others only.
    accepted: jsonb("accepted").$type<string[]>().notNull().default([]),
    created_at: createdAt(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.status, t.next_attempt_at),
    index("outbox_messages_contact_request_idx").on(t.contact_request_id, t.created_at),
    oneOf("outbox_messages_kind_check", t.kind, ["email"]),
    oneOf("outbox_messages_status_check", t.status, ["pending", "sent", "failed"]),
  ],
);

/** One row: a number that every change to what visitors' pages show moves on (triggers on the content
 * tables, migration 0004; storage changes in server/pages/content-version.ts). Each instance's page
 * cache compares it to decide whether its copies are still current. */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

// ---- Statistics (app/features/statistics): nothing in them names a person ----

/** One random secret per local day, shared by the instances, for the visitors' daily hash; deleted
 * once its day is over. */
export const statSecrets = pgTable("stat_secrets", {
  day: date("day").primaryKey(),
  secret: text("secret").notNull(),
});

/** Raw page views and goals, kept 30 days. `visitor` is the day's hash, null for a goal recorded
 * without one. */
export const statEvents = pgTable(
  "stat_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    day: date("day").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").$type<"page" | "goal">().notNull(),
    visitor: bigint("visitor", { mode: "bigint" }),
    /** The day's hash of the visitor's address alone: one address counts as a handful of visitors at
     * most (app/features/statistics/figures.server.ts). */
    address: bigint("address", { mode: "bigint" }),
    path: text("path"),
    goal: text("goal"),
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    device: text("device"),
    browser: text("browser"),
  },
  (t) => [index("stat_events_day_idx").on(t.day, t.kind), oneOf("stat_events_kind_check", t.kind, ["page", "goal"])],
);

/** Raw Web Vitals values, kept 30 days; `bucket` is the value's bucket in the metric's histogram. */
export const statVitals = pgTable(
  "stat_vitals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    day: date("day").notNull(),
    path: text("path").notNull(),
    device: text("device").notNull(),
    metric: text("metric").notNull(),
    value: real("value").notNull(),
    bucket: smallint("bucket").notNull(),
  },
  (t) => [index("stat_vitals_day_idx").on(t.day)],
);

/** Daily totals, kept 25 months: per day, per dimension ('total', 'page', 'source', 'medium',
 * 'campaign', 'device', 'browser', 'goal') and value, the visitors and the count (page views, entries
 * or goals). A 'total' row marks its day as rolled up. The id is md5(day, dimension, value): the same
 * figure has the same id in every database (archives import by id). */
export const statDaily = pgTable(
  "stat_daily",
  {
    id: uuid("id").primaryKey(),
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [uniqueIndex("stat_daily_key_idx").on(t.day, t.dimension, t.value)],
);

/** Daily Web Vitals histograms, kept 25 months: per day, page ('*' for every page), device class and
 * metric, the number of values in each bucket. The id is md5(day, path, device, metric). */
export const statDailyVitals = pgTable(
  "stat_daily_vitals",
  {
    id: uuid("id").primaryKey(),
    day: date("day").notNull(),
    path: text("path").notNull(),
    device: text("device").notNull(),
    metric: text("metric").notNull(),
    counts: integer("counts").array().notNull(),
  },
  (t) => [
    // Page first: the dashboard reads a few pages over a range of days.
    uniqueIndex("stat_daily_vitals_key_idx").on(t.path, t.day, t.device, t.metric),
    index("stat_daily_vitals_day_idx").on(t.day),
  ],
);

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Tag = typeof tags.$inferSelect;
export type Machine = typeof machines.$inferSelect;
export type NewMachine = typeof machines.$inferInsert;
export type MachineCategory = typeof machineCategories.$inferSelect;
export type MachineStep = typeof machineSteps.$inferSelect;
export type GalleryPhoto = typeof galleryPhotos.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
export type ContactRequest = typeof contactRequests.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type ContactRequestNote = typeof contactRequestNotes.$inferSelect;
export type ContactRequestStageChange = typeof contactRequestStageChanges.$inferSelect;

/** What a proposal's client has done with it: sent → viewed → accepted, or changes asked for (the
 * client may still accept afterwards). Expiry is a date, not a state. */
export const PROPOSAL_STATUS_VALUES = ["envoyee", "vue", "acceptee", "modifications-demandees"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUS_VALUES)[number];

/** A machine layout sent to a client, frozen as it was sent: the machine's name, photo, specifications
 * and advantages, its sections (grids over the 600×900 canvas) and, in proposal_items, each filled
 * slot's product with its name, price and picture at that moment. The client reaches it by `token`
 * (128 random bits); a revision is a new row whose `previous_id` is the one it replaces. */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    version: integer("version").notNull().default(1),
    // The version this one replaces. No foreign key: an archive writes rows in id order, and a
    // revision may come before the proposal it replaces.
    previous_id: uuid("previous_id"),
    machine_id: uuid("machine_id").references(() => machines.id, { onDelete: "set null" }),
    machine_name: text("machine_name").notNull(),
    machine_image: text("machine_image").notNull(),
    machine_specifications: text("machine_specifications")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    machine_advantages: text("machine_advantages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sections: jsonb("sections").$type<GridSection[]>().notNull(),
    contact_request_id: uuid("contact_request_id").references(() => contactRequests.id, { onDelete: "set null" }),
    client_name: text("client_name").notNull(),
    client_email: text("client_email").notNull(),
    message: text("message").notNull().default(""),
    status: text("status").$type<ProposalStatus>().notNull().default("envoyee"),
    viewed_at: timestamp("viewed_at", { withTimezone: true }),
    accepted_at: timestamp("accepted_at", { withTimezone: true }),
    change_request: text("change_request"),
    change_requested_at: timestamp("change_requested_at", { withTimezone: true }),
    // Every change request the client sent, oldest first (change_request is the latest).
    change_requests: jsonb("change_requests").$type<ChangeRequestEntry[]>().notNull().default([]),
    // The staff hear of change requests at most once an hour: when the latest such email goes (or
    // went) out, and that outbox message, which later requests join while it waits.
    changes_notified_at: timestamp("changes_notified_at", { withTimezone: true }),
    changes_email_id: uuid("changes_email_id"),
    // The staff member who sent it.
    account: text("account").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("proposals_created_at_idx").on(t.created_at),
    index("proposals_previous_idx").on(t.previous_id),
    index("proposals_contact_request_idx").on(t.contact_request_id),
    oneOf("proposals_status_check", t.status, PROPOSAL_STATUS_VALUES),
  ],
);

/** One change request as the client sent it (`at`: ISO 8601). */
export type ChangeRequestEntry = { at: string; text: string };

/** One filled slot of a proposal, with the product as it was when the proposal was sent. */
export const proposalItems = pgTable(
  "proposal_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposal_id: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    // 0-based section index and slot (row by row, left to right).
    section: integer("section").notNull(),
    slot: integer("slot").notNull(),
    product_id: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    product_name: text("product_name").notNull(),
    product_price: numeric("product_price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    product_image: text("product_image").notNull(),
  },
  (t) => [index("proposal_items_proposal_idx").on(t.proposal_id, t.section, t.slot)],
);

/** The links of proposals that were erased (a person's erasure, or the retention period): the SHA-256
 * of the token only, so the link answers 'no longer available' (410) instead of 'not found'. Nothing
 * here names anyone, and nothing else remains of the proposal. */
export const erasedProposalLinks = pgTable("erased_proposal_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  token_hash: text("token_hash").notNull().unique(),
  erased_at: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A machine's starting layout for the next proposal, saved from the customiser: its sections and the
 * product id in each filled slot ('sectionIndex:slot'). */
export const machineLayoutTemplates = pgTable("machine_layout_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  machine_id: uuid("machine_id")
    .notNull()
    .unique()
    .references(() => machines.id, { onDelete: "cascade" }),
  sections: jsonb("sections").$type<GridSection[]>().notNull(),
  products: jsonb("products").$type<Record<string, string>>().notNull().default({}),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Proposal = typeof proposals.$inferSelect;

/** The site's settings and the editable pages' texts (app/features/site-texts/site-texts.ts): one row per document,
 * the published values that visitors see and the staff's unpublished draft. Publishing moves the
 * content version on (a trigger on `published`, a trigger in its migration); saving a draft does not. */
export const siteTexts = pgTable("site_texts", {
  // The document: 'settings', 'home', 'offer', 'about', 'contact' or 'confirmation'.
  id: text("id").primaryKey(),
  published: jsonb("published").$type<Record<string, string>>().notNull(),
  draft: jsonb("draft").$type<Record<string, string>>(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each publish of a document: what it held, who published it and which fields changed. */
export const siteTextVersions = pgTable(
  "site_text_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    texts: jsonb("texts").$type<Record<string, string>>().notNull(),
    changed: jsonb("changed").$type<string[]>().notNull().default([]),
    account: text("account").notNull(),
    published_at: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("site_text_versions_page_idx").on(t.page, t.published_at)],
);

/** Every change the staff make (what, by whom, when), for /edit-journal; kept one year. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    account: text("account").notNull(),
    // The staff screen: 'Produits', 'Machines', 'Pages', …
    area: text("area").notNull(),
    // What was done there, as the form named it ('create', 'publish', 'traiter', …).
    action: text("action").notNull(),
    summary: text("summary").notNull().default(""),
  },
  (t) => [index("activity_log_at_idx").on(t.at)],
);

/** Permanent redirects from an old address of the site to another (app/features/redirects/rules.ts), served
 * before any page. `from_key` is the old path as compared: lower case, no trailing slash. */
export const redirects = pgTable("redirects", {
  id: uuid("id").primaryKey().defaultRandom(),
  from_key: text("from_key").notNull().unique(),
  to_path: text("to_path").notNull(),
  created_at: createdAt(),
});

/** Addresses visitors reached as 'Page non trouvée', robots apart; at most 1,000, the least recently
 * seen dropped first. */
export const missedPaths = pgTable(
  "missed_paths",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    path: text("path").notNull(),
    bot: boolean("bot").notNull().default(false),
    hits: integer("hits").notNull().default(0),
    last_seen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("missed_paths_path_bot_idx").on(t.path, t.bot),
    index("missed_paths_last_seen_idx").on(t.last_seen),
  ],
);
// ---- After the sale (issue 55; docs/decisions/2026-12-03-after-the-sale.md) ----

/** An installation's states (French labels in app/features/installations/model.ts). */
const INSTALLATION_STATUS_VALUES = ["a-installer", "installee", "retiree"] as const;
type InstallationStatusValue = (typeof INSTALLATION_STATUS_VALUES)[number];

/** One filled slot of an installed machine, copied like a proposal's items: the product as it was when
 * placed (`section`: 0-based section index; `slot`: row by row, left to right). */
type InstallationSlot = {
  section: number;
  slot: number;
  product_id: string | null;
  product_name: string;
  product_price: number;
  product_image: string;
};

/** One machine placed at a client's, from an accepted proposal or entered by hand. `code` is the public
 * code on its label and in its address (/m/BD-7K3Q). */
export const installations = pgTable(
  "installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    proposal_id: uuid("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    client_name: text("client_name").notNull(),
    address: text("address").notNull(),
    contact_name: text("contact_name").notNull(),
    contact_phone: text("contact_phone").notNull().default(""),
    contact_email: text("contact_email").notNull().default(""),
    machine_id: uuid("machine_id").references(() => machines.id, { onDelete: "set null" }),
    // The machine's name and picture as they were, as proposals copy them.
    machine_name: text("machine_name").notNull(),
    machine_image: text("machine_image").notNull().default(PLACEHOLDER_IMAGE),
    sections: jsonb("sections").$type<GridSection[]>().notNull().default([]),
    slots: jsonb("slots").$type<InstallationSlot[]>().notNull().default([]),
    // The planned visit (an instant; shown in Québec's local time); null while no date is set.
    planned_for: timestamp("planned_for", { withTimezone: true }),
    status: text("status").$type<InstallationStatusValue>().notNull().default("a-installer"),
    // The client's contact said no to the monthly report (one-click link).
    report_opt_out: boolean("report_opt_out").notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("installations_status_idx").on(t.status, t.created_at),
    index("installations_proposal_idx").on(t.proposal_id),
    oneOf("installations_status_check", t.status, INSTALLATION_STATUS_VALUES),
  ],
);

const INSTALLATION_EVENT_KINDS = ["creation", "statut", "disposition", "echange", "date"] as const;

/** An installation's history: its creation, each change of status, of layout and each swap done, with
 * its date and who did it. */
export const installationEvents = pgTable(
  "installation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    installation_id: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<(typeof INSTALLATION_EVENT_KINDS)[number]>().notNull(),
    // For a change of status: from and to.
    from_status: text("from_status").$type<InstallationStatusValue>(),
    to_status: text("to_status").$type<InstallationStatusValue>(),
    summary: text("summary").notNull().default(""),
    account: text("account").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("installation_events_installation_idx").on(t.installation_id, t.at),
    oneOf("installation_events_kind_check", t.kind, INSTALLATION_EVENT_KINDS),
    oneOf("installation_events_from_check", t.from_status, INSTALLATION_STATUS_VALUES),
    oneOf("installation_events_to_check", t.to_status, INSTALLATION_STATUS_VALUES),
  ],
);

/** A product swap planned for the next visit (slot → new product, copied as placed), done when done_at
 * is set. */
export const installationSwaps = pgTable(
  "installation_swaps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    installation_id: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    section: integer("section").notNull(),
    slot: integer("slot").notNull(),
    product_id: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    product_name: text("product_name").notNull(),
    product_price: numeric("product_price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    product_image: text("product_image").notNull(),
    // The product it replaces, by name (null for a slot that was empty).
    replaced_name: text("replaced_name"),
    account: text("account").notNull().default(""),
    planned_at: timestamp("planned_at", { withTimezone: true }).notNull().defaultNow(),
    done_at: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [index("installation_swaps_installation_idx").on(t.installation_id, t.done_at)],
);

const TICKET_KIND_VALUES = ["probleme", "remboursement"] as const;
const PROBLEM_KIND_VALUES = [
  "pas-distribue",
  "argent-garde",
  "paiement-refuse",
  "produit-abime",
  "machine-vide",
  "autre",
] as const;
const TICKET_STATUS_VALUES = ["nouveau", "en-cours", "resolu"] as const;
const REFUND_METHOD_VALUES = ["interac", "prochaine-visite"] as const;

/** What a person at a machine reported (a problem) or asked back (a refund): app/features/service.
 * `code` is the reference shown to the person (S- and 5 characters); `due_at` is the promised response,
 * computed at reception and kept, so that a later change of the promise does not move it. */
export const serviceTickets = pgTable(
  "service_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    installation_id: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<(typeof TICKET_KIND_VALUES)[number]>().notNull(),
    // A problem's kind; null for a refund.
    problem: text("problem").$type<(typeof PROBLEM_KIND_VALUES)[number]>(),
    description: text("description").notNull().default(""),
    // The product from the machine's list (its name copied) and its slot ('section:slot').
    product_id: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    product_name: text("product_name"),
    slot: text("slot"),
    // The photo joined to a problem: its object's name in the private bucket 'ticket-photos'.
    photo_key: text("photo_key"),
    // When it happened, as the person said.
    occurred_at: timestamp("occurred_at", { withTimezone: true }),
    contact_email: text("contact_email"),
    contact_phone: text("contact_phone"),
    // A refund: the amount asked, how they paid and how they want it back.
    refund_cents: integer("refund_cents"),
    payment_method: text("payment_method"),
    refund_method: text("refund_method").$type<(typeof REFUND_METHOD_VALUES)[number]>(),
    // First in the inbox: a machine that keeps money or does not vend, and every refund.
    urgent: boolean("urgent").notNull().default(false),
    status: text("status").$type<(typeof TICKET_STATUS_VALUES)[number]>().notNull().default("nouveau"),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    due_at: timestamp("due_at", { withTimezone: true }).notNull(),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    resolved_by: text("resolved_by"),
    // The refund given, as logged when resolved: its amount and how it was given (the person's wish
    // stays in refund_method).
    refund_logged_cents: integer("refund_logged_cents"),
    refund_logged_method: text("refund_logged_method").$type<(typeof REFUND_METHOD_VALUES)[number]>(),
    // A keyed hash of the sender's source, for the per-source limits only.
    source_hash: text("source_hash"),
    // The staff account that follows it up, or null (no foreign key, as for a request).
    assigned_to: uuid("assigned_to"),
  },
  (t) => [
    index("service_tickets_inbox_idx").on(t.status, t.due_at),
    index("service_tickets_assigned_idx").on(t.assigned_to, t.status),
    index("service_tickets_installation_idx").on(t.installation_id, t.received_at),
    index("service_tickets_source_idx").on(t.source_hash, t.received_at),
    // The resolved tickets and the refund log, the latest first.
    index("service_tickets_resolved_idx").on(t.resolved_at),
    oneOf("service_tickets_kind_check", t.kind, TICKET_KIND_VALUES),
    oneOf("service_tickets_problem_check", t.problem, PROBLEM_KIND_VALUES),
    oneOf("service_tickets_status_check", t.status, TICKET_STATUS_VALUES),
    oneOf("service_tickets_refund_method_check", t.refund_method, REFUND_METHOD_VALUES),
    oneOf("service_tickets_refund_logged_method_check", t.refund_logged_method, REFUND_METHOD_VALUES),
  ],
);

/** The staff's notes on a ticket, their replies (a reply is also an outbox email) and each change of its
 * status ('statut': what changed, in the body), so the ticket's history reads in one list. */
export const serviceTicketNotes = pgTable(
  "service_ticket_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticket_id: uuid("ticket_id")
      .notNull()
      .references(() => serviceTickets.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"note" | "reponse" | "statut">().notNull(),
    body: text("body").notNull(),
    account: text("account").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("service_ticket_notes_ticket_idx").on(t.ticket_id, t.created_at),
    oneOf("service_ticket_notes_kind_check", t.kind, ["note", "reponse", "statut"]),
  ],
);

/** 'Suggérer un produit': a catalogue product or a typed name, one vote per person per product per
 * machine per day. `voter_hash` is a keyed hash of the source and the product: no address is kept. */
export const productVotes = pgTable(
  "product_votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    installation_id: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    product_id: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    // The catalogue product's name when voted, or the name typed.
    product_name: text("product_name").notNull(),
    day: date("day").notNull(),
    voter_hash: text("voter_hash").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("product_votes_one_a_day_idx").on(t.installation_id, t.day, t.voter_hash),
    index("product_votes_installation_idx").on(t.installation_id, t.created_at),
  ],
);

/** The monthly report to an installed client (issue 55, point 6): one row per installation and month
 * reported, written in the same transaction as its outbox email. The unique pair makes a second
 * instance's claim do nothing, so each report is sent once. `month` is the first day of the month
 * reported (Québec's calendar). */
export const monthlyReports = pgTable(
  "monthly_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    installation_id: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("monthly_reports_installation_month_idx").on(t.installation_id, t.month),
    index("monthly_reports_month_idx").on(t.month),
    check("monthly_reports_month_check", sql`extract(day from ${t.month}) = 1`),
  ],
);

export type SiteTextVersion = typeof siteTextVersions.$inferSelect;
export type ActivityEntry = typeof activityLog.$inferSelect;
