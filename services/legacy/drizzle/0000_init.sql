CREATE SCHEMA "legacy";
--> statement-breakpoint
CREATE TYPE "legacy"."migration_status" AS ENUM('unmigrated', 'queued', 'migrating', 'migrated', 'error');--> statement-breakpoint
CREATE TABLE "legacy"."addresses" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"line1" text,
	"line2" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"delivery_instructions" text
);
--> statement-breakpoint
CREATE TABLE "legacy"."order_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"recipe" text NOT NULL,
	"pouches" integer NOT NULL,
	"price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy"."orders" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"status" text NOT NULL,
	"delivered_on" text,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy"."pets" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"gender" text,
	"neutered" boolean,
	"date_of_birth" text,
	"weight_kg" text,
	"activity_level" text,
	"body_condition" text,
	"daily_serving_grams" integer,
	"recipes" text
);
--> statement-breakpoint
CREATE TABLE "legacy"."subscriptions" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"plan" text NOT NULL,
	"cadence" text NOT NULL,
	"delivery_slot" text,
	"paused_until" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy"."users" (
	"id" integer PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"stripe_customer_id" text,
	"is_customer_on_charge_api" boolean NOT NULL,
	"cohort" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "legacy"."migration_states" (
	"legacy_id" integer PRIMARY KEY NOT NULL,
	"status" "legacy"."migration_status" NOT NULL,
	"error" text,
	"migrated_user_id" uuid,
	"workflow_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "addresses_user" ON "legacy"."addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "legacy"."order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "legacy"."orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pets_user" ON "legacy"."pets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user" ON "legacy"."subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_email" ON "legacy"."users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_cohort" ON "legacy"."users" USING btree ("cohort","id");--> statement-breakpoint
CREATE INDEX "migration_states_status" ON "legacy"."migration_states" USING btree ("status");