CREATE SCHEMA "order";
--> statement-breakpoint
CREATE TYPE "order"."delivery_slot" AS ENUM('AM', 'PM');--> statement-breakpoint
CREATE TYPE "order"."discount_interval" AS ENUM('once-off', 'recurring', 'hybrid');--> statement-breakpoint
CREATE TYPE "order"."event_action" AS ENUM('order_created', 'order_updated', 'delivery_date_updated', 'address_updated', 'line_items_updated', 'payment_status_updated', 'fulfilment_status_updated', 'rebalancing_status_updated', 'discount_added', 'discount_removed', 'flags_updated', 'note');--> statement-breakpoint
CREATE TYPE "order"."fulfilment_status" AS ENUM('pending', 'deprioritised', 'backlog', 'queued', 'in_progress', 'packed', 'palletised', 'paused', 'unpaused', 'on_hold', 'cancelled');--> statement-breakpoint
CREATE TYPE "order"."outbox_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "order"."payment_status" AS ENUM('pending', 'processing', 'attempt_failed', 'processed', 'expired');--> statement-breakpoint
CREATE TYPE "order"."plan_type" AS ENUM('full_bowl', 'half_bowl', 'starter_box', 'trial_box');--> statement-breakpoint
CREATE TYPE "order"."rebalancing_status" AS ENUM('not_applicable', 'queued', 'processed');--> statement-breakpoint
CREATE TYPE "order"."shipment_status" AS ENUM('pending', 'delivered');--> statement-breakpoint
CREATE TYPE "order"."topic" AS ENUM('order_created', 'order_paid', 'order_updated', 'shipment_created', 'fulfilment_status_updated', 'order_rebalance_requested', 'post_payment_order_modified', 'address_updated', 'order_lineitem_updated', 'order_bundlelineitem_updated');--> statement-breakpoint
CREATE TABLE "order"."line_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order"."line_items_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"bundle_id" uuid,
	"animal_id" uuid,
	"extra_id" uuid,
	"product_id" uuid NOT NULL,
	"product_variant_id" uuid,
	"plan_type" "order"."plan_type",
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"one_off" boolean DEFAULT false NOT NULL,
	"discounted_price" integer,
	"discount_schedule_application_id" uuid,
	"bundle_line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "line_items_amounts" CHECK ("order"."line_items"."quantity" >= 1 and "order"."line_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order"."order_discounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order"."order_discounts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"subscription_discount_id" uuid,
	"discount_id" uuid NOT NULL,
	"discount_index" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"interval" "order"."discount_interval" NOT NULL,
	"currency_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order"."order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"action" "order"."event_action" NOT NULL,
	"description" text NOT NULL,
	"previous_value" text,
	"current_value" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order"."orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order"."orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"subscription_id" uuid,
	"user_id" uuid NOT NULL,
	"subscription_order_index" integer,
	"shipment_id" uuid,
	"shipment_status" "order"."shipment_status",
	"cart_note" text,
	"billing_date" date NOT NULL,
	"billing_cutoff_date" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"make_date" date NOT NULL,
	"delivery_date" date NOT NULL,
	"timezone" text NOT NULL,
	"total_price" integer NOT NULL,
	"total_charge" integer NOT NULL,
	"payment_status" "order"."payment_status" DEFAULT 'pending' NOT NULL,
	"expected_delivery_slot_id" "order"."delivery_slot" NOT NULL,
	"delivery_note" text,
	"delivery_contact_number" text,
	"rebalancing_status" "order"."rebalancing_status" DEFAULT 'not_applicable' NOT NULL,
	"fulfilment_status" "order"."fulfilment_status" DEFAULT 'pending' NOT NULL,
	"address" jsonb NOT NULL,
	"depot_code" text NOT NULL,
	"facility_id" integer NOT NULL,
	"legacy_order_id" integer,
	"phoenix_toggle" boolean DEFAULT false NOT NULL,
	"shadow_toggle" boolean DEFAULT false NOT NULL,
	"is_on_hold" boolean DEFAULT false NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_totals" CHECK ("order"."orders"."total_price" between 0 and 2147483647 and "order"."orders"."total_charge" between 0 and 2147483647),
	CONSTRAINT "orders_version" CHECK ("order"."orders"."version" >= 1),
	CONSTRAINT "orders_dates" CHECK ("order"."orders"."billing_cutoff_date" < "order"."orders"."billing_date" and "order"."orders"."make_date" < "order"."orders"."delivery_date")
);
--> statement-breakpoint
CREATE TABLE "order"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" "order"."topic" NOT NULL,
	"order_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "order"."outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"delivered_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order"."line_items" ADD CONSTRAINT "line_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order"."order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_items_order" ON "order"."line_items" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "line_items_extra" ON "order"."line_items" USING btree ("extra_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_discounts_once" ON "order"."order_discounts" USING btree ("order_id","discount_id");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order"."order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number" ON "order"."orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_legacy_order_id" ON "order"."orders" USING btree ("legacy_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_delivery" ON "order"."orders" USING btree ("user_id","delivery_date");--> statement-breakpoint
CREATE INDEX "orders_subscription_index" ON "order"."orders" USING btree ("subscription_id","subscription_order_index");--> statement-breakpoint
CREATE INDEX "orders_timezone_billing" ON "order"."orders" USING btree ("timezone","billing_date");--> statement-breakpoint
CREATE INDEX "orders_status_billing" ON "order"."orders" USING btree ("payment_status","billing_date");--> statement-breakpoint
CREATE INDEX "orders_facility_make" ON "order"."orders" USING btree ("facility_id","make_date");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "order"."outbox" USING btree ("next_attempt_at","seq") WHERE "order"."outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_status" ON "order"."outbox" USING btree ("status","seq");