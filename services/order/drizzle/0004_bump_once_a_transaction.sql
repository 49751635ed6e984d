-- ADR 008, once a transaction: a customer whose revision this transaction has bumped already (its
-- row's xmin is the transaction's own id) is not bumped again, nor notified again (PostgreSQL
-- would fold the same notification anyway). An order made with its line items and discounts in
-- one transaction bumped its customer on the orders' INSERT; the line items' and discounts'
-- statements found the same customers and wrote their revisions again, row by row (order
-- generation: 40 ms of a 1,250-order batch's 100). A bump made inside a savepoint carries the
-- savepoint's id, so a later statement bumps again: never one too few.
CREATE OR REPLACE FUNCTION "order"."bump_customer_revisions"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  SELECT array_agg(u) INTO ids FROM unnest(ids) AS u
    WHERE NOT EXISTS (
      SELECT 1 FROM "order"."customer_revisions" AS r
        WHERE r."user_id" = u AND r.xmin = pg_current_xact_id()::xid
    );
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order"."customer_revisions" AS r ("user_id", "revision")
    SELECT u, 1 FROM unnest(ids) AS u ORDER BY u
    ON CONFLICT ("user_id") DO UPDATE SET "revision" = r."revision" + 1;
  PERFORM pg_notify('pawfresh_revision', 'order.customer:' || u) FROM unnest(ids) AS u;
  RETURN NULL;
END $$;
