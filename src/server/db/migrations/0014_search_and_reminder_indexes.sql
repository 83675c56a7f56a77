DROP INDEX "users_email_lower_idx";--> statement-breakpoint
CREATE INDEX "carts_reminder_due_idx" ON "carts" USING btree ((("created_at" at time zone 'UTC') + (("expires_at" at time zone 'UTC') - ("created_at" at time zone 'UTC')) / 2)) WHERE status = 'pending' and reminder_sent_at is null;--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree (lower((coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email") text_pattern_ops);