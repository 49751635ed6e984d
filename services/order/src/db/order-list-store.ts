// The staff list of orders, and each order's JSON as PostgreSQL writes it (ADR 012; docs/orders.md
// "Staff lists").
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  gte,
  lte,
  sql,
  type Column,
  type Placeholder,
  type SQL,
} from '@pawfresh/db/orm';
import { asJsonText, jsonMembersOf, jsonTextOf } from '@pawfresh/db';
import {
  ORDER_LIST_COUNT_CAP,
  lineItemSchema,
  orderAddressSchema,
  orderDiscountSchema,
  orderSchema,
  type OrderListQuery,
} from '@pawfresh/contracts/order';
import { displayType, type DisplayState } from '../rules/display-type.js';
import { customerRevisions, lineItems, orderDiscounts, orders } from './schema.js';
import type { OrderDb } from './order-store.js';

/** The list's filters, in the order their conditions are written. */
const LIST_FILTERS = [
  'status',
  'userId',
  'subscriptionId',
  'orderNumber',
  'timezone',
  'billingDate',
  'billingDateRangeStart',
  'billingDateRangeEnd',
] as const;
type ListFilters = Pick<OrderListQuery, (typeof LIST_FILTERS)[number]>;

/**
 * The list's conditions for the filters given, each value a placeholder of the filter's name
 * (`pageValues` fills them).
 */
function listConditions(q: ListFilters) {
  const v = (key: keyof ListFilters) => sql.placeholder(key);
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(orders.paymentStatus, v('status')));
  if (q.userId) conditions.push(eq(orders.userId, v('userId')));
  if (q.subscriptionId) conditions.push(eq(orders.subscriptionId, v('subscriptionId')));
  if (q.orderNumber) conditions.push(eq(orders.orderNumber, v('orderNumber')));
  if (q.timezone) conditions.push(eq(orders.timezone, v('timezone')));
  if (q.billingDate) conditions.push(eq(orders.billingDate, v('billingDate')));
  if (q.billingDateRangeStart) {
    conditions.push(gte(orders.billingDate, v('billingDateRangeStart')));
  }
  if (q.billingDateRangeEnd) conditions.push(lte(orders.billingDate, v('billingDateRangeEnd')));
  return conditions.length ? and(...conditions) : undefined;
}

const listOrder = (q: OrderListQuery) => {
  const dir = q.direction === 'DESC' ? desc : asc;
  return q.orderBy === 'deliveryDate'
    ? [dir(orders.deliveryDate), dir(orders.orderNumber)]
    : [dir(orders.orderNumber)];
};

/** How many matching orders a page counts at most: the total is capped past the page's offset. */
const countLimitOf = (q: OrderListQuery) => q.offset + ORDER_LIST_COUNT_CAP;

/** The orders that match, up to `countLimitOf` them (from an index alone). */
const matching = (db: OrderDb, where: SQL, countLimit: Placeholder) =>
  db
    .select({ one: sql`1`.as('one') })
    .from(orders)
    .where(where)
    .limit(countLimit)
    .as('matching');

type JsonValue = Parameters<typeof jsonMembersOf>[0][string];

/**
 * The members of a contract object (its zod shape's keys, in their order), each from the column
 * of the same name or a value given for it; a key with neither is a mistake, found when the
 * statement is built.
 */
function contractMembers(
  keys: readonly string[],
  columns: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, JsonValue>> = {},
): Record<string, JsonValue> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = values[key] ?? (columns[key] as JsonValue | undefined);
      if (value === undefined) throw new Error(`No column or value for the contract's ${key}`);
      return [key, value];
    }),
  );
}

const ORDER_KEYS = Object.keys(orderSchema.shape);
/** The order's members before and after its display type (worked out in Node: `displayType`). */
const HEAD_KEYS = ORDER_KEYS.slice(0, ORDER_KEYS.indexOf('displayType'));
const TAIL_KEYS = ORDER_KEYS.slice(ORDER_KEYS.indexOf('displayType') + 1);
const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);

/**
 * A jsonb object as a JSON object of these keys, in this order (others left out, a missing one
 * `null`): a jsonb scalar's text is its JSON.
 */
const jsonbMembers = (keys: readonly string[], value: SQL) =>
  jsonTextOf(
    Object.fromEntries(
      keys.map((k) => [
        k,
        asJsonText(sql`coalesce((${value}->${sql.raw(`'${k}'`)})::text, 'null')`),
      ]),
    ),
  );

/** An array's JSON text from rows aggregated in `order` (`[]` for none). */
const jsonArrayOf = (element: SQL, order: SQL | Column) =>
  sql<string>`coalesce('[' || string_agg(${element}, ',' order by ${order}) || ']', '[]')`;

/**
 * An order's JSON as the contract writes it (`toOrder`'s, key for key), but for its display type,
 * from its row (`o`: the columns of the table or of a subquery of it) and its line items' and
 * discounts' JSON arrays: `head` ends before `displayType`, `tail` starts after it.
 */
