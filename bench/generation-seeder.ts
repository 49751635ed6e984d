/**
 * The order generation bench's seeder (bench only): `count` active subscriptions copied from one
 * real checkout's subscription — its feeding plans and their meals, its extras and discounts —
 * each with its first order (index 0) and that order's line items, written straight into the
 * subscription and order schemas in multi-row INSERT … SELECT statements (generate_series), a
 * chunk at a time. New ids everywhere (subscription, customer, dog, plan, order); identity
 * columns (seq, order numbers) are left to the database.
 */
import type pg from 'pg';

interface Column {
  name: string;
  identity: boolean;
}

async function columnsOf(sql: pg.Client, schema: string, table: string): Promise<Column[]> {
  const { rows } = await sql.query<{ name: string; identity: string; generated: string }>(
    `select column_name as name, is_identity as identity, is_generated as generated
       from information_schema.columns where table_schema = $1 and table_name = $2
      order by ordinal_position`,
    [schema, table],
  );
  if (rows.length === 0) throw new Error(`No table ${schema}.${table}`);
  return rows
    .filter((r) => r.generated !== 'ALWAYS')
    .map((r) => ({ name: r.name, identity: r.identity === 'YES' }));
}

/**
 * One multi-row INSERT … SELECT: every row of `template` (rows `where`) copied once per seeded
 * subscription (`n` of the chunk's series), with `replace` giving the new value of some columns.
 */
async function copyRows(
  sql: pg.Client,
  schema: string,
  table: string,
  where: string,
  replace: Record<string, string>,
  join = '',
): Promise<number> {
  const columns = (await columnsOf(sql, schema, table)).filter((c) => !c.identity);
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const values = columns.map((c) => replace[c.name] ?? `t."${c.name}"`).join(', ');
  const res = await sql.query(
    `insert into "${schema}"."${table}" (${list})
     select ${values} from "${schema}"."${table}" t cross join bench_seed s ${join} where ${where}`,
  );
  return res.rowCount ?? 0;
}

/** Seeds `count` subscriptions like `templateSubscriptionId`, `chunk` at a time (a transaction each). */
export async function seedSubscriptions(
  sql: pg.Client,
  templateSubscriptionId: string,
  count: number,
  chunk = 10_000,
  onProgress: (seeded: number) => void = () => {},
): Promise<void> {
  const template = `'${templateSubscriptionId}'::uuid`;
  for (let from = 0; from < count; from += chunk) {
    const size = Math.min(chunk, count - from);
    await sql.query('begin');
    await sql.query('drop table if exists bench_seed');
    // The new ids of this chunk: one row per subscription.
    await sql.query(
      `create temp table bench_seed on commit drop as
         select gen_random_uuid() as subscription_id, gen_random_uuid() as user_id,
                gen_random_uuid() as order_id
           from generate_series(1, ${size})`,
    );
    // Each template plan (and dog) gets a new id per subscription.
    await sql.query(
      `create temp table bench_plan on commit drop as
         select s.subscription_id, p.id as template_id, gen_random_uuid() as plan_id,
                gen_random_uuid() as animal_id
           from bench_seed s cross join subscription.feeding_plans p
          where p.subscription_id = ${template}`,
    );
    await copyRows(sql, 'subscription', 'subscriptions', `t.id = ${template}`, {
      id: 's.subscription_id',
      user_id: 's.user_id',
      status: `'active'`,
    });
    await copyRows(
      sql,
      'subscription',
      'feeding_plans',
      `t.subscription_id = ${template}`,
      { id: 'bp.plan_id', subscription_id: 's.subscription_id', animal_id: 'bp.animal_id' },
      'join bench_plan bp on bp.subscription_id = s.subscription_id and bp.template_id = t.id',
    );
    await copyRows(
      sql,
      'subscription',
      'feeding_plan_skus',
      'true',
      { id: 'gen_random_uuid()', feeding_plan_id: 'bp.plan_id' },
      'join bench_plan bp on bp.subscription_id = s.subscription_id and bp.template_id = t.feeding_plan_id',
    );
    for (const table of ['extras', 'subscription_discounts']) {
      await copyRows(sql, 'subscription', table, `t.subscription_id = ${template}`, {
        id: 'gen_random_uuid()',
        subscription_id: 's.subscription_id',
      });
    }
    // The first order (index 0) and its lines, the dogs' lines on the new plan's dog.
    const first = `t.subscription_id = ${template} and t.subscription_order_index = 0`;
    await copyRows(sql, 'order', 'orders', first, {
      id: 's.order_id',
      subscription_id: 's.subscription_id',
      user_id: 's.user_id',
    });
    await copyRows(
      sql,
      'order',
      'line_items',
      `o.subscription_id = ${template} and o.subscription_order_index = 0`,
      {
        id: 'gen_random_uuid()',
        order_id: 's.order_id',
        animal_id: `(select bp.animal_id from bench_plan bp join subscription.feeding_plans p on p.id = bp.template_id
                      where bp.subscription_id = s.subscription_id and p.animal_id = t.animal_id)`,
      },
      'join "order".orders o on o.id = t.order_id',
    );
    await sql.query('commit');
    onProgress(from + size);
  }
  await sql.query('analyze');
}
