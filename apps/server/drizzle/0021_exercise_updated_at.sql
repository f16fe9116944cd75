-- An exercise's last edit: a member's calendar feed names the exercise, and its Last-Modified
-- must move when an edit does. Existing rows take the migration's time: nothing older is known.
ALTER TABLE "exercises" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;