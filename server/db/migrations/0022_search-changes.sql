CREATE TABLE "search_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_changes_kind" CHECK ("search_changes"."kind" in ('recipient', 'organization'))
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE FUNCTION "note_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_changes" ("kind", "campaign_id")
  VALUES (TG_ARGV[0], CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "recipient_campaigns_search_added" AFTER INSERT OR DELETE ON "recipient_campaigns"
  FOR EACH ROW EXECUTE FUNCTION "note_search_change"('recipient');--> statement-breakpoint
CREATE TRIGGER "recipient_campaigns_search_changed" AFTER UPDATE ON "recipient_campaigns"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."search_title" IS DISTINCT FROM NEW."search_title"
    OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "note_search_change"('recipient');--> statement-breakpoint
CREATE TRIGGER "organization_campaigns_search_added" AFTER INSERT OR DELETE ON "organization_campaigns"
  FOR EACH ROW EXECUTE FUNCTION "note_search_change"('organization');--> statement-breakpoint
CREATE TRIGGER "organization_campaigns_search_changed" AFTER UPDATE ON "organization_campaigns"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."search_title" IS DISTINCT FROM NEW."search_title"
    OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "note_search_change"('organization');
