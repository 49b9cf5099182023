DROP INDEX "profiles_search_idx";--> statement-breakpoint
DROP INDEX "profiles_search_g_idx";--> statement-breakpoint
DROP INDEX "profiles_search_c_idx";--> statement-breakpoint
DROP INDEX "profiles_search_gc_idx";--> statement-breakpoint
DROP INDEX "profiles_search_cr_idx";--> statement-breakpoint
DROP INDEX "profiles_search_gcr_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_day" date DEFAULT ((now() at time zone 'utc')::date) NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("site_id","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_g_idx" ON "profiles" USING btree ("site_id","gender","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_c_idx" ON "profiles" USING btree ("site_id","country","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_gc_idx" ON "profiles" USING btree ("site_id","gender","country","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_cr_idx" ON "profiles" USING btree ("site_id","country","region","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_gcr_idx" ON "profiles" USING btree ("site_id","gender","country","region","has_photo","last_active_day","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;