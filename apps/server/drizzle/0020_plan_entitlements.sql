ALTER TABLE "subscribers" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "plan_ended_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Plans that ended before members were told of it count as told: the "your plan ended" mail is for
-- plans that end from now on, not a wave to everyone who ever lapsed.
UPDATE "subscribers" SET "plan_ended_mailed_at" = now()
WHERE ("is_trial" AND "trial_end" <= now())
   OR (NOT "is_trial" AND "subscription_tier" IN ('The Daily Core', '1-on-1 Burn')
       AND (NOT "subscribed" OR "subscription_end" <= now()));
