CREATE TABLE "organization_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_campaign_id" integer NOT NULL,
	"units" integer NOT NULL,
	"note" text,
	"video_url" text,
	"recorded_by" integer,
	"delivered_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_deliveries_units" CHECK ("organization_deliveries"."units" > 0),
	CONSTRAINT "organization_deliveries_note" CHECK ("organization_deliveries"."note" is null or length("organization_deliveries"."note") <= 500),
	CONSTRAINT "organization_deliveries_video" CHECK ("organization_deliveries"."video_url" is null or "organization_deliveries"."video_url" ~* '^https://')
);
--> statement-breakpoint
CREATE TABLE "organization_delivery_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"alt_text" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "organization_delivery_photos_alt" CHECK (length(trim("organization_delivery_photos"."alt_text")) between 1 and 200),
	CONSTRAINT "organization_delivery_photos_position" CHECK ("organization_delivery_photos"."position" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "organization_deliveries" ADD CONSTRAINT "organization_deliveries_organization_campaign_id_organization_campaigns_id_fk" FOREIGN KEY ("organization_campaign_id") REFERENCES "public"."organization_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_deliveries" ADD CONSTRAINT "organization_deliveries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_delivery_photos" ADD CONSTRAINT "organization_delivery_photos_delivery_id_organization_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."organization_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_deliveries_campaign_idx" ON "organization_deliveries" USING btree ("organization_campaign_id","delivered_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_delivery_photos_position_idx" ON "organization_delivery_photos" USING btree ("delivery_id","position");