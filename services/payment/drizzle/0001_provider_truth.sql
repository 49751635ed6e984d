ALTER TABLE "payment"."idempotency_keys" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "payment"."idempotency_keys" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment"."idempotency_keys" ADD COLUMN "takeovers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment"."payments" ADD COLUMN "call_key" text;--> statement-breakpoint
ALTER TABLE "payment"."payments" ADD COLUMN "call_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment"."refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payment"."sandbox_payment_intents" ADD COLUMN "metadata" text DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "payment"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "payment"."refunds" USING btree ("request_key");--> statement-breakpoint
-- A capture left in flight by earlier code (its process died) becomes a call to resolve by asking
-- the provider: no claim holds the key 'capture:unrecorded', so it is never taken for live.
UPDATE "payment"."payments" SET "call_key" = 'capture:unrecorded', "call_started_at" = "capture_started_at" WHERE "capture_started_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment"."payments" DROP COLUMN "capture_started_at";