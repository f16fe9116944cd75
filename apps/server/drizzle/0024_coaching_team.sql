CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"member_id" text,
	"object_type" text,
	"object_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_assignments" (
	"user_id" text PRIMARY KEY NOT NULL,
	"coach_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by" text
);
--> statement-breakpoint
CREATE TABLE "coach_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"seats" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_profiles_seats_range" CHECK ("coach_profiles"."seats" between 0 and 10000),
	CONSTRAINT "coach_profiles_name_not_blank" CHECK (length(trim("coach_profiles"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "coach_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"interval" text NOT NULL,
	"user_id" text,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"waitlist_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_waitlist" ADD CONSTRAINT "coach_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_holds" ADD CONSTRAINT "seat_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_assignments_coach_idx" ON "coach_assignments" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_waitlist_waiting_email_idx" ON "coach_waitlist" USING btree (lower("email")) WHERE "coach_waitlist"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "coach_waitlist_order_idx" ON "coach_waitlist" USING btree ("created_at") WHERE "coach_waitlist"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "seat_holds_open_idx" ON "seat_holds" USING btree ("coach_id","expires_at") WHERE "seat_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "seat_holds_user_idx" ON "seat_holds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" is null;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Roles and grants are user_roles rows: the one admin becomes the owner, and a coach.
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_known" CHECK ("role" in ('admin', 'owner', 'coach', 'editor', 'all_members', 'support'));--> statement-breakpoint
INSERT INTO "user_roles" ("user_id", "role") SELECT "user_id", r FROM "user_roles", unnest(array['owner', 'coach']) AS r WHERE "role" = 'admin' ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "user_roles" WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_known";--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_known" CHECK ("role" in ('owner', 'coach', 'editor', 'all_members', 'support'));--> statement-breakpoint
-- The owner coaches with the default seats (OWNER_COACH_SEATS is read at start-up for a new owner).
INSERT INTO "coach_profiles" ("user_id", "name", "seats")
SELECT r."user_id", coalesce(nullif(trim(coalesce(p."first_name", '') || ' ' || coalesce(p."last_name", '')), ''), nullif(trim(p."display_name"), ''), nullif(trim(u."name"), ''), 'Coach'), 100
FROM "user_roles" r JOIN "users" u ON u."id" = r."user_id" LEFT JOIN "profiles" p ON p."user_id" = r."user_id"
WHERE r."role" = 'coach' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Members already in 1-on-1 Burn or already talking to the coach keep them: the first owner.
INSERT INTO "coach_assignments" ("user_id", "coach_id")
SELECT m."user_id", (SELECT "user_id" FROM "user_roles" WHERE "role" = 'owner' ORDER BY "created_at", "user_id" LIMIT 1)
FROM (
  SELECT "user_id" FROM "subscribers" WHERE "user_id" IS NOT NULL AND "subscription_tier" = '1-on-1 Burn'
  UNION SELECT "user_id" FROM "discussion_topics"
) m
WHERE EXISTS (SELECT 1 FROM "user_roles" WHERE "role" = 'owner')
  AND NOT EXISTS (SELECT 1 FROM "user_roles" s WHERE s."user_id" = m."user_id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The audit log is append-only: nothing may change or remove a row (backups keep it whole).
CREATE FUNCTION "core28_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "core28_audit_log_append_only"();
