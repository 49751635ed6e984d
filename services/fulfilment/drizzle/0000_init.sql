CREATE SCHEMA "fulfilment";
--> statement-breakpoint
CREATE TYPE "fulfilment"."box_item_type" AS ENUM('meal', 'extra', 'icepack_top', 'icepack_bottom');--> statement-breakpoint
CREATE TYPE "fulfilment"."box_size" AS ENUM('small', 'medium', 'large');--> statement-breakpoint
CREATE TYPE "fulfilment"."extra_category" AS ENUM('treat', 'supplement', 'collateral');--> statement-breakpoint
CREATE TYPE "fulfilment"."job_status" AS ENUM('pending', 'deprioritised', 'backlog', 'queued', 'in_progress', 'packed', 'palletised', 'paused', 'unpaused', 'on_hold', 'cancelled');--> statement-breakpoint
CREATE SEQUENCE "fulfilment"."box_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "fulfilment"."box_items" (
	"box_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "fulfilment"."box_item_type" NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"product_code" text,
	"product_variant_name" text,
	"product_variant_id" uuid,
	"quantity" integer NOT NULL,
	"barcode" text,
	"weight" integer,
	"category" "fulfilment"."extra_category",
	CONSTRAINT "box_items_quantity" CHECK ("fulfilment"."box_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "fulfilment"."boxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fulfilment_id" uuid NOT NULL,
	"box_number" integer NOT NULL,
	"box_count" integer NOT NULL,
	"box_size" "fulfilment"."box_size" NOT NULL,
	"serial_number" text DEFAULT 'PFR' || nextval('fulfilment.box_serial_seq')::text NOT NULL,
	"has_5pm_cutoff" boolean NOT NULL,
	"dispatch_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "boxes_number" CHECK ("fulfilment"."boxes"."box_number" between 1 and "fulfilment"."boxes"."box_count")
);
--> statement-breakpoint
CREATE TABLE "fulfilment"."content_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "fulfilment"."content_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"box_id" uuid NOT NULL,
	"from_version" integer NOT NULL,
	"previous_contents" jsonb NOT NULL,
	"updated_contents" jsonb NOT NULL,
	"reason" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfilment"."fulfilments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"facility_id" integer NOT NULL,
	"make_date" date NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_slot" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"suburb" text NOT NULL,
	"postcode" text NOT NULL,
	"depot_code" text NOT NULL,
	"timezone" text NOT NULL,
	"shipment_id" uuid,
	"is_on_hold" boolean DEFAULT false NOT NULL,
	"is_backlogged" boolean DEFAULT false NOT NULL,
	"status" "fulfilment"."job_status" DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fulfilments_version" CHECK ("fulfilment"."fulfilments"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "fulfilment"."jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fulfilment_id" uuid NOT NULL,
	"box_id" uuid NOT NULL,
	"status" "fulfilment"."job_status" DEFAULT 'pending' NOT NULL,
	"station_id" text,
	"boxing_station_id" text,
	"pnp_worker_id" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfilment"."box_items" ADD CONSTRAINT "box_items_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "fulfilment"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment"."boxes" ADD CONSTRAINT "boxes_fulfilment_id_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "fulfilment"."fulfilments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment"."jobs" ADD CONSTRAINT "jobs_fulfilment_id_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "fulfilment"."fulfilments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment"."jobs" ADD CONSTRAINT "jobs_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "fulfilment"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_items_box_position" ON "fulfilment"."box_items" USING btree ("box_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_serial_number" ON "fulfilment"."boxes" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "boxes_fulfilment" ON "fulfilment"."boxes" USING btree ("fulfilment_id","box_number");--> statement-breakpoint
CREATE INDEX "content_changes_box" ON "fulfilment"."content_changes" USING btree ("box_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_order" ON "fulfilment"."fulfilments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfilments_facility_make" ON "fulfilment"."fulfilments" USING btree ("facility_id","make_date");--> statement-breakpoint
CREATE INDEX "jobs_fulfilment" ON "fulfilment"."jobs" USING btree ("fulfilment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_box" ON "fulfilment"."jobs" USING btree ("box_id");