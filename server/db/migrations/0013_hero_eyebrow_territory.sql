-- The home page's eyebrow no longer gets the territory appended by the page (" · Québec et Lévis"):
-- the field holds the whole line. Stored texts (published, draft, versions) take the suffix the page
-- showed, the published territory, so the page looks the same and restoring a version too.
UPDATE "site_texts" AS home SET
  "published" = home."published" || jsonb_build_object('heroEyebrow', coalesce(home."published"->>'heroEyebrow', 'Distributrices haut de gamme') || ' · ' || area.value),
  "draft" = CASE WHEN home."draft" IS NULL THEN NULL
    ELSE home."draft" || jsonb_build_object('heroEyebrow', coalesce(home."draft"->>'heroEyebrow', 'Distributrices haut de gamme') || ' · ' || area.value) END
FROM (SELECT coalesce(nullif((SELECT "published"->>'serviceArea' FROM "site_texts" WHERE "id" = 'settings'), ''), 'Québec et Lévis') AS value) AS area
WHERE home."id" = 'home';
--> statement-breakpoint
UPDATE "site_text_versions" AS version SET
  "texts" = version."texts" || jsonb_build_object('heroEyebrow', coalesce(version."texts"->>'heroEyebrow', 'Distributrices haut de gamme') || ' · ' || area.value)
FROM (SELECT coalesce(nullif((SELECT "published"->>'serviceArea' FROM "site_texts" WHERE "id" = 'settings'), ''), 'Québec et Lévis') AS value) AS area
WHERE version."page" = 'home';
