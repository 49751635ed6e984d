CREATE SCHEMA "audit";
--> statement-breakpoint
CREATE TYPE "audit"."actor_role" AS ENUM('customer', 'support', 'operations', 'marketing', 'admin');--> statement-breakpoint
CREATE TYPE "audit"."actor_type" AS ENUM('staff', 'customer', 'workflow', 'service');--> statement-breakpoint
CREATE TABLE "audit"."audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" "audit"."actor_type" NOT NULL,
	"actor_user_id" uuid,
	"actor_role" "audit"."actor_role",
	"actor_name" text,
	"action" text NOT NULL,
	"permission" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"customer_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_customer_idx" ON "audit"."audit_events" USING btree ("customer_id","at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit"."audit_events" USING btree ("actor_user_id","at" DESC NULLS LAST);