CREATE TABLE "contact_request_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_request_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_request_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_request_id" uuid NOT NULL,
	"from_stage" text NOT NULL,
	"to_stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "stage" text DEFAULT 'nouvelle' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "spam_check" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "spam_reason" text;--> statement-breakpoint
ALTER TABLE "contact_request_notes" ADD CONSTRAINT "contact_request_notes_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_request_stage_changes" ADD CONSTRAINT "contact_request_stage_changes_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_request_notes_request_idx" ON "contact_request_notes" USING btree ("contact_request_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_request_stage_changes_request_idx" ON "contact_request_stage_changes" USING btree ("contact_request_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_stage_idx" ON "contact_requests" USING btree ("stage","created_at");--> statement-breakpoint
-- A request the staff had marked handled is now in progress.
UPDATE "contact_requests" SET "stage" = 'en-cours' WHERE "handled_at" IS NOT NULL;
