-- An id like every archived table's, so that erased links travel in the export archive.
ALTER TABLE "erased_proposal_links" DROP CONSTRAINT "erased_proposal_links_pkey";--> statement-breakpoint
ALTER TABLE "erased_proposal_links" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "erased_proposal_links" ADD CONSTRAINT "erased_proposal_links_token_hash_unique" UNIQUE("token_hash");
--> statement-breakpoint
-- Mistyped secret links were listed among the missed addresses: they are mostly the secret itself.
DELETE FROM "missed_paths" WHERE lower("path") LIKE '/proposition/_%';
