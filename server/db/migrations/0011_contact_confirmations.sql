CREATE TABLE "contact_confirmations" (
	"recipient_hash" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_confirmations_sent_at_idx" ON "contact_confirmations" USING btree ("sent_at");