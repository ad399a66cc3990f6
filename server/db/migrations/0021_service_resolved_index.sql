-- The resolved tickets and the refund log, the latest first, without sorting every ticket.
CREATE INDEX "service_tickets_resolved_idx" ON "service_tickets" USING btree ("resolved_at");