CREATE TABLE "order"."customer_revisions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
-- ADR 008: any write to a customer's orders, line items or order discounts, whoever makes it, bumps
-- that customer's revision and notifies `order.customer:<userId>`, in the write's own transaction
-- (delivered on commit, never for a rolled-back write). Statement triggers with transition tables:
-- one upsert per statement however many rows it wrote; customers locked in id order.
CREATE FUNCTION "order"."bump_customer_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT "user_id") INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT "user_id") INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT u) INTO ids
        FROM (SELECT "user_id" AS u FROM new_rows UNION SELECT "user_id" FROM old_rows) AS x;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT o."user_id") INTO ids
        FROM new_rows AS c JOIN "order"."orders" AS o ON o."id" = c."order_id";
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT o."user_id") INTO ids
        FROM old_rows AS c JOIN "order"."orders" AS o ON o."id" = c."order_id";
    ELSE
      SELECT array_agg(DISTINCT o."user_id") INTO ids
        FROM (SELECT "order_id" FROM new_rows UNION SELECT "order_id" FROM old_rows) AS c
        JOIN "order"."orders" AS o ON o."id" = c."order_id";
    END IF;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order"."customer_revisions" AS r ("user_id", "revision")
    SELECT u, 1 FROM unnest(ids) AS u ORDER BY u
    ON CONFLICT ("user_id") DO UPDATE SET "revision" = r."revision" + 1;
  PERFORM pg_notify('pawfresh_revision', 'order.customer:' || u) FROM unnest(ids) AS u;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_insert_bump_customer_revisions" AFTER INSERT ON "order"."orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "orders_update_bump_customer_revisions" AFTER UPDATE ON "order"."orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "orders_delete_bump_customer_revisions" AFTER DELETE ON "order"."orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "line_items_insert_bump_customer_revisions" AFTER INSERT ON "order"."line_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "line_items_update_bump_customer_revisions" AFTER UPDATE ON "order"."line_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "line_items_delete_bump_customer_revisions" AFTER DELETE ON "order"."line_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "order_discounts_insert_bump_customer_revisions" AFTER INSERT ON "order"."order_discounts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "order_discounts_update_bump_customer_revisions" AFTER UPDATE ON "order"."order_discounts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
--> statement-breakpoint
CREATE TRIGGER "order_discounts_delete_bump_customer_revisions" AFTER DELETE ON "order"."order_discounts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order"."bump_customer_revisions"();
