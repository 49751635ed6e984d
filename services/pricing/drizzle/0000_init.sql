CREATE SCHEMA "pricing";
--> statement-breakpoint
CREATE TYPE "pricing"."application_type" AS ENUM('percentage', 'dollar');--> statement-breakpoint
CREATE TYPE "pricing"."discount_interval" AS ENUM('once-off', 'recurring', 'hybrid');--> statement-breakpoint
CREATE TYPE "pricing"."filter_type" AS ENUM('all-items', 'product', 'product-variant', 'product-type');--> statement-breakpoint
CREATE TYPE "pricing"."product_type" AS ENUM('meal', 'treat', 'collateral', 'supplement', 'toy', 'bundle');--> statement-breakpoint
CREATE TYPE "pricing"."promotion_type" AS ENUM('coupon', 'referral-coupon', 'referral');--> statement-breakpoint
CREATE TYPE "pricing"."usage_context" AS ENUM('pre-checkout', 'checkout');--> statement-breakpoint
CREATE TYPE "pricing"."usage_type" AS ENUM('referral', 'discount');--> statement-breakpoint
CREATE TABLE "pricing"."discount_schedule_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"schedule_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "pricing"."application_type" NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "discount_applications_value" CHECK ("pricing"."discount_schedule_applications"."value" >= 1 and ("pricing"."discount_schedule_applications"."type" <> 'percentage' or "pricing"."discount_schedule_applications"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "pricing"."discount_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"deleted_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pricing"."discount_application_filters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "pricing"."filter_type" NOT NULL,
	"product_id" uuid,
	"product_variant_id" uuid,
	"product_type" "pricing"."product_type",
	"quantity" integer,
	CONSTRAINT "discount_filters_quantity" CHECK ("pricing"."discount_application_filters"."quantity" is null or "pricing"."discount_application_filters"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pricing"."discount_schedules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid NOT NULL,
	"order_position" integer NOT NULL,
	"recurring" boolean NOT NULL,
	CONSTRAINT "discount_schedules_position_zero_indexed" CHECK ("pricing"."discount_schedules"."order_position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pricing"."discounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"interval" "pricing"."discount_interval" NOT NULL,
	"currency_code" text DEFAULT 'AUD' NOT NULL,
	"multiple_order" boolean NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"deleted_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "discounts_currency_aud" CHECK ("pricing"."discounts"."currency_code" = 'AUD'),
	CONSTRAINT "discounts_description_length" CHECK (char_length("pricing"."discounts"."description") <= 800)
);
--> statement-breakpoint
CREATE TABLE "pricing"."promotion_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"discount_id" uuid,
	"type" "pricing"."usage_type" NOT NULL,
	"user_id" uuid NOT NULL,
	"context" "pricing"."usage_context",
	"counts_as_use" boolean NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_users_once" UNIQUE NULLS NOT DISTINCT("promotion_id","user_id","type","context")
);
--> statement-breakpoint
CREATE TABLE "pricing"."promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"discount_id" uuid,
	"referrer_user_id" uuid,
	"type" "pricing"."promotion_type" NOT NULL,
	"value" text NOT NULL,
	"max_uses" integer,
	"created_by" text NOT NULL,
	"updated_by" text,
	"deleted_by" text,
	"timezone" text NOT NULL,
	"active_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promotions_max_uses" CHECK ("pricing"."promotions"."max_uses" is null or "pricing"."promotions"."max_uses" >= 1),
	CONSTRAINT "promotions_code_length" CHECK (char_length("pricing"."promotions"."value") between 1 and 250)
);
--> statement-breakpoint
ALTER TABLE "pricing"."discount_schedule_applications" ADD CONSTRAINT "discount_schedule_applications_schedule_id_discount_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "pricing"."discount_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing"."discount_application_filters" ADD CONSTRAINT "discount_application_filters_application_id_discount_schedule_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "pricing"."discount_schedule_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing"."discount_schedules" ADD CONSTRAINT "discount_schedules_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "pricing"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing"."discounts" ADD CONSTRAINT "discounts_category_id_discount_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "pricing"."discount_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing"."promotion_users" ADD CONSTRAINT "promotion_users_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "pricing"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing"."promotions" ADD CONSTRAINT "promotions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "pricing"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_applications_schedule_idx" ON "pricing"."discount_schedule_applications" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_categories_live_name" ON "pricing"."discount_categories" USING btree (lower("name")) WHERE "pricing"."discount_categories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "discount_filters_application_idx" ON "pricing"."discount_application_filters" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_schedules_position" ON "pricing"."discount_schedules" USING btree ("discount_id","order_position");--> statement-breakpoint
CREATE INDEX "discounts_category_idx" ON "pricing"."discounts" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_live_code" ON "pricing"."promotions" USING btree (lower("value")) WHERE "pricing"."promotions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "promotions_discount_idx" ON "pricing"."promotions" USING btree ("discount_id");