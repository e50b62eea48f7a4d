CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "organization_campaigns_trgm_idx";--> statement-breakpoint
DROP INDEX "recipient_campaigns_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w.lexeme
  FROM (SELECT "search_text" FROM "recipient_campaigns" UNION ALL SELECT "search_text" FROM "organization_campaigns") c,
       unnest(to_tsvector('simple', c."search_text")) w
 WHERE w.lexeme ~ '^[[:alpha:]]{3,}$'
ON CONFLICT DO NOTHING;
