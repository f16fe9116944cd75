CREATE TABLE "member_program_day_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"day" smallint NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "member_program_days" (
	"user_id" text NOT NULL,
	"day" smallint NOT NULL,
	"exercise_id" integer NOT NULL,
	"sets" smallint NOT NULL,
	"work_seconds" smallint,
	"target_reps" smallint,
	"rest_seconds" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "member_program_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "member_program_days_day_range" CHECK ("member_program_days"."day" between 1 and 28),
	CONSTRAINT "member_program_days_sets_range" CHECK ("member_program_days"."sets" between 1 and 10),
	CONSTRAINT "member_program_days_work_range" CHECK ("member_program_days"."work_seconds" is null or "member_program_days"."work_seconds" between 10 and 300),
	CONSTRAINT "member_program_days_reps_range" CHECK ("member_program_days"."target_reps" is null or "member_program_days"."target_reps" between 1 and 100),
	CONSTRAINT "member_program_days_rest_range" CHECK ("member_program_days"."rest_seconds" between 0 and 300),
	CONSTRAINT "member_program_days_work_or_reps" CHECK (("member_program_days"."work_seconds" is null) <> ("member_program_days"."target_reps" is null))
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discussion_messages" DROP CONSTRAINT "discussion_messages_not_blank";--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD COLUMN "attachment_type" text;--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "completed_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_program_day_changes" ADD CONSTRAINT "member_program_day_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_program_day_changes" ADD CONSTRAINT "member_program_day_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_program_day_changes_user_idx" ON "member_program_day_changes" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE INDEX "member_program_days_exercise_idx" ON "member_program_days" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "saved_replies_coach_idx" ON "saved_replies" USING btree ("coach_id","title");--> statement-breakpoint
CREATE INDEX "discussion_messages_user_created_idx" ON "discussion_messages" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD CONSTRAINT "discussion_messages_attachment_complete" CHECK (("discussion_messages"."attachment_key" is null) = ("discussion_messages"."attachment_type" is null) and ("discussion_messages"."attachment_key" is null) = ("discussion_messages"."attachment_size" is null));--> statement-breakpoint
ALTER TABLE "discussion_messages" ADD CONSTRAINT "discussion_messages_not_blank" CHECK (length(trim("discussion_messages"."message")) > 0 or "discussion_messages"."attachment_key" is not null);--> statement-breakpoint
-- issue 22: member_progress also keeps the completed days as bits (day d = bit d-1), so the
-- coach's "days missed in a row" is arithmetic on one row (features/program/summaries.ts).
CREATE OR REPLACE FUNCTION core28_count_completions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE program_day_stats s SET completions = s.completions - d.n
      FROM (SELECT day_number, count(*)::int AS n FROM old_rows GROUP BY day_number) d
      WHERE s.day_number = d.day_number;
    UPDATE member_progress m SET completed_days = m.completed_days - d.n, completed_mask = m.completed_mask & ~d.mask
      FROM (SELECT user_id, count(*)::int AS n, bit_or(1 << (day_number - 1))::int AS mask FROM old_rows GROUP BY user_id) d
      WHERE m.user_id = d.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (day_number, completions)
      SELECT day_number, count(*)::int FROM new_rows GROUP BY day_number
      ON CONFLICT (day_number) DO UPDATE SET completions = s.completions + excluded.completions;
    INSERT INTO member_progress AS m (user_id, completed_days, completed_mask)
      SELECT user_id, count(*)::int, bit_or(1 << (day_number - 1))::int FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET completed_days = m.completed_days + excluded.completed_days,
        completed_mask = m.completed_mask | excluded.completed_mask;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE member_progress m SET completed_mask = d.mask
  FROM (SELECT user_id, bit_or(1 << (day_number - 1))::int AS mask FROM workout_completions GROUP BY user_id) d
  WHERE m.user_id = d.user_id;
