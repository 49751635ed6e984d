CREATE TABLE "payment"."sandbox_outages" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sandbox_outages_mode" CHECK ("payment"."sandbox_outages"."mode" in ('error', 'timeout')),
	CONSTRAINT "sandbox_outages_delay" CHECK ("payment"."sandbox_outages"."delay_ms" >= 0)
);
