CREATE TABLE "admin_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"members" integer NOT NULL,
	"paid_subscribers" integer NOT NULL,
	"open_conversations" integer NOT NULL,
	"days_completed" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscribers_updated_at_idx" ON "subscribers" USING btree ("updated_at");