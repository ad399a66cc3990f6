ALTER TABLE "gallery_photos" ADD COLUMN "alt" text;--> statement-breakpoint
ALTER TABLE "machine_categories" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "machine_categories" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "machine_categories" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "machine_categories" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "machine_categories" ADD COLUMN "share_image_alt" text;--> statement-breakpoint
ALTER TABLE "machine_steps" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "image_alts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "share_image_alt" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "nutrition_image_alt" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "share_image_alt" text;