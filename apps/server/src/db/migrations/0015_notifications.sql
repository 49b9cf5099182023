CREATE TABLE "conversation_notifications" (
	"user_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"pending_since" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"mailed_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_notifications_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"like_mail_due_at" timestamp with time zone,
	"like_mailed_at" timestamp with time zone,
	"unread_reminder_due_at" timestamp with time zone,
	"unread_reminded_at" timestamp with time zone,
	"weekly_sent_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"last_campaign" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_notifications" ADD CONSTRAINT "conversation_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notifications" ADD CONSTRAINT "conversation_notifications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_notifications_conversation_idx" ON "conversation_notifications" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "profiles_site_created_idx" ON "profiles" USING btree ("site_id","created_at") WHERE "profiles"."status" = 'active' and "profiles"."is_invisible" = false;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");