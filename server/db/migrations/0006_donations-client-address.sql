ALTER TABLE "donations" ADD COLUMN "client_address_hash" text;--> statement-breakpoint
CREATE INDEX "donations_client_address_idx" ON "donations" USING btree ("client_address_hash","created_at");