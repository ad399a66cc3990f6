ALTER TABLE "contact_requests" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
CREATE INDEX "contact_requests_assigned_idx" ON "contact_requests" USING btree ("assigned_to","created_at");