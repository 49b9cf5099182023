ALTER TABLE "users" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_unlisted_idx" ON "users" USING btree ("id") WHERE "users"."status" = 'deleted_pending' or "users"."restricted_until" is not null;--> statement-breakpoint
-- users.restricted_until mirrors member_restrictions (docs/bans.md): 'infinity' for a ban, the end of a suspension,
-- null without a row. The database keeps it, whoever writes the restriction, so the two can never disagree; the
-- member-facing lists then check an account once, in one probe of users_unlisted_idx, for a pending deletion and a
-- restriction together (before: a second probe per row into member_restrictions, which PostgreSQL rescans whole for
-- every row while that table is small: on the embedded database a file-size call each).
UPDATE "users" u SET "restricted_until" = CASE WHEN r."kind" = 'banned' THEN 'infinity'::timestamptz ELSE r."until" END
  FROM "member_restrictions" r WHERE r."user_id" = u."id";
--> statement-breakpoint
CREATE FUNCTION member_restrictions_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id) THEN
    UPDATE users SET restricted_until = NULL WHERE id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE users SET restricted_until = CASE WHEN NEW.kind = 'banned' THEN 'infinity'::timestamptz ELSE NEW.until END
      WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_restrictions_mirror AFTER INSERT OR UPDATE OR DELETE ON "member_restrictions"
  FOR EACH ROW EXECUTE FUNCTION member_restrictions_mirror();
--> statement-breakpoint
-- The send's rule (migration 0032) reads the same mirror as the lists (lib/member-restrictions.ts).
CREATE OR REPLACE FUNCTION member_is_restricted(p_user_id integer) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM users u WHERE u.id = p_user_id AND u.restricted_until > now());
END;
$$;
