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
CREATE TRIGGER "site_texts_content_version" AFTER INSERT OR UPDATE OF "published" OR DELETE OR TRUNCATE ON "site_texts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
