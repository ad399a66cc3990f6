-- The machine a request is about, by its name when sent (null for a general request); not in the webhook's body.
ALTER TABLE "contact_requests" ADD COLUMN "machine" text;