CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"account" text NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missed_paths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"bot" boolean DEFAULT false NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_key" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_key_unique" UNIQUE("from_key")
);
--> statement-breakpoint
CREATE TABLE "site_text_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"texts" jsonb NOT NULL,
	"changed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"id" text PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"draft" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "missed_paths_path_bot_idx" ON "missed_paths" USING btree ("path","bot");--> statement-breakpoint
CREATE INDEX "missed_paths_last_seen_idx" ON "missed_paths" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "site_text_versions_page_idx" ON "site_text_versions" USING btree ("page","published_at");--> statement-breakpoint
-- What visitors see moves on when a document is added, removed or its published values change; a
-- draft saved (an update of the draft alone) moves nothing, so the page cache keeps its pages. Per row,
-- so that a start that finds every document already there (INSERT ... ON CONFLICT DO NOTHING) moves nothing.
CREATE TRIGGER "site_texts_added" AFTER INSERT ON "site_texts" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "site_texts_published" AFTER UPDATE OF "published" ON "site_texts" FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published") EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "site_texts_removed" AFTER DELETE OR TRUNCATE ON "site_texts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
-- Each instance keeps the redirects in memory and reads them again when the content version moves on.
CREATE TRIGGER "redirects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
