CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom_complet" text NOT NULL,
	"courriel" text NOT NULL,
	"description_demande" text NOT NULL,
	"type_emplacement" text,
	"emplacement" text,
	"date_installation" text,
	"prefere_telephone" boolean DEFAULT false NOT NULL,
	"numero_telephone" text,
	"timestamp" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"image_url" text NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"description" text,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer DEFAULT 1 NOT NULL,
	"titre" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"video" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"dimensions" text,
	"disponible_en_entrepot" boolean DEFAULT false NOT NULL,
	"temps_commande" text,
	"avantages" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"video" text,
	"process_video" text,
	"image_overlay" text,
	"main_image_index" integer DEFAULT 0 NOT NULL,
	"categorie_id" uuid,
	"produits_par_rangee" integer DEFAULT 6 NOT NULL,
	"nombre_de_rangees" integer DEFAULT 6 NOT NULL,
	"grid_default_position_x" real DEFAULT 50 NOT NULL,
	"grid_default_position_y" real DEFAULT 50 NOT NULL,
	"grid_default_width" real DEFAULT 300 NOT NULL,
	"grid_default_height" real DEFAULT 400 NOT NULL,
	"grid_sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"etapes_fonctionnement" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"prix" numeric(10, 2) DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"categorie" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"ingredients" text,
	"ranking" integer,
	"dans_notre_top_10_des_plus_gros_vendeur" boolean DEFAULT false NOT NULL,
	"image" text DEFAULT '/placeholder.svg' NOT NULL,
	"nutrition_image" text DEFAULT '/placeholder.svg' NOT NULL,
	"nom_recherche" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	CONSTRAINT "tags_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_categorie_id_machine_categories_id_fk" FOREIGN KEY ("categorie_id") REFERENCES "public"."machine_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_due_idx" ON "contact_requests" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "contact_requests_ip_idx" ON "contact_requests" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_created_at_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gallery_photos_ordre_idx" ON "gallery_photos" USING btree ("ordre");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "machines_categorie_id_idx" ON "machines" USING btree ("categorie_id");--> statement-breakpoint
CREATE INDEX "products_nom_recherche_idx" ON "products" USING btree ("nom_recherche");--> statement-breakpoint
CREATE INDEX "products_prix_idx" ON "products" USING btree ("prix");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");