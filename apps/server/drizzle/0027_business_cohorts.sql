CREATE TABLE "business_cohort_months" (
	"cohort" date NOT NULL,
	"month" date NOT NULL,
	"paying" integer DEFAULT 0 NOT NULL,
	"training" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_cohort_months_cohort_month_pk" PRIMARY KEY("cohort","month")
);
--> statement-breakpoint
CREATE TABLE "business_cohorts" (
	"cohort" date PRIMARY KEY NOT NULL,
	"members" integer NOT NULL,
	"day1" integer DEFAULT 0 NOT NULL,
	"day7" integer DEFAULT 0 NOT NULL,
	"day14" integer DEFAULT 0 NOT NULL,
	"day21" integer DEFAULT 0 NOT NULL,
	"day28" integer DEFAULT 0 NOT NULL,
	"round2" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "business_cohort_months_month_idx" ON "business_cohort_months" USING btree ("month");