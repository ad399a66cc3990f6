ALTER TABLE "proposals" ADD COLUMN "change_requests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "changes_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "changes_email_id" uuid;--> statement-breakpoint
UPDATE "proposals" SET "change_requests" = jsonb_build_array(jsonb_build_object('at', to_jsonb("change_requested_at"), 'text', "change_request")) WHERE "change_request" IS NOT NULL AND "change_requested_at" IS NOT NULL;
