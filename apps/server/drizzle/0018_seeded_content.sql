CREATE TABLE "seeded_content" (
	"part" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A database seeded before this table (it has the exercises) is marked as seeded: sample content a
-- coach deleted there stays deleted.
INSERT INTO seeded_content (part)
  SELECT part FROM (VALUES ('exercises'), ('home_exercises'), ('articles')) AS p (part)
  WHERE EXISTS (SELECT 1 FROM exercises);
