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
CREATE INDEX "site_text_versions_page_idx" ON "site_text_versions" USING btree ("page","published_at");--> statement-breakpoint
-- What visitors see moves on when a document is added, removed or its published values change; a
-- draft saved (an update of the draft alone) moves nothing, so the page cache keeps its pages. Per row,
-- so that a start that finds every document already there (INSERT ... ON CONFLICT DO NOTHING) moves nothing.
CREATE TRIGGER "site_texts_added" AFTER INSERT ON "site_texts" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "site_texts_published" AFTER UPDATE OF "published" ON "site_texts" FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published") EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "site_texts_removed" AFTER DELETE OR TRUNCATE ON "site_texts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
