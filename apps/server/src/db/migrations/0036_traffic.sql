CREATE TABLE "lander_experiments" (
	"site_id" integer NOT NULL,
	"lander" text NOT NULL,
	"variants" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lander_experiments_pkey" PRIMARY KEY("site_id","lander")
);
--> statement-breakpoint
CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"grouping" text NOT NULL,
	"key" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_pkey" PRIMARY KEY("grouping","day","site_id","key")
);
--> statement-breakpoint
CREATE TABLE "traffic_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"visitor_id" uuid,
	"kind" text NOT NULL,
	"cause_key" text NOT NULL,
	"order_id" integer,
	"is_first" boolean DEFAULT false NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text,
	"network_id" integer,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"payout_currency" text,
	"day" date NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"sub2" text DEFAULT '' NOT NULL,
	"sub3" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"lander" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"member_id" integer DEFAULT 0 NOT NULL,
	"click_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visitor_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_networks" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"click_id_param" text DEFAULT 'click_id' NOT NULL,
	"ref_param" text DEFAULT 'ref' NOT NULL,
	"payouts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"postbacks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signature_header" text,
	"signing_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_postbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"network_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_status_code" smallint,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor_id" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"network" text,
	"network_id" integer,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"utm_term" text,
	"click_id" text,
	"click_kind" text,
	"lander" text,
	"variant" text,
	"landing_member_id" integer,
	"referrer_host" text,
	"country" text,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "time_zone" text DEFAULT 'Europe/Amsterdam' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "tracking_cookie_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "near_distance_km" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_in_ads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "charged_back_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lander_experiments" ADD CONSTRAINT "lander_experiments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_events" ADD CONSTRAINT "traffic_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_events" ADD CONSTRAINT "traffic_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_events" ADD CONSTRAINT "traffic_events_network_id_traffic_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."traffic_networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_members" ADD CONSTRAINT "traffic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_postbacks" ADD CONSTRAINT "traffic_postbacks_event_id_traffic_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."traffic_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_postbacks" ADD CONSTRAINT "traffic_postbacks_network_id_traffic_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."traffic_networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_visits" ADD CONSTRAINT "traffic_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_events_cause_key" ON "traffic_events" USING btree ("kind","cause_key");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_events_first_purchase_key" ON "traffic_events" USING btree ("user_id") WHERE "traffic_events"."kind" = 'purchase' and "traffic_events"."is_first";--> statement-breakpoint
CREATE INDEX "traffic_events_day_idx" ON "traffic_events" USING btree ("day","site_id");--> statement-breakpoint
CREATE INDEX "traffic_events_user_idx" ON "traffic_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "traffic_events_visitor_idx" ON "traffic_events" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "traffic_members_visitor_idx" ON "traffic_members" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_networks_key_key" ON "traffic_networks" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_postbacks_event_network_key" ON "traffic_postbacks" USING btree ("event_id","network_id");--> statement-breakpoint
CREATE INDEX "traffic_postbacks_status_idx" ON "traffic_postbacks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "traffic_visits_visitor_idx" ON "traffic_visits" USING btree ("visitor_id","id");--> statement-breakpoint
CREATE INDEX "profiles_ads_idx" ON "profiles" USING btree ("site_id","gender","has_photo","last_active_day","id") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false and "profiles"."show_in_ads" and "profiles"."is_fictional" = false;