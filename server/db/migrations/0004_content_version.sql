CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Every statement that changes what visitors' pages show moves the version on, whoever runs it (the
-- app, an import, SQL by hand), and tells the listening instances once it commits. Once per statement,
-- not per row: a bulk edit is one change.
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('content_version', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "tags_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "machine_categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "machine_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "machines_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "machines" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "machine_steps_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "machine_steps" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "gallery_photos_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
