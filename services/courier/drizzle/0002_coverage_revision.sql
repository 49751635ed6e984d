CREATE TABLE "courier"."coverage_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "courier"."coverage_revision" ("id", "revision") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ADR 008: any write to the coverage, whoever makes it, bumps the revision and notifies in its own
-- transaction (the notification is delivered on commit, never for a rolled-back write).
CREATE FUNCTION "courier"."bump_coverage_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "courier"."coverage_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  PERFORM pg_notify('pawfresh_revision', 'courier.coverage');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "postcodes_bump_coverage_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier"."postcodes" FOR EACH STATEMENT EXECUTE FUNCTION "courier"."bump_coverage_revision"();
--> statement-breakpoint
CREATE TRIGGER "suburbs_bump_coverage_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier"."suburbs" FOR EACH STATEMENT EXECUTE FUNCTION "courier"."bump_coverage_revision"();
--> statement-breakpoint
CREATE TRIGGER "shipping_zones_bump_coverage_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier"."shipping_zones" FOR EACH STATEMENT EXECUTE FUNCTION "courier"."bump_coverage_revision"();
