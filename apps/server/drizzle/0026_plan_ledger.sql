CREATE TABLE "business_days" (
	"day" date NOT NULL,
	"plan_key" text NOT NULL,
	"paying_delta" integer DEFAULT 0 NOT NULL,
	"mrr_delta_cents" bigint DEFAULT 0 NOT NULL,
	"trials_delta" integer DEFAULT 0 NOT NULL,
	"new_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"expansion_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"contraction_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"churn_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"reactivation_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"churned_members" integer DEFAULT 0 NOT NULL,
	"reactivated_members" integer DEFAULT 0 NOT NULL,
	"trial_starts" integer DEFAULT 0 NOT NULL,
	"trial_conversions" integer DEFAULT 0 NOT NULL,
	"payments_failed" integer DEFAULT 0 NOT NULL,
	"payments_recovered" integer DEFAULT 0 NOT NULL,
	"payments_lost" integer DEFAULT 0 NOT NULL,
	"collected_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "business_days_day_plan_key_pk" PRIMARY KEY("day","plan_key")
);
--> statement-breakpoint
CREATE TABLE "business_folds" (
	"name" text PRIMARY KEY NOT NULL,
	"folded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_now" (
	"plan_key" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"paying" integer DEFAULT 0 NOT NULL,
	"mrr_cents" bigint DEFAULT 0 NOT NULL,
	"trials" integer DEFAULT 0 NOT NULL,
	"cancelling" integer DEFAULT 0 NOT NULL,
	"cancelling_mrr_cents" bigint DEFAULT 0 NOT NULL,
	"failing" integer DEFAULT 0 NOT NULL,
	"failing_mrr_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "business_now_plan_key_shard_pk" PRIMARY KEY("plan_key","shard")
);
--> statement-breakpoint
CREATE TABLE "plan_ledger" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_before" text NOT NULL,
	"status_after" text NOT NULL,
	"plan_before" text,
	"plan_after" text,
	"mrr_before_cents" integer NOT NULL,
	"mrr_after_cents" integer NOT NULL,
	"cancelling_after" boolean DEFAULT false NOT NULL,
	"failing_after" boolean DEFAULT false NOT NULL,
	"period_end_after" timestamp with time zone,
	"movement" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"trial_started_at" timestamp with time zone,
	"provider" text,
	"provider_subscription_id" text,
	"provider_event_id" text,
	"provider_invoice_id" text
);
--> statement-breakpoint
CREATE TABLE "plan_ledger_states" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"plan_id" text,
	"mrr_cents" integer NOT NULL,
	"period_end" timestamp with time zone,
	"cancelling" boolean NOT NULL,
	"failing" boolean NOT NULL,
	"has_paid" boolean NOT NULL,
	"trial_started_at" timestamp with time zone,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plan_ledger_user_idx" ON "plan_ledger" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "plan_ledger_occurred_idx" ON "plan_ledger" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "plan_ledger_recorded_idx" ON "plan_ledger" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "plan_ledger_conversions_idx" ON "plan_ledger" USING btree ("trial_started_at") WHERE "plan_ledger"."kind" = 'trial_converted';--> statement-breakpoint
-- The plan ledger is append-only: a correction is a new entry, never an edit of an old one.
CREATE FUNCTION "core28_plan_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plan_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "plan_ledger_append_only" BEFORE UPDATE OR DELETE ON "plan_ledger" FOR EACH ROW EXECUTE FUNCTION "core28_plan_ledger_append_only"();
