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
CREATE UNIQUE INDEX "missed_paths_path_bot_idx" ON "missed_paths" USING btree ("path","bot");--> statement-breakpoint
CREATE INDEX "missed_paths_last_seen_idx" ON "missed_paths" USING btree ("last_seen");--> statement-breakpoint
-- Each instance keeps the redirects in memory and reads them again when the content version moves on.
CREATE TRIGGER "redirects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
