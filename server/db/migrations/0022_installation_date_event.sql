-- A planned visit moved to another day is kept in the installation's history.
ALTER TABLE "installation_events" DROP CONSTRAINT "installation_events_kind_check";--> statement-breakpoint
ALTER TABLE "installation_events" ADD CONSTRAINT "installation_events_kind_check" CHECK ("installation_events"."kind" in ('creation', 'statut', 'disposition', 'echange', 'date'));