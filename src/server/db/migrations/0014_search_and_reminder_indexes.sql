-- Trigram indexes for the staff searches; pg_trgm is a trusted extension, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "carts_reminder_due_idx" ON "carts" USING btree ((("created_at" at time zone 'UTC') + (("expires_at" at time zone 'UTC') - ("created_at" at time zone 'UTC')) / 2)) WHERE status = 'pending' and reminder_sent_at is null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);