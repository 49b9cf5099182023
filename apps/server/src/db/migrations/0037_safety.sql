CREATE TABLE "photo_screenings" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"photo_id" integer,
	"message_id" bigint,
	"verification_id" integer,
	"status" text NOT NULL,
	"score" real,
	"is_explicit" boolean DEFAULT false NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"model" text NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_screenings_one_ref" CHECK (num_nonnulls("photo_screenings"."photo_id", "photo_screenings"."message_id", "photo_screenings"."verification_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "safety_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chat_photo_blur" text DEFAULT 'unmatched' NOT NULL,
	"blur_notice_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "explicit_photos" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_verification_id_photo_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."photo_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_photo_key" ON "photo_screenings" USING btree ("photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_message_key" ON "photo_screenings" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_verification_key" ON "photo_screenings" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "photo_screenings_score_idx" ON "photo_screenings" USING btree ("score","id");