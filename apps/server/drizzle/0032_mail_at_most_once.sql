ALTER TABLE "mail_outbox" ADD COLUMN "at_most_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sending_at" timestamp with time zone;