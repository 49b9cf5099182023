CREATE TABLE "held_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_profile_id" integer NOT NULL,
	"partner_profile_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_risk" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"signals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_held" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_fingerprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_profile_id" integer NOT NULL,
	"recipient_profile_id" integer NOT NULL,
	"simhash" bigint NOT NULL,
	"sample" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
	"phash" bigint,
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
ALTER TABLE "sites" ADD COLUMN "risk_threshold" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "risk_weights" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_partner_profile_id_profiles_id_fk" FOREIGN KEY ("partner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_risk" ADD CONSTRAINT "member_risk_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_fingerprints" ADD CONSTRAINT "message_fingerprints_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_fingerprints" ADD CONSTRAINT "message_fingerprints_recipient_profile_id_profiles_id_fk" FOREIGN KEY ("recipient_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_screenings" ADD CONSTRAINT "photo_screenings_verification_id_photo_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."photo_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_messages_client_key" ON "held_messages" USING btree ("sender_profile_id","client_id");--> statement-breakpoint
CREATE INDEX "member_risk_queue_idx" ON "member_risk" USING btree ("score","user_id") WHERE "member_risk"."score" > 0;--> statement-breakpoint
CREATE INDEX "message_fingerprints_sender_idx" ON "message_fingerprints" USING btree ("sender_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_photo_key" ON "photo_screenings" USING btree ("photo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_message_key" ON "photo_screenings" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_screenings_verification_key" ON "photo_screenings" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "photo_screenings_score_idx" ON "photo_screenings" USING btree ("score","id");