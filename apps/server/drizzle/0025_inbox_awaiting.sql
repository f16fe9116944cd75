ALTER TABLE "discussion_topics" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "discussion_topics_awaiting_idx" ON "discussion_topics" USING btree ("awaiting_since","id") WHERE "discussion_topics"."awaiting_since" is not null and not "discussion_topics"."is_archived";--> statement-breakpoint
-- Every conversation's wait as it stands: since its opening when the coach never replied, else since
-- the member's first message after the coach's last reply; none when the coach spoke last.
UPDATE "discussion_topics" t SET "awaiting_since" = CASE
  WHEN NOT EXISTS (SELECT 1 FROM "discussion_messages" r WHERE r."topic_id" = t."id" AND r."is_coach_reply")
    THEN t."created_at"
  ELSE (SELECT min(m."created_at") FROM "discussion_messages" m
        WHERE m."topic_id" = t."id" AND NOT m."is_coach_reply"
          AND m."created_at" > (SELECT max(r."created_at") FROM "discussion_messages" r
                                WHERE r."topic_id" = t."id" AND r."is_coach_reply"))
END;
