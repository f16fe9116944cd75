CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD COLUMN "member_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD COLUMN "coach_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_time" text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_reminder_time_valid" CHECK ("profiles"."reminder_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- Issue 20: members who joined before reminders existed never asked for them: off until they switch them on.
INSERT INTO "notification_preferences" ("user_id", "kind", "email")
SELECT "user_id", k.kind, false FROM "profiles"
CROSS JOIN (VALUES ('workout-reminder'), ('streak-at-risk'), ('weekly-summary')) AS k(kind);
