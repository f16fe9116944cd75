ALTER TABLE "exercises" ADD COLUMN "demo_key" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "video_key" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "video_type" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "video_size" integer;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_video_complete" CHECK (("exercises"."video_key" is null and "exercises"."video_type" is null and "exercises"."video_size" is null) or ("exercises"."video_key" is not null and "exercises"."video_type" in ('video/mp4','video/webm') and "exercises"."video_size" >= 0));--> statement-breakpoint
-- issue 17, data: each existing exercise's demonstration key is its name slugified as core's
-- slugify() does (the seeded names are ASCII); a key no illustration has shows a neutral figure.
UPDATE "exercises" SET "demo_key" = trim(both '-' from regexp_replace(regexp_replace(lower("name"), '[^a-z0-9\s-]', '', 'g'), '[\s-]+', '-', 'g')) WHERE "demo_key" IS NULL;--> statement-breakpoint
-- issue 17, data: the seed's YouTube search-page links go (they were never videos); links a coach typed stay.
UPDATE "exercises" SET "video_url" = NULL WHERE "video_url" LIKE 'https://www.youtube.com/results?search_query=%+exercise+tutorial';
