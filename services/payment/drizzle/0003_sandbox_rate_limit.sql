CREATE TABLE "payment"."sandbox_rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"admitted" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"last_admitted" boolean DEFAULT true NOT NULL
);
