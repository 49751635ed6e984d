CREATE TABLE "payment"."provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "payment"."sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "payment"."provider_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sandbox_events_undelivered_idx" ON "payment"."sandbox_events" USING btree ("created_at") WHERE "payment"."sandbox_events"."delivered_at" is null;