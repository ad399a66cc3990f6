-- How a refund was given, apart from how the person wished it: the refunds logged so far were given as the ticket then said.
ALTER TABLE "service_tickets" ADD COLUMN "refund_logged_method" text;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD CONSTRAINT "service_tickets_refund_logged_method_check" CHECK ("service_tickets"."refund_logged_method" in ('interac', 'prochaine-visite'));
--> statement-breakpoint
UPDATE "service_tickets" SET "refund_logged_method" = COALESCE("refund_method", 'prochaine-visite') WHERE "refund_logged_cents" IS NOT NULL;
