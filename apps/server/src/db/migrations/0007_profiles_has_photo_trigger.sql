-- profiles.has_photo (search relevance, docs/search-relevance.md) follows the photos table: true while
-- the profile has a main photo. A trigger keeps it so for every code path that inserts, updates or
-- deletes photos (upload, main change, deletion, purge, demo seeding, tests, benchmarks).
CREATE FUNCTION photos_keep_profile_has_photo() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY[NEW.profile_id];
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY[OLD.profile_id];
  ELSE
    changed := ARRAY[OLD.profile_id, NEW.profile_id];
  END IF;
  UPDATE profiles SET has_photo = exists (select 1 from photos where photos.profile_id = profiles.id and photos.is_main)
  WHERE profiles.id = ANY (changed)
    AND has_photo IS DISTINCT FROM exists (select 1 from photos where photos.profile_id = profiles.id and photos.is_main);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER photos_keep_profile_has_photo AFTER INSERT OR DELETE OR UPDATE OF is_main, profile_id ON photos
  FOR EACH ROW EXECUTE FUNCTION photos_keep_profile_has_photo();
--> statement-breakpoint
UPDATE profiles SET has_photo = true WHERE exists (select 1 from photos where photos.profile_id = profiles.id and photos.is_main);
--> statement-breakpoint
-- Existing members were last active when their newest session was last seen (else when they joined).
UPDATE profiles SET last_active_day = greatest(
  (profiles.created_at at time zone 'utc')::date,
  coalesce((select max((sessions.last_seen_at at time zone 'utc')::date) from sessions where sessions.user_id = profiles.user_id), (profiles.created_at at time zone 'utc')::date)
);
