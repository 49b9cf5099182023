ALTER TABLE "sites" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The texts stored once become one language's (docs/settings.md): the fictional-profile texts were English; the
-- title and description were written in the site's domain_language (English when that names no locale). Empty
-- values stay out: that language falls back.
UPDATE "sites" SET "texts" = jsonb_strip_nulls(jsonb_build_object(
  'index_title', CASE WHEN "index_title" <> '' THEN jsonb_build_object(
    CASE WHEN lower(left("domain_language", 2)) IN ('nl', 'en', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv')
      THEN lower(left("domain_language", 2)) ELSE 'en' END, "index_title") END,
  'description', CASE WHEN "description" <> '' THEN jsonb_build_object(
    CASE WHEN lower(left("domain_language", 2)) IN ('nl', 'en', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv')
      THEN lower(left("domain_language", 2)) ELSE 'en' END, "description") END,
  'fictional_warning', CASE WHEN "fictional_warning" <> '' THEN jsonb_build_object('en', "fictional_warning") END,
  'fictional_singular', CASE WHEN "fictional_singular" <> '' THEN jsonb_build_object('en', "fictional_singular") END,
  'fictional_plural', CASE WHEN "fictional_plural" <> '' THEN jsonb_build_object('en', "fictional_plural") END
));
