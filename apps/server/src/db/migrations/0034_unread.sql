-- The unread total (chats.php's summary, the badge) reads only the member's conversations with unread messages, not
-- every conversation they have (issue 27).
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("profile_id") WHERE "conversation_members"."unread_count" > 0 and "conversation_members"."is_hidden" = false;