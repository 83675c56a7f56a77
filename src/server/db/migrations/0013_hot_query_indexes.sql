CREATE INDEX "child_login_codes_child_idx" ON "child_login_codes" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "families_created_idx" ON "families" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");