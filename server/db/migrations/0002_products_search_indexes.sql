-- pg_trgm for the name search index (drizzle-kit does not generate extensions: added by hand).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_tags_idx";--> statement-breakpoint
CREATE INDEX "products_nom_trgm_idx" ON "products" USING gin ("nom_recherche" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags") WITH (fastupdate=false);