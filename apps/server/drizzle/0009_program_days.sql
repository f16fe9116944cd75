CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" uuid NOT NULL,
	"request" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "program_days" (
	"day" smallint PRIMARY KEY NOT NULL,
	"exercise_id" integer NOT NULL,
	"sets" smallint NOT NULL,
	"work_seconds" smallint,
	"target_reps" smallint,
	"rest_seconds" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "program_days_day_range" CHECK ("program_days"."day" between 1 and 28),
	CONSTRAINT "program_days_sets_range" CHECK ("program_days"."sets" between 1 and 10),
	CONSTRAINT "program_days_work_range" CHECK ("program_days"."work_seconds" is null or "program_days"."work_seconds" between 10 and 300),
	CONSTRAINT "program_days_reps_range" CHECK ("program_days"."target_reps" is null or "program_days"."target_reps" between 1 and 100),
	CONSTRAINT "program_days_rest_range" CHECK ("program_days"."rest_seconds" between 0 and 300),
	CONSTRAINT "program_days_work_or_reps" CHECK (("program_days"."work_seconds" is null) <> ("program_days"."target_reps" is null))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_days" ADD CONSTRAINT "program_days_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_days" ADD CONSTRAINT "program_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "program_days_exercise_idx" ON "program_days" USING btree ("exercise_id");