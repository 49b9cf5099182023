ALTER TABLE "matches" ADD COLUMN "low_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "high_seen_at" timestamp with time zone;--> statement-breakpoint
-- Matches made before the match moment existed were seen the old way (the liker's modal, the mail): not shown again.
UPDATE "matches" SET "low_seen_at" = "created_at", "high_seen_at" = "created_at";--> statement-breakpoint
CREATE INDEX "matches_low_unseen_idx" ON "matches" USING btree ("low_profile_id","id") WHERE "matches"."low_seen_at" is null;--> statement-breakpoint
CREATE INDEX "matches_high_unseen_idx" ON "matches" USING btree ("high_profile_id","id") WHERE "matches"."high_seen_at" is null;