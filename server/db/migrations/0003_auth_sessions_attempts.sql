ALTER TABLE "login_attempts" ALTER COLUMN "succeeded" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;