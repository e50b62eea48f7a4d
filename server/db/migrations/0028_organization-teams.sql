CREATE TABLE "organization_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"role" text NOT NULL,
	"email" text,
	"phone_number" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "organization_members_role" CHECK ("organization_members"."role" in ('owner', 'manager', 'finance', 'caseworker')),
	CONSTRAINT "organization_members_email_lowercase" CHECK ("organization_members"."email" = lower("organization_members"."email")),
	CONSTRAINT "organization_members_member_or_invitation" CHECK (("organization_members"."user_id" is not null and "organization_members"."joined_at" is not null and "organization_members"."token_hash" is null)
          or ("organization_members"."user_id" is null and "organization_members"."token_hash" is not null and "organization_members"."expires_at" is not null
              and ("organization_members"."email" is not null or "organization_members"."phone_number" is not null)))
);
--> statement-breakpoint
-- Every organization account becomes the first owner of its own team, its caseworkers members
-- with the caseworker role, and the invitations still open invitations (docs/decisions/0075).
INSERT INTO "organization_members" ("organization_id", "user_id", "role", "created_at", "joined_at")
SELECT u."id", u."id", 'owner', u."created_at", u."created_at"
  FROM "users" u JOIN "roles" r ON r."id" = u."role_id"
 WHERE r."name" = 'organization';--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "user_id", "role", "created_at", "joined_at")
SELECT c."organization_id", c."user_id", 'caseworker', c."created_at", c."created_at"
  FROM "caseworkers" c;--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "role", "email", "token_hash", "expires_at", "created_at")
SELECT i."organization_id", 'caseworker', i."email", i."token_hash", i."expires_at", i."created_at"
  FROM "caseworker_invites" i
 WHERE i."accepted_at" IS NULL AND i."expires_at" > now();--> statement-breakpoint
DROP TABLE "caseworker_invites" CASCADE;--> statement-breakpoint
DROP TABLE "caseworkers" CASCADE;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_users_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_members_organization_idx" ON "organization_members" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_user_key" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_token_key" ON "organization_members" USING btree ("token_hash");