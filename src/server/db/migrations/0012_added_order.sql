ALTER TABLE "achievements" ADD COLUMN "added_order" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "added_order" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "added_order" bigserial NOT NULL;