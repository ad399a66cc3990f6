ALTER TABLE "stat_events" ADD COLUMN "address" bigint;--> statement-breakpoint
-- A personal page's token is a secret: raw events and Web Vitals keep the route's pattern instead.
UPDATE "stat_events" SET "path" = '/proposition/:jeton' WHERE lower("path") LIKE '/proposition/_%' AND "path" <> '/proposition/:jeton';--> statement-breakpoint
UPDATE "stat_vitals" SET "path" = '/proposition/:jeton' WHERE lower("path") LIKE '/proposition/_%' AND "path" <> '/proposition/:jeton';--> statement-breakpoint
-- Daily totals: one row per day for the pattern, adding up the rows of every token (and the pattern's
-- own row when there is one; a visitor who opened two proposals that day counts twice).
INSERT INTO "stat_daily" ("id", "day", "dimension", "value", "visitors", "count")
SELECT md5("day"::text || '|page|/proposition/:jeton')::uuid, "day", 'page', '/proposition/:jeton', sum("visitors")::int, sum("count")::int
FROM "stat_daily" WHERE "dimension" = 'page' AND lower("value") LIKE '/proposition/_%' GROUP BY "day"
ON CONFLICT ("day", "dimension", "value") DO UPDATE SET "visitors" = excluded."visitors", "count" = excluded."count";--> statement-breakpoint
DELETE FROM "stat_daily" WHERE "dimension" = 'page' AND lower("value") LIKE '/proposition/_%' AND "value" <> '/proposition/:jeton';--> statement-breakpoint
-- Web Vitals histograms: the pattern's histogram is the bucket-by-bucket sum of the tokens' ones.
INSERT INTO "stat_daily_vitals" ("id", "day", "path", "device", "metric", "counts")
SELECT md5(c."day"::text || '|/proposition/:jeton|' || c."device" || '|' || c."metric")::uuid, c."day", '/proposition/:jeton', c."device", c."metric", array_agg(c."n" ORDER BY c."i")
FROM (
  SELECT v."day", v."device", v."metric", u."i", sum(u."n")::int AS "n"
  FROM "stat_daily_vitals" v CROSS JOIN LATERAL unnest(v."counts") WITH ORDINALITY AS u("n", "i")
  WHERE lower(v."path") LIKE '/proposition/_%'
  GROUP BY v."day", v."device", v."metric", u."i"
) c
GROUP BY c."day", c."device", c."metric"
ON CONFLICT ("path", "day", "device", "metric") DO UPDATE SET "counts" = excluded."counts";--> statement-breakpoint
DELETE FROM "stat_daily_vitals" WHERE lower("path") LIKE '/proposition/_%' AND "path" <> '/proposition/:jeton';
