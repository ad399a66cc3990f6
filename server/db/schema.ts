// One schema for PGlite and PostgreSQL. Table and column names follow the spec (section 3) exactly,
// so data exported from the previous backend imports as is. Our own tables come last.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    // May arrive as JSON text from older exports; read through parseEtapesFonctionnement.
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
  video: text("video"),
  created_at: createdAt(),
});

export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nom: text("nom").notNull(),
    image_url: text("image_url").notNull(),
    is_featured: boolean("is_featured").notNull().default(false),
    ordre: integer("ordre").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("gallery_photos_ordre_idx").on(t.ordre)],
);

// ---- Our own tables ----

export const adminUsers = pgTable("admin_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  username: text("username").notNull().unique(),
  password_hash: text("password_hash").notNull(),
  created_at: createdAt(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    // The spec's ISO timestamp, as sent to the webhook.
    timestamp: text("timestamp").notNull(),
    // Delivery state: pending → delivered, or failed after the last retry (kept either way, until
    // the retention period has passed: server/contact/retention.ts).
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    last_error: text("last_error"),
    delivered_at: timestamp("delivered_at", { withTimezone: true }),
    handled_at: timestamp("handled_at", { withTimezone: true }),
    // Hash of the sender's IP, for the per-IP rate limit only.
    ip_hash: text("ip_hash"),
    created_at: createdAt(),
  },
  (t) => [
    index("contact_requests_due_idx").on(t.status, t.next_attempt_at),
    index("contact_requests_ip_idx").on(t.ip_hash, t.created_at),
    index("contact_requests_created_at_idx").on(t.created_at),
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
  ],
);

/** One row: a number that every change to what visitors' pages show moves on (triggers on the content
 * tables, migration 0004; storage changes in server/pages/content-version.ts). Each instance's page
 * cache compares it to decide whether its copies are still current. */
export const contentVersion = pgTable("content_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

/** The site's settings and the editable pages' texts (app/rules/site-texts.ts): one row per document,
 * the published values that visitors see and the staff's unpublished draft. Publishing moves the
 * content version on (a trigger on `published`, migration 0006); saving a draft does not. */
export const siteTexts = pgTable("site_texts", {
  // The document: 'settings', 'home', 'about', 'contact' or 'confirmation'.
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

/** Permanent redirects from an old address of the site to another (app/rules/redirects.ts), served
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
export type SiteTextVersion = typeof siteTextVersions.$inferSelect;
export type ActivityEntry = typeof activityLog.$inferSelect;
