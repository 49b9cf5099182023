DROP INDEX "reports_photo_idx";--> statement-breakpoint
CREATE INDEX "profiles_name_lower_idx" ON "profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_activated_idx" ON "users" USING btree ("activated_at");--> statement-breakpoint
CREATE INDEX "users_site_id_idx" ON "users" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_site_id_idx" ON "orders" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "reports_photo_idx" ON "reports" USING btree ("photo_id","status");