CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"roles" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invitations_roles_check" CHECK (cardinality("staff_invitations"."roles") > 0 and "staff_invitations"."roles" <@ array['proprietaire', 'ventes', 'service', 'contenu']::text[])
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "roles" text[] DEFAULT '{proprietaire}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree ("email");--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_email_unique" UNIQUE("email");--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_roles_check" CHECK (cardinality("admin_users"."roles") > 0 and "admin_users"."roles" <@ array['proprietaire', 'ventes', 'service', 'contenu']::text[]);