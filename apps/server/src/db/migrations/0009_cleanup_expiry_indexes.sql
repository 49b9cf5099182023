CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_tokens_expires_idx" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "account_tokens_used_idx" ON "account_tokens" USING btree ("used_at") WHERE "account_tokens"."used_at" is not null;