CREATE TABLE "stat_daily" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_daily_vitals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"counts" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"visitor" bigint,
	"path" text,
	"goal" text,
	"source" text,
	"medium" text,
	"campaign" text,
	"device" text,
	"browser" text
);
--> statement-breakpoint
CREATE TABLE "stat_secrets" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"value" real NOT NULL,
	"bucket" smallint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stat_daily_key_idx" ON "stat_daily" USING btree ("day","dimension","value");--> statement-breakpoint
CREATE UNIQUE INDEX "stat_daily_vitals_key_idx" ON "stat_daily_vitals" USING btree ("path","day","device","metric");--> statement-breakpoint
CREATE INDEX "stat_daily_vitals_day_idx" ON "stat_daily_vitals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_events_day_idx" ON "stat_events" USING btree ("day","kind");--> statement-breakpoint
CREATE INDEX "stat_vitals_day_idx" ON "stat_vitals" USING btree ("day");