CREATE TABLE "installation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"summary" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_events_kind_check" CHECK ("installation_events"."kind" in ('creation', 'statut', 'disposition', 'echange')),
	CONSTRAINT "installation_events_from_check" CHECK ("installation_events"."from_status" in ('a-installer', 'installee', 'retiree')),
	CONSTRAINT "installation_events_to_check" CHECK ("installation_events"."to_status" in ('a-installer', 'installee', 'retiree'))
);
--> statement-breakpoint
CREATE TABLE "installation_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"section" integer NOT NULL,
	"slot" integer NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"product_price" numeric(10, 2) NOT NULL,
	"product_image" text NOT NULL,
	"replaced_name" text,
	"account" text DEFAULT '' NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"proposal_id" uuid,
	"client_name" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"machine_id" uuid,
	"machine_name" text NOT NULL,
	"machine_image" text DEFAULT '/placeholder.svg' NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"planned_for" timestamp with time zone,
	"status" text DEFAULT 'a-installer' NOT NULL,
	"report_opt_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installations_code_unique" UNIQUE("code"),
	CONSTRAINT "installations_status_check" CHECK ("installations"."status" in ('a-installer', 'installee', 'retiree'))
);
--> statement-breakpoint
CREATE TABLE "product_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"day" date NOT NULL,
	"voter_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_ticket_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_ticket_notes_kind_check" CHECK ("service_ticket_notes"."kind" in ('note', 'reponse'))
);
--> statement-breakpoint
CREATE TABLE "service_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"installation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"problem" text,
	"description" text DEFAULT '' NOT NULL,
	"product_id" uuid,
	"product_name" text,
	"slot" text,
	"photo_key" text,
	"occurred_at" timestamp with time zone,
	"contact_email" text,
	"contact_phone" text,
	"refund_cents" integer,
	"payment_method" text,
	"refund_method" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'nouveau' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"refund_logged_cents" integer,
	"source_hash" text,
	CONSTRAINT "service_tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "service_tickets_kind_check" CHECK ("service_tickets"."kind" in ('probleme', 'remboursement')),
	CONSTRAINT "service_tickets_problem_check" CHECK ("service_tickets"."problem" in ('pas-distribue', 'argent-garde', 'paiement-refuse', 'produit-abime', 'machine-vide', 'autre')),
	CONSTRAINT "service_tickets_status_check" CHECK ("service_tickets"."status" in ('nouveau', 'en-cours', 'resolu')),
	CONSTRAINT "service_tickets_refund_method_check" CHECK ("service_tickets"."refund_method" in ('interac', 'prochaine-visite'))
);
--> statement-breakpoint
ALTER TABLE "installation_events" ADD CONSTRAINT "installation_events_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_swaps" ADD CONSTRAINT "installation_swaps_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installation_swaps" ADD CONSTRAINT "installation_swaps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_votes" ADD CONSTRAINT "product_votes_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_votes" ADD CONSTRAINT "product_votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_ticket_notes" ADD CONSTRAINT "service_ticket_notes_ticket_id_service_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."service_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD CONSTRAINT "service_tickets_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD CONSTRAINT "service_tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installation_events_installation_idx" ON "installation_events" USING btree ("installation_id","at");--> statement-breakpoint
CREATE INDEX "installation_swaps_installation_idx" ON "installation_swaps" USING btree ("installation_id","done_at");--> statement-breakpoint
CREATE INDEX "installations_status_idx" ON "installations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "installations_proposal_idx" ON "installations" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_votes_one_a_day_idx" ON "product_votes" USING btree ("installation_id","day","voter_hash");--> statement-breakpoint
CREATE INDEX "product_votes_installation_idx" ON "product_votes" USING btree ("installation_id","created_at");--> statement-breakpoint
CREATE INDEX "service_ticket_notes_ticket_idx" ON "service_ticket_notes" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "service_tickets_inbox_idx" ON "service_tickets" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "service_tickets_installation_idx" ON "service_tickets" USING btree ("installation_id","received_at");--> statement-breakpoint
CREATE INDEX "service_tickets_source_idx" ON "service_tickets" USING btree ("source_hash","received_at");--> statement-breakpoint
-- A machine's public page (/m/{code}) shows its installation and its swaps: a change to either moves the content version on, as the catalogue tables do (0004).
CREATE TRIGGER "installations_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "installations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "installation_swaps_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "installation_swaps" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
