CREATE SCHEMA "payment";
--> statement-breakpoint
CREATE TYPE "payment"."capture_method" AS ENUM('automatic', 'manual');--> statement-breakpoint
CREATE TYPE "payment"."payment_status" AS ENUM('pending', 'processing', 'attempt_failed', 'processed', 'expired');--> statement-breakpoint
CREATE TYPE "payment"."provider" AS ENUM('sandbox', 'stripe');--> statement-breakpoint
CREATE TYPE "payment"."reference_type" AS ENUM('order', 'order_line_item');--> statement-breakpoint
CREATE TYPE "payment"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "payment"."customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "payment"."provider" NOT NULL,
	"provider_customer_id" text NOT NULL,
	"migrated_at" timestamp with time zone,
	"migrated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "payment"."payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" "payment"."provider" NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4_digits" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"is_default" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payment_methods_last4" CHECK ("payment"."payment_methods"."last4_digits" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payment"."payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"status" "payment"."payment_status" NOT NULL,
	"amount" integer NOT NULL,
	"amount_captured" integer DEFAULT 0 NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"capture_method" "payment"."capture_method" NOT NULL,
	"provider" "payment"."provider" NOT NULL,
	"provider_payment_intent_id" text,
	"provider_charge_id" text,
	"failure_code" text,
	"failure_reason" text,
	"description" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"reference_type" "payment"."reference_type" NOT NULL,
	"created_by" text NOT NULL,
	"request_key" text,
	"capture_started_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payment"."payments"."amount" > 0 and "payment"."payments"."amount" <= 2147483647),
	CONSTRAINT "payments_amount_captured" CHECK ("payment"."payments"."amount_captured" >= 0),
	CONSTRAINT "payments_refund_within_capture" CHECK ("payment"."payments"."amount_refunded" >= 0 and "payment"."payments"."amount_refunded" <= "payment"."payments"."amount_captured"),
	CONSTRAINT "payments_capture_within_amount" CHECK ("payment"."payments"."amount_captured" <= "payment"."payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment"."refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" "payment"."refund_status" NOT NULL,
	"description" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"reference_id" uuid,
	"reference_type" "payment"."reference_type",
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_amount" CHECK ("payment"."refunds"."amount" > 0 and "payment"."refunds"."amount" <= 2147483647)
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"default_payment_method_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_idempotency" (
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"object_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_idempotency_operation_key_pk" PRIMARY KEY("operation","key")
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"amount" integer NOT NULL,
	"amount_capturable" integer NOT NULL,
	"amount_received" integer NOT NULL,
	"amount_refunded" integer NOT NULL,
	"capture_method" "payment"."capture_method" NOT NULL,
	"status" text NOT NULL,
	"charge_id" text,
	"last_error_code" text,
	"last_error_decline_code" text,
	"last_error_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4_digits" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment"."payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "payment"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "payment"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "payment"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payment"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."sandbox_payment_methods" ADD CONSTRAINT "sandbox_payment_methods_customer_id_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "payment"."sandbox_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment"."sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "payment"."sandbox_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user" ON "payment"."customers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_provider_customer" ON "payment"."customers" USING btree ("provider","provider_customer_id");--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment"."payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment"."payment_methods" USING btree ("customer_id") WHERE "payment"."payment_methods"."is_default" and "payment"."payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payment"."payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payment"."payments" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_intent" ON "payment"."payments" USING btree ("provider","provider_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_key" ON "payment"."payments" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "payment"."refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_reference_idx" ON "payment"."refunds" USING btree ("reference_type","reference_id");