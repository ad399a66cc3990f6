DROP INDEX "products_nom_recherche_idx";--> statement-breakpoint
CREATE INDEX "products_nom_ordre_idx" ON "products" USING btree ("nom_recherche","nom","id");