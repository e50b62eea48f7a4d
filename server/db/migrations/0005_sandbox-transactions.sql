CREATE TABLE "sandbox_transactions" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_transactions_amount" CHECK ("sandbox_transactions"."amount_kobo" > 0)
);
