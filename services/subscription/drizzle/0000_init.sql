CREATE SCHEMA "subscription";
--> statement-breakpoint
CREATE TYPE "subscription"."cancel_reason_context" AS ENUM('subscription', 'treat', 'supplement');--> statement-breakpoint
CREATE TYPE "subscription"."delivery_slot" AS ENUM('AM', 'PM');--> statement-breakpoint
CREATE TYPE "subscription"."extra_type" AS ENUM('supplement', 'treat', 'bundle', 'misc');--> statement-breakpoint
CREATE TYPE "subscription"."feeding_plan_status" AS ENUM('active', 'paused', 'ineligible');--> statement-breakpoint
CREATE TYPE "subscription"."feeding_plan_type" AS ENUM('full_bowl', 'half_bowl', 'starter_box', 'trial_box');--> statement-breakpoint
CREATE TYPE "subscription"."plan_category" AS ENUM('bundle', 'feeding_plan');--> statement-breakpoint
CREATE TYPE "subscription"."subscription_status" AS ENUM('draft', 'active', 'paused', 'cancelled');--> statement-breakpoint
CREATE TABLE "subscription"."cancel_reasons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"display_order" integer,
	"contexts" "subscription"."cancel_reason_context"[] NOT NULL,
	"parent_id" uuid,
	CONSTRAINT "cancel_reasons_description_length" CHECK (char_length("subscription"."cancel_reasons"."description") <= 255)
);
--> statement-breakpoint
CREATE TABLE "subscription"."extras" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription"."extras_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"product_variant_id" uuid NOT NULL,
	"type" "subscription"."extra_type" NOT NULL,
	"start_order_index" integer NOT NULL,
	"nth_order" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason_id" uuid,
	"cancel_notes" text,
	"cancelled_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "extras_cadence" CHECK ("subscription"."extras"."start_order_index" >= 0 and "subscription"."extras"."nth_order" >= 1),
	CONSTRAINT "extras_quantity" CHECK ("subscription"."extras"."quantity" >= 1 and "subscription"."extras"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription"."feeding_plan_skus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription"."feeding_plan_skus_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"feeding_plan_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_variant_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"ratio" double precision NOT NULL,
	"pouches" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "feeding_plan_skus_ratio" CHECK ("subscription"."feeding_plan_skus"."ratio" > 0 and "subscription"."feeding_plan_skus"."ratio" <= 1)
);
--> statement-breakpoint
CREATE TABLE "subscription"."feeding_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription"."feeding_plans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"status" "subscription"."feeding_plan_status" NOT NULL,
	"type" "subscription"."feeding_plan_type" NOT NULL,
	"start_order_index" integer DEFAULT 0 NOT NULL,
	"serving_size" text NOT NULL,
	"daily_serving_size_grams" integer NOT NULL,
	"pouch_size_grams" integer NOT NULL,
	"pouches_per_day" integer NOT NULL,
	"total_pouches" integer NOT NULL,
	"total_price" integer NOT NULL,
	"daily_price" integer NOT NULL,
	"paused_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feeding_plans_totals" CHECK ("subscription"."feeding_plans"."total_pouches" >= 0 and "subscription"."feeding_plans"."total_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription"."plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category" "subscription"."plan_category" NOT NULL,
	"percent_of_calories" integer NOT NULL,
	"feeding_plan_type" "subscription"."feeding_plan_type" NOT NULL,
	CONSTRAINT "plans_percent_of_calories" CHECK ("subscription"."plans"."percent_of_calories" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscription"."subscription_discounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "subscription"."subscription_discounts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"order_start_index" integer NOT NULL,
	"order_quantity" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_discounts_range" CHECK ("subscription"."subscription_discounts"."order_start_index" >= 0 and ("subscription"."subscription_discounts"."order_quantity" is null or "subscription"."subscription_discounts"."order_quantity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "subscription"."subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "subscription"."subscription_status" NOT NULL,
	"preferred_delivery_slot_id" "subscription"."delivery_slot",
	"cadence_in_weeks" integer NOT NULL,
	"feeding_plan_total_price" integer DEFAULT 0 NOT NULL,
	"feeding_plan_total_pouches" integer DEFAULT 0 NOT NULL,
	"last_processed_order_index" integer,
	"note" text,
	"start_at" timestamp with time zone,
	"pause_at" timestamp with time zone,
	"resume_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_by_admin" boolean,
	"primary_cancel_reason_id" uuid,
	"secondary_cancel_reason_id" uuid,
	"other_cancel_reason" text,
	"legacy_subscription_id" text,
	"migrated_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_cadence" CHECK ("subscription"."subscriptions"."cadence_in_weeks" between 1 and 12),
	CONSTRAINT "subscriptions_totals" CHECK ("subscription"."subscriptions"."feeding_plan_total_price" >= 0 and "subscription"."subscriptions"."feeding_plan_total_pouches" >= 0),
	CONSTRAINT "subscriptions_version" CHECK ("subscription"."subscriptions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "subscription"."cancel_reasons" ADD CONSTRAINT "cancel_reasons_parent_id_cancel_reasons_id_fk" FOREIGN KEY ("parent_id") REFERENCES "subscription"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."extras" ADD CONSTRAINT "extras_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "subscription"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."extras" ADD CONSTRAINT "extras_cancel_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("cancel_reason_id") REFERENCES "subscription"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."feeding_plan_skus" ADD CONSTRAINT "feeding_plan_skus_feeding_plan_id_feeding_plans_id_fk" FOREIGN KEY ("feeding_plan_id") REFERENCES "subscription"."feeding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."feeding_plans" ADD CONSTRAINT "feeding_plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "subscription"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."subscription_discounts" ADD CONSTRAINT "subscription_discounts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "subscription"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."subscriptions" ADD CONSTRAINT "subscriptions_primary_cancel_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("primary_cancel_reason_id") REFERENCES "subscription"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription"."subscriptions" ADD CONSTRAINT "subscriptions_secondary_cancel_reason_id_cancel_reasons_id_fk" FOREIGN KEY ("secondary_cancel_reason_id") REFERENCES "subscription"."cancel_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancel_reasons_slug" ON "subscription"."cancel_reasons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cancel_reasons_parent" ON "subscription"."cancel_reasons" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "extras_subscription" ON "subscription"."extras" USING btree ("subscription_id","seq");--> statement-breakpoint
CREATE INDEX "feeding_plan_skus_plan" ON "subscription"."feeding_plan_skus" USING btree ("feeding_plan_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "feeding_plans_one_per_dog" ON "subscription"."feeding_plans" USING btree ("subscription_id","animal_id");--> statement-breakpoint
CREATE INDEX "feeding_plans_animal" ON "subscription"."feeding_plans" USING btree ("animal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_slug" ON "subscription"."plans" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_feeding_plan_type" ON "subscription"."plans" USING btree ("feeding_plan_type");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_discounts_once" ON "subscription"."subscription_discounts" USING btree ("subscription_id","discount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_per_household" ON "subscription"."subscriptions" USING btree ("user_id") WHERE "subscription"."subscriptions"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_status" ON "subscription"."subscriptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_resume" ON "subscription"."subscriptions" USING btree ("resume_at") WHERE "subscription"."subscriptions"."status" = 'paused' and "subscription"."subscriptions"."removed_at" is null;