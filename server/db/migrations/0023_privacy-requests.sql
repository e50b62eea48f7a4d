CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"email" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "privacy_requests_kind" CHECK ("privacy_requests"."kind" in ('account_erase', 'guest_export', 'guest_erase')),
	CONSTRAINT "privacy_requests_subject" CHECK (("privacy_requests"."kind" = 'account_erase' and "privacy_requests"."user_id" is not null) or ("privacy_requests"."kind" <> 'account_erase' and "privacy_requests"."user_id" is null)),
	CONSTRAINT "privacy_requests_email_lowercase" CHECK ("privacy_requests"."email" is null or "privacy_requests"."email" = lower("privacy_requests"."email"))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_user_idx" ON "privacy_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_expires_idx" ON "privacy_requests" USING btree ("expires_at");