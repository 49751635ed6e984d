CREATE SCHEMA "courier";
--> statement-breakpoint
CREATE TYPE "courier"."courier_event_type" AS ENUM('delivery_completed', 'delivery_scheduled', 'delivery_exception', 'unknown_event_received');--> statement-breakpoint
CREATE TYPE "courier"."shipment_status" AS ENUM('pending', 'delivered');--> statement-breakpoint
CREATE SEQUENCE "courier"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "courier"."courier_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_type" "courier"."courier_event_type" NOT NULL,
	"tracking_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"payload" jsonb NOT NULL,
	"event_hash" text NOT NULL,
	"shipment_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_events_event_hash_unique" UNIQUE("event_hash")
);
--> statement-breakpoint
CREATE TABLE "courier"."postcodes" (
	"postcode" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"depot_code" text NOT NULL,
	"facility_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier"."shipments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"status" "courier"."shipment_status" DEFAULT 'pending' NOT NULL,
	"invoice_number" text NOT NULL,
	"tracking_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"delivery_address" jsonb NOT NULL,
	"delivery_contact_name" text NOT NULL,
	"delivery_contact_number" text,
	"delivery_contact_email" text NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_instructions" text NOT NULL,
	"delivery_time_window_start" text NOT NULL,
	"delivery_time_window_end" text NOT NULL,
	"make_date" date NOT NULL,
	"dispatch_date" date,
	"boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "courier"."shipments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "shipments_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "shipments_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "courier"."shipping_zones" (
	"id" integer PRIMARY KEY NOT NULL,
	"depot_code" text NOT NULL,
	"depot_name" text NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"cost" integer NOT NULL,
	"custom_cost" integer,
	"delivery_days" integer[] NOT NULL,
	"slots" integer NOT NULL,
	"created_time_utc" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier"."suburbs" (
	"postcode" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"depot_code" text NOT NULL,
	"distance_km" double precision NOT NULL,
	"shipping_zone_id" integer NOT NULL,
	"within_radius" boolean NOT NULL,
	"is_serviceable_override" boolean,
	"custom_cost" integer,
	CONSTRAINT "suburbs_postcode_suburb_pk" PRIMARY KEY("postcode","suburb")
);
--> statement-breakpoint
ALTER TABLE "courier"."suburbs" ADD CONSTRAINT "suburbs_shipping_zone_id_shipping_zones_id_fk" FOREIGN KEY ("shipping_zone_id") REFERENCES "courier"."shipping_zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_events_invoice_idx" ON "courier"."courier_events" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "shipments_created_at_idx" ON "courier"."shipments" USING btree ("created_at");