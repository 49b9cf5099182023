CREATE TABLE "photo_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"pose" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"selfie_key" text,
	"reject_reason" text,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "theme_primary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "theme_secondary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "prompts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_verifications_profile_idx" ON "photo_verifications" USING btree ("profile_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_open_key" ON "photo_verifications" USING btree ("profile_id") WHERE "photo_verifications"."status" in ('started', 'pending');--> statement-breakpoint
CREATE INDEX "photo_verifications_pending_idx" ON "photo_verifications" USING btree ("submitted_at","id") WHERE "photo_verifications"."status" = 'pending';