function orderJsonParts(o: Readonly<Record<string, unknown>>, items: SQL, discounts: SQL) {
  const values = {
    address: asJsonText(jsonbMembers(keysOf(orderAddressSchema), sql`${o.address}`)),
    orderLineItems: asJsonText(items),
    metadata: asJsonText(jsonTextOf(contractMembers(keysOf(orderSchema.shape.metadata), o))),
    discounts: asJsonText(discounts),
  };
  return {
    head: jsonMembersOf(contractMembers(HEAD_KEYS, o, values)),
    tail: jsonMembersOf(contractMembers(TAIL_KEYS, o, values)),
  };
}

/** A line item's JSON as the contract writes it (`toOrder`'s). */
const lineItemJson = jsonTextOf(
  contractMembers(keysOf(lineItemSchema), getTableColumns(lineItems), {
    // Most have none: a function scan per line item cost PostgreSQL more than all the rest.
    bundleLineItems: asJsonText(
      sql`case when jsonb_array_length(${lineItems.bundleLineItems}) = 0 then '[]' else
        (select ${jsonArrayOf(jsonbMembers(keysOf(lineItemSchema.shape.bundleLineItems.element), sql`b.value`), sql`b.n`)}
        from jsonb_array_elements(${lineItems.bundleLineItems}) with ordinality as b(value, n)) end`,
    ),
  }),
);

/** An order discount's JSON as the contract writes it (`toOrder`'s). */
const discountJson = jsonTextOf(
  contractMembers(keysOf(orderDiscountSchema), getTableColumns(orderDiscounts)),
);

/** What an order's display type depends on (`displayType`), as its JSON row answers it. */
export type OrderJsonState = DisplayState;

/** An order on a page: its customer, and their revision (ADR 008) in the page's snapshot. */
export interface OrderRef {
  id: string;
  userId: string;
  /** It changes with any write to any of the customer's orders, line items or discounts. */
  revision: number;
}

/** An order as the contract's JSON but for its display type, and the revision it was read at. */
export interface OrderJsonRow extends OrderRef {
  /** The members before `displayType`, and after it (`orderJson`). */
  head: string;
  tail: string;
  state: OrderJsonState;
}

/** A customer's revision, 0 before the first write to their orders. */
const revisionOf = sql<number>`coalesce(${customerRevisions.revision}, 0)`.mapWith(Number);

/**
 * The query of a page's orders, without their content, one row: filtered, sorted, offset and
 * limited from an index alone for the staff list's three forms (docs/orders.md "Staff lists"),
 * then only those rows' ids and customers read, with each customer's revision, as one JSON array
 * of `[id, userId, revision]` in the page's order (one value for Drizzle to map, not 300), and
 * the total (capped, counted from the index). Its values are placeholders (`pageValues`): the
 * statement `plansOf` prepares per shape, and the bench explains (`listStatementsBound`).
 */
function orderPageQuery(db: OrderDb, q: OrderListQuery) {
  const where = listConditions(q) ?? sql`true`;
  const numbers = db
    .select({ orderNumber: sql<number>`${orders.orderNumber}`.as('page_order_number') })
    .from(orders)
    .where(where)
    .orderBy(...listOrder(q))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('numbers');
  const countLimit = sql.placeholder('countLimit');
  return db
    .select({
      refs: sql<[string, string, number][] | null>`json_agg(json_build_array(${orders.id},
        ${orders.userId}, ${revisionOf}) order by ${sql.join(listOrder(q), sql`, `)})`,
      total: sql<number>`(select count(*) from ${matching(db, where, countLimit)})`.mapWith(Number),
    })
    .from(numbers)
    .innerJoin(orders, eq(orders.orderNumber, numbers.orderNumber))
    .leftJoin(customerRevisions, eq(customerRevisions.userId, orders.userId));
}

/**
 * The query of orders by id as the contract's JSON (ADR 012), one statement (the bench explains
 * it): the rows, each with its customer's revision; their line items and discounts, each in one
 * index scan for all the ids (`= any(…)`), aggregated per order as a JSON array's text; each
 * order written by PostgreSQL (`orderJsonParts`) but for its display type, which needs the clock
 * and the rule in Node. The ids are the placeholder `ids`.
 */
