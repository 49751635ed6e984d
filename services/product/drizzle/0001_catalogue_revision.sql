CREATE TABLE "product"."catalogue_revision" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" uuid DEFAULT gen_random_uuid() NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone,
	CONSTRAINT "catalogue_revision_single_row" CHECK ("product"."catalogue_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "product"."catalogue_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;
