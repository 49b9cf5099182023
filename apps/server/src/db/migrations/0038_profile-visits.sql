CREATE TABLE "profile_visits" (
	"visited_profile_id" integer NOT NULL,
	"visitor_profile_id" integer NOT NULL,
	"day" date NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_visits_visited_profile_id_visitor_profile_id_day_pk" PRIMARY KEY("visited_profile_id","visitor_profile_id","day"),
	CONSTRAINT "profile_visits_not_self" CHECK ("profile_visits"."visited_profile_id" <> "profile_visits"."visitor_profile_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "private_visits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visited_profile_id_profiles_id_fk" FOREIGN KEY ("visited_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visitor_profile_id_profiles_id_fk" FOREIGN KEY ("visitor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_visits_visited_idx" ON "profile_visits" USING btree ("visited_profile_id","visited_at","visitor_profile_id");--> statement-breakpoint
CREATE INDEX "profile_visits_visitor_idx" ON "profile_visits" USING btree ("visitor_profile_id");--> statement-breakpoint
CREATE INDEX "profile_visits_visited_at_idx" ON "profile_visits" USING btree ("visited_at");