ALTER TABLE "photo_screenings" ADD COLUMN "face_check" text;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD COLUMN "face_similarity" real;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD COLUMN "face_photo_id" integer;