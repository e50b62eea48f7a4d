-- Every column holding one of a fixed list of values checks it against the list the code declares it
-- with (decision 0061): campaign, gift, payment, review and booking statuses, kinds, reasons and
-- choices. Each list has only ever grown and the code writes only listed values, so stored rows hold them.
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_id_type" CHECK ("organization_profiles"."id_type" in ('CAC', 'TrustDeed', 'Incorporation', 'Other', 'ConsentLetter'));--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_gender" CHECK ("recipient_profiles"."gender" in ('Male', 'Female'));--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_employment_status" CHECK ("recipient_profiles"."employment_status" in ('Employed', 'Self-employed', 'Unemployed', 'Student'));--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_id_type" CHECK ("recipient_profiles"."id_type" in ('NIN', 'VotersCard', 'DriversLicence'));--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_id_holder" CHECK ("recipient_profiles"."id_holder" in ('self', 'parentOrGuardian'));--> statement-breakpoint
ALTER TABLE "recipient_profiles" ADD CONSTRAINT "recipient_profiles_public_name" CHECK ("recipient_profiles"."public_name" in ('full', 'first_initial'));--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_purpose" CHECK ("verification_codes"."purpose" in ('verify_email', 'reset_password'));--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD CONSTRAINT "organization_campaigns_status" CHECK ("organization_campaigns"."status" in ('pending', 'approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup', 'delivered', 'rejected'));--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD CONSTRAINT "recipient_campaigns_status" CHECK ("recipient_campaigns"."status" in ('pending', 'approved', 'rejected', 'purchased', 'ready_for_pickup', 'delivered'));--> statement-breakpoint
ALTER TABLE "recipient_campaigns" ADD CONSTRAINT "recipient_campaigns_delivery_status" CHECK ("recipient_campaigns"."delivery_status" in ('processing_pickup', 'ready_for_pickup', 'delivered'));--> statement-breakpoint
ALTER TABLE "donation_items" ADD CONSTRAINT "donation_items_status" CHECK ("donation_items"."status" in ('held', 'allocated', 'released', 'unallocated'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_status" CHECK ("donations"."status" in ('pending', 'paid', 'failed', 'needs_attention'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('sandbox', 'paystack'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'success', 'failed', 'abandoned', 'amount_mismatch'));--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD CONSTRAINT "sandbox_transactions_status" CHECK ("sandbox_transactions"."status" in ('pending', 'success', 'failed'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" in ('profilePhoto', 'organizationLogo', 'idDocument', 'consentForm', 'organizationDocument', 'productImage', 'storyImage', 'deliveryPhoto', 'updatePhoto'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_status" CHECK ("uploads"."status" in ('issued', 'used'));--> statement-breakpoint
ALTER TABLE "onboarding_submissions" ADD CONSTRAINT "onboarding_submissions_kind" CHECK ("onboarding_submissions"."kind" in ('recipient', 'organization'));--> statement-breakpoint
ALTER TABLE "onboarding_submissions" ADD CONSTRAINT "onboarding_submissions_status" CHECK ("onboarding_submissions"."status" in ('submitted', 'verified', 'correction_requested'));--> statement-breakpoint
ALTER TABLE "attention_cases" ADD CONSTRAINT "attention_cases_resolution" CHECK ("attention_cases"."resolution" in ('accept', 'outside', 'refunded'));--> statement-breakpoint
ALTER TABLE "assisted_applications" ADD CONSTRAINT "assisted_applications_consent_method" CHECK ("assisted_applications"."consent_method" in ('signed_form', 'spoken'));