CREATE TYPE "courier"."outbox_status" AS ENUM('pending', 'delivered', 'failed');--> statement-breakpoint
CREATE TYPE "courier"."topic" AS ENUM('shipment_delivered');--> statement-breakpoint
CREATE TABLE "courier"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "courier"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"topic" "courier"."topic" NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_id" uuid,
	"status" "courier"."outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"delivered_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_due" ON "courier"."outbox" USING btree ("next_attempt_at","seq") WHERE "courier"."outbox"."status" = 'pending';