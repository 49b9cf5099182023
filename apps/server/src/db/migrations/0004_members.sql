CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"profile_id" integer NOT NULL,
	"target_profile_id" integer NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_profile_id_target_profile_id_pk" PRIMARY KEY("profile_id","target_profile_id"),
	CONSTRAINT "likes_not_self" CHECK ("likes"."profile_id" <> "likes"."target_profile_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"low_profile_id" integer NOT NULL,
	"high_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_ordered_pair" CHECK ("matches"."low_profile_id" < "matches"."high_profile_id")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"profile_id" integer NOT NULL,
	"blocked_profile_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_profile_id_blocked_profile_id_pk" PRIMARY KEY("profile_id","blocked_profile_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."profile_id" <> "blocks"."blocked_profile_id")
);
--> statement-breakpoint
CREATE TABLE "swipe_days" (
	"profile_id" integer NOT NULL,
	"day" date NOT NULL,
	"likes" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "swipe_days_profile_id_day_pk" PRIMARY KEY("profile_id","day")
);
--> statement-breakpoint
CREATE TABLE "swipes" (
	"profile_id" integer NOT NULL,
	"target_profile_id" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipes_profile_id_target_profile_id_pk" PRIMARY KEY("profile_id","target_profile_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relationship_status" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hair_color" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "eye_color" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tattoos" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "signup_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "interests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_fictional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_invisible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_target_profile_id_profiles_id_fk" FOREIGN KEY ("target_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_low_profile_id_profiles_id_fk" FOREIGN KEY ("low_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_high_profile_id_profiles_id_fk" FOREIGN KEY ("high_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_profile_id_profiles_id_fk" FOREIGN KEY ("blocked_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_days" ADD CONSTRAINT "swipe_days_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_target_profile_id_profiles_id_fk" FOREIGN KEY ("target_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_profile_idx" ON "photos" USING btree ("profile_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_main_key" ON "photos" USING btree ("profile_id") WHERE "photos"."is_main";--> statement-breakpoint
CREATE INDEX "likes_target_idx" ON "likes" USING btree ("target_profile_id","is_new","created_at","profile_id");--> statement-breakpoint
CREATE INDEX "likes_profile_created_idx" ON "likes" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_pair_key" ON "matches" USING btree ("low_profile_id","high_profile_id");--> statement-breakpoint
CREATE INDEX "matches_high_idx" ON "matches" USING btree ("high_profile_id","low_profile_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_profile_id","profile_id");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("site_id","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_g_idx" ON "profiles" USING btree ("site_id","gender","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_c_idx" ON "profiles" USING btree ("site_id","country","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_gc_idx" ON "profiles" USING btree ("site_id","gender","country","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_cr_idx" ON "profiles" USING btree ("site_id","country","region","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "profiles_search_gcr_idx" ON "profiles" USING btree ("site_id","gender","country","region","id","date_of_birth") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;