/**
 * The orders bench's seeder (bench only): `count` orders of 20,000 customers, each customer's
 * boxes billed fortnightly (so 50 each over two years for 1,000,000), in one of five depots and
 * their zones, each order with its line items (two meal plans, an extra every second order) and
 * a discount every fifth order, written straight into the order schema by multi-row
 * `INSERT … SELECT generate_series`, `batch` orders a statement. Payment statuses cycle through all
 * five. Then `VACUUM ANALYZE`, as autovacuum leaves a table that grew (PostgreSQL 13+ vacuums after
 * inserts too): fresh statistics and the visibility map.
 */
import type pg from 'pg';

const CUSTOMERS = 20_000;
/** The customer whose orders the bench lists (one of the 20,000). */
export const BENCH_USER_ID = '00000000-0000-4000-8000-000000000abc';

/** An order's address (the order schema's `address` column), as JSON. */
export const BENCH_ADDRESS = JSON.stringify({
  addressId: '00000000-0000-4000-8000-000000000000',
  firstName: 'Bench',
  lastName: 'Customer',
  address1: '1 Bench Street',
  address2: null,
  suburb: 'Richmond',
  city: null,
  state: 'VIC',
  postcode: '3121',
  countryCode: 'AU',
  companyName: null,
  timezone: 'Australia/Melbourne',
});

const ZONES = `(array['Australia/Melbourne','Australia/Sydney','Australia/Brisbane','Australia/Perth','Australia/Adelaide'])`;
const DEPOTS = `(array['MEL','SYD','BNE','PER','ADL'])`;
const STATUSES = `(array['pending','processing','attempt_failed','processed','expired'])`;

export async function seedOrders(
  client: pg.Client,
  count: number,
  batch = 50_000,
  onProgress: (seeded: number) => void = () => {},
): Promise<void> {
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch) - 1;
    // Order i belongs to customer u = i % CUSTOMERS, the k = i / CUSTOMERS th of theirs: billed
    // fortnightly from day u % 14 of 2025, in the zone and depot of the customer.
    await client.query(`
      with src as (
        select i, gen_random_uuid() as id, u, date '2025-01-01' + (u % 14 + 14 * (i / ${CUSTOMERS})) as d
        from generate_series(${from}, ${to}) as i, lateral (select i % ${CUSTOMERS} as u) as customer
      ),
      made as (
        insert into "order"."orders" (id, user_id, billing_cutoff_date, billing_date, cutoff_at,
          make_date, delivery_date, timezone, total_price, total_charge, payment_status,
          expected_delivery_slot_id, address, depot_code, facility_id, created_at, updated_at)
        select id, ('00000000-0000-4000-8000-' || lpad(to_hex(u), 12, '0'))::uuid,
          d - 1, d, (d - 1)::timestamp + interval '6 hours', d + 2, d + 3,
          ${ZONES}[1 + u % 5], 30000, 28000,
          ${STATUSES}[1 + (i / 7) % 5]::"order"."payment_status",
          'AM', '${BENCH_ADDRESS}'::jsonb, ${DEPOTS}[1 + u % 5], 1 + u % 2, now(), now()
        from src
      ),
      items as (
        insert into "order"."line_items" (id, order_id, animal_id, extra_id, product_id,
          product_variant_id, plan_type, price, quantity)
        select gen_random_uuid(), src.id,
          case when n < 3 then ('00000000-0000-4000-9000-' || lpad(to_hex(u * 2 + n), 12, '0'))::uuid end,
          case when n = 3 then '00000000-0000-4000-a000-000000000003'::uuid end,
          ('00000000-0000-4000-b000-00000000000' || n)::uuid,
          ('00000000-0000-4000-b000-00000000001' || n)::uuid,
          case when n < 3 then 'full_bowl'::"order"."plan_type" end,
          case when n < 3 then 875 else 1495 end, case when n < 3 then 14 else 1 end
        from src, generate_series(1, 3) as n
        where n < 3 or i % 2 = 0
      )
      insert into "order"."order_discounts" (id, order_id, discount_id, discount_index, name,
        interval, currency_code)
      select gen_random_uuid(), id, '00000000-0000-4000-a000-000000000001', 0, 'Bench 10% off',
        'recurring', 'AUD'
      from src where i % 3 = 0`);
    onProgress(to + 1);
  }
  await client.query('vacuum analyze "order"."orders"');
  await client.query('vacuum analyze "order"."line_items"');
  await client.query('vacuum analyze "order"."order_discounts"');
}