function orderJsonQuery(db: OrderDb) {
  const idList = sql.placeholder('ids');
  const rows = db.$with('rows').as(
    db
      .select({ ...getTableColumns(orders), revision: revisionOf.as('revision') })
      .from(orders)
      .leftJoin(customerRevisions, eq(customerRevisions.userId, orders.userId))
      .where(sql`${orders.id} = any(${idList}::uuid[])`),
  );
  const rowIds = sql`any(array(select ${rows.id} from ${rows}))`;
  const items = db.$with('items').as(
    db
      .select({
        orderId: lineItems.orderId,
        list: jsonArrayOf(lineItemJson, lineItems.seq).as('items'),
      })
      .from(lineItems)
      .where(sql`${lineItems.orderId} = ${rowIds}`)
      .groupBy(lineItems.orderId),
  );
  const discounts = db.$with('discounts').as(
    db
      .select({
        orderId: orderDiscounts.orderId,
        list: jsonArrayOf(discountJson, orderDiscounts.seq).as('discounts'),
      })
      .from(orderDiscounts)
      .where(sql`${orderDiscounts.orderId} = ${rowIds}`)
      .groupBy(orderDiscounts.orderId),
  );
  const rowColumns = Object.fromEntries(
    Object.keys(getTableColumns(orders)).map((key) => [key, rows[key as keyof typeof rows]]),
  );
  const { head, tail } = orderJsonParts(
    rowColumns,
    sql`coalesce(${items.list}, '[]')`,
    sql`coalesce(${discounts.list}, '[]')`,
  );
  return db
    .with(rows, items, discounts)
    .select({
      id: rows.id,
      userId: rows.userId,
      revision: sql<number>`${rows.revision}`.mapWith(Number),
      head: head.as('head'),
      tail: tail.as('tail'),
      // What the display type depends on in one column: Drizzle maps each column of each row
      // with more CPU than the driver's JSON.parse of a small object takes.
      state: sql<OrderJsonState>`${jsonTextOf({
        paymentStatus: rows.paymentStatus,
        fulfilmentStatus: rows.fulfilmentStatus,
        shipmentStatus: rows.shipmentStatus,
        isCancelled: rows.isCancelled,
        makeDate: rows.makeDate,
        deliveryDate: rows.deliveryDate,
        timezone: rows.timezone,
      })}::json`.as('state'),
    })
    .from(rows)
    .leftJoin(items, eq(items.orderId, rows.id))
    .leftJoin(discounts, eq(discounts.orderId, rows.id));
}

/** An order's JSON from its row (`orderJsonQuery`), its display type read at `now`. */
export const orderJson = ({ head, tail, state }: OrderJsonRow, now: Date) =>
  `{${head},"displayType":${JSON.stringify(displayType(state, now))},${tail}}`;

/** The values of `orderPageQuery`'s placeholders for a query. */
const pageValues = (q: OrderListQuery) => ({
  ...Object.fromEntries(LIST_FILTERS.flatMap((key) => (q[key] ? [[key, q[key]]] : []))),
  offset: q.offset,
  limit: q.limit,
  countLimit: countLimitOf(q),
});

type PagePlan = ReturnType<ReturnType<typeof orderPageQuery>['prepare']>;
type JsonPlan = ReturnType<ReturnType<typeof orderJsonQuery>['prepare']>;
const plans = new WeakMap<OrderDb, { pages: Map<string, PagePlan>; json: JsonPlan }>();

/**
 * The statements built once per database (and, for pages, per shape: the filters given, the
 * sort), then run with each request's values: building their SQL with drizzle cost more CPU than
 * PostgreSQL spent running it (docs/orders.md "Staff lists"). Drizzle's `prepare` keeps the built
 * SQL; the statement's name is the empty one, PostgreSQL's unnamed statement, so the server still
 * plans each execution with its values, as it did for the built statement.
 */
function plansOf(db: OrderDb) {
  let kept = plans.get(db);
  if (!kept) {
    kept = { pages: new Map(), json: orderJsonQuery(db).prepare('') };
    plans.set(db, kept);
  }
  return kept;
}

/** A page's orders (`orderPageQuery`: ids, customers, their revisions) and the total. */
export async function listOrderPageRefs(
  db: OrderDb,
  q: OrderListQuery,
): Promise<{ rows: OrderRef[]; total: number; totalCapped: boolean }> {
  const { pages } = plansOf(db);
  const shape = [...LIST_FILTERS.filter((key) => q[key]), q.orderBy, q.direction].join(' ');
  let plan = pages.get(shape);
  if (!plan) pages.set(shape, (plan = orderPageQuery(db, q).prepare('')));
  const [{ refs, total } = { refs: null, total: 0 }] = await plan.execute(pageValues(q));
  return {
    rows: (refs ?? []).map(([id, userId, revision]) => ({ id, userId, revision })),
    total,
    totalCapped: total >= countLimitOf(q),
  };
}

/**
 * The staff list's two statements as the route runs them, with a query's values and these ids
 * filled in: what the bench explains (`bench/orders.bench.ts`).
 */
export function listStatementsBound(db: OrderDb, q: OrderListQuery, ids: readonly string[]) {
  const bound = ({ sql: text, params }: { sql: string; params: unknown[] }, values: object) => ({
    sql: text,
    params: fillPlaceholders(params, values as Record<string, unknown>),
  });
  return {
    page: bound(orderPageQuery(db, q).toSQL(), pageValues(q)),
    json: bound(orderJsonQuery(db).toSQL(), { ids: [...ids] }),
  };
}

/** Orders by id as the contract's JSON (`orderJsonQuery`), those that exist, in no order. */
export async function orderJsonRows(db: OrderDb, ids: readonly string[]): Promise<OrderJsonRow[]> {
  if (ids.length === 0) return [];
  return plansOf(db).json.execute({ ids: [...ids] });
}
