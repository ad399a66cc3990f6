ALTER TABLE "contact_requests" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
CREATE INDEX "contact_requests_assigned_idx" ON "contact_requests" USING btree ("assigned_to","created_at");--> statement-breakpoint
CREATE INDEX "service_tickets_assigned_idx" ON "service_tickets" USING btree ("assigned_to","status");