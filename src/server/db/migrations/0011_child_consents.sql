CREATE TABLE "child_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"child_id" uuid NOT NULL,
	"given_by" uuid,
	"reference" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"relationship" text NOT NULL,
	"method" text NOT NULL,
	"signature" text,
	"data_collection" boolean NOT NULL,
	"educational" boolean NOT NULL,
	"third_party" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"status" text NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"rejection_reason" text,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "consent_status" text DEFAULT 'not_needed' NOT NULL;--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_consents" ADD CONSTRAINT "child_consents_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_consents_reference_unique" ON "child_consents" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "child_consents_child_idx" ON "child_consents" USING btree ("child_id","created_at");--> statement-breakpoint
CREATE INDEX "child_consents_status_idx" ON "child_consents" USING btree ("status","created_at");--> statement-breakpoint
-- Children stored before consent was asked for keep everything; those under 13 now wait for a parent's consent.
UPDATE "children" SET "consent_status" = 'required' WHERE "age" < 13;
--> statement-breakpoint
-- ...and are signed out everywhere until it is verified.
DELETE FROM "sessions" WHERE "sess"->>'childId' IN (SELECT "id"::text FROM "children" WHERE "consent_status" = 'required');--> statement-breakpoint
DELETE FROM "child_devices" WHERE "child_id" IN (SELECT "id" FROM "children" WHERE "consent_status" = 'required');--> statement-breakpoint
DELETE FROM "child_login_codes" WHERE "used_at" IS NULL AND "child_id" IN (SELECT "id" FROM "children" WHERE "consent_status" = 'required');
