-- The search keeps each public campaign's reply as well as its text (decision 0056): the log now
-- names a campaign whenever anything its public reply shows changes, its own row or a joined one.
DROP TRIGGER "recipient_campaigns_search_changed" ON "recipient_campaigns";--> statement-breakpoint
DROP TRIGGER "organization_campaigns_search_changed" ON "organization_campaigns";--> statement-breakpoint
CREATE TRIGGER "recipient_campaigns_search_changed" AFTER UPDATE ON "recipient_campaigns"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "note_search_change"('recipient');--> statement-breakpoint
CREATE TRIGGER "organization_campaigns_search_changed" AFTER UPDATE ON "organization_campaigns"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "note_search_change"('organization');--> statement-breakpoint
CREATE FUNCTION "note_owner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END;
BEGIN
  IF TG_ARGV[0] = 'recipient' THEN
    INSERT INTO "search_changes" ("kind", "campaign_id")
    SELECT 'recipient', "id" FROM "recipient_campaigns" WHERE "recipient_id" = owner;
  ELSE
    INSERT INTO "search_changes" ("kind", "campaign_id")
    SELECT 'organization', "id" FROM "organization_campaigns" WHERE "organization_id" = owner;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "recipient_profiles_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "recipient_profiles"
  FOR EACH ROW EXECUTE FUNCTION "note_owner_change"('recipient');--> statement-breakpoint
CREATE TRIGGER "organization_profiles_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "organization_profiles"
  FOR EACH ROW EXECUTE FUNCTION "note_owner_change"('organization');--> statement-breakpoint
CREATE FUNCTION "note_user_name_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_changes" ("kind", "campaign_id")
  SELECT 'recipient', "id" FROM "recipient_campaigns" WHERE "recipient_id" = NEW."id"
  UNION ALL
  SELECT 'organization', "id" FROM "organization_campaigns" WHERE "organization_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_changed" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name")
  EXECUTE FUNCTION "note_user_name_change"();--> statement-breakpoint
CREATE FUNCTION "note_product_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'recipient' THEN
    INSERT INTO "search_changes" ("kind", "campaign_id")
    SELECT 'recipient', "id" FROM "recipient_campaigns" WHERE "product_id" = NEW."id";
  ELSE
    INSERT INTO "search_changes" ("kind", "campaign_id")
    SELECT 'organization', "id" FROM "organization_campaigns" WHERE "organization_product_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_changed" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "note_product_change"('recipient');--> statement-breakpoint
CREATE TRIGGER "organization_products_search_changed" AFTER UPDATE ON "organization_products"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "note_product_change"('organization');
