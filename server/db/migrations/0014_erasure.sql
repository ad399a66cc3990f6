CREATE TABLE "erased_proposal_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
