import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from '@pawfresh/db/orm';
import type { Database } from '@pawfresh/db';
import type { LegacyDataSet, LegacyUserRow } from '../seed/legacy-data-set.js';
import type { LegacySource, LegacyUserFilter } from './legacy-source.js';
import {
  legacyAddresses,
  legacyOrderItems,
  legacyOrders,
  legacyPets,
  legacySubscriptions,
  legacyUsers,
  type LegacySchema,
} from './schema.js';

type LegacyDb = Database<LegacySchema>;
type UserRecord = typeof legacyUsers.$inferSelect;

const toUserRow = (row: UserRecord): LegacyUserRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The legacy system's tables in this database's `legacy` schema (the embedded default). */
export function embeddedLegacySource(db: LegacyDb): LegacySource {
  const where = (filter: Pick<LegacyUserFilter, 'cohort' | 'onlyIds' | 'exceptIds'>) => {
    const parts: SQL[] = [];
    if (filter.cohort) parts.push(eq(legacyUsers.cohort, filter.cohort));
    if (filter.onlyIds) parts.push(inArray(legacyUsers.id, filter.onlyIds));
    if (filter.exceptIds?.length) parts.push(notInArray(legacyUsers.id, filter.exceptIds));
    return parts.length ? and(...parts) : undefined;
  };
  return {
    kind: 'embedded',
    async listUsers(filter) {
      if (filter.onlyIds?.length === 0) return { rows: [], total: 0 };
      const condition = where(filter);
      const order = filter.direction === 'asc' ? asc : desc;
      const rows = await db
        .select()
        .from(legacyUsers)
        .where(condition)
        .orderBy(
          ...(filter.orderBy === 'email'
            ? [order(sql`lower(${legacyUsers.email}) collate "C"`), order(legacyUsers.id)]
            : [order(legacyUsers.id)]),
        )
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db.select({ n: count() }).from(legacyUsers).where(condition);
      return { rows: rows.map(toUserRow), total: total?.n ?? 0 };
    },
    async findUsersByEmail(email) {
      const rows = await db
        .select()
        .from(legacyUsers)
        .where(sql`lower(${legacyUsers.email}) = lower(${email})`)
        .orderBy(asc(legacyUsers.id));
      return rows.map(toUserRow);
    },
    async findUser(legacyId) {
      const [row] = await db.select().from(legacyUsers).where(eq(legacyUsers.id, legacyId));
      return row ? toUserRow(row) : undefined;
    },
    async recordsOf(legacyId) {
      // Independent reads at once (a bulk migration reads thousands of customers).
      const [[address], pets, [subscription], orders, orderItems] = await Promise.all([
        db
          .select()
          .from(legacyAddresses)
          .where(eq(legacyAddresses.userId, legacyId))
          .orderBy(asc(legacyAddresses.id))
          .limit(1),
        db
          .select()
          .from(legacyPets)
          .where(eq(legacyPets.userId, legacyId))
          .orderBy(asc(legacyPets.id)),
        db
          .select()
          .from(legacySubscriptions)
          .where(eq(legacySubscriptions.userId, legacyId))
          .orderBy(desc(legacySubscriptions.createdAt), desc(legacySubscriptions.id))
          .limit(1),
        db
          .select()
          .from(legacyOrders)
          .where(eq(legacyOrders.userId, legacyId))
          .orderBy(asc(legacyOrders.id)),
        db
          .select()
          .from(legacyOrderItems)
          .where(
            inArray(
              legacyOrderItems.orderId,
              db
                .select({ id: legacyOrders.id })
                .from(legacyOrders)
                .where(eq(legacyOrders.userId, legacyId)),
            ),
          )
          .orderBy(asc(legacyOrderItems.id)),
      ]);
      return {
        address: address ?? null,
        pets,
        subscription: subscription
          ? {
              ...subscription,
              cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
              createdAt: subscription.createdAt.toISOString(),
            }
          : null,
        orders,
        orderItems,
      };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {},
  };
}

const CHUNK = 2000;

/** A value as SQL literal text (the generated data is ours, but quoted properly all the same). */
const literal = (v: unknown): string =>
  v === null || v === undefined
    ? 'NULL'
    : typeof v === 'number'
      ? String(v)
      : typeof v === 'boolean'
        ? String(v)
        : `'${String(v).replace(/'/g, "''")}'`;

/**
 * Inserts rows as literal multi-row VALUES: one statement per 2,000 rows instead of bound
 * parameters, which takes PGlite five times longer for the 60,000 rows of the full data set.
 */
async function insertRows<T extends object>(
  tx: LegacyDb,
  table: string,
  columns: Record<string, keyof T>,
  rows: T[],
) {
  const names = Object.keys(columns).join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map(
        (row) =>
          `(${Object.values(columns)
            .map((key) => literal(row[key]))
            .join(', ')})`,
      )
      .join(',\n');
    await tx.execute(sql.raw(`insert into legacy.${table} (${names}) values ${values}`));
  }
}

/** How many users the embedded legacy tables hold. */
export async function countEmbeddedLegacyUsers(db: LegacyDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(legacyUsers);
  return row?.n ?? 0;
}

/** Loads a generated data set into the embedded legacy tables, in one transaction. */
export async function loadEmbeddedLegacyData(db: LegacyDb, data: LegacyDataSet): Promise<void> {
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'users',
      {
        id: 'id',
        uuid: 'uuid',
        email: 'email',
        first_name: 'firstName',
        last_name: 'lastName',
        phone: 'phone',
        stripe_customer_id: 'stripeCustomerId',
        is_customer_on_charge_api: 'isCustomerOnChargeApi',
        cohort: 'cohort',
        created_at: 'createdAt',
      },
      data.users,
    );
    await insertRows(
      tx,
      'addresses',
      {
        id: 'id',
        user_id: 'userId',
        line1: 'line1',
        line2: 'line2',
        suburb: 'suburb',
        state: 'state',
        postcode: 'postcode',
        delivery_instructions: 'deliveryInstructions',
      },
      data.addresses,
    );
    await insertRows(
      tx,
      'pets',
      {
        id: 'id',
        user_id: 'userId',
        name: 'name',
        breed: 'breed',
        gender: 'gender',
        neutered: 'neutered',
        date_of_birth: 'dateOfBirth',
        weight_kg: 'weightKg',
        activity_level: 'activityLevel',
        body_condition: 'bodyCondition',
        daily_serving_grams: 'dailyServingGrams',
        recipes: 'recipes',
      },
      data.pets,
    );
    await insertRows(
      tx,
      'subscriptions',
      {
        id: 'id',
        user_id: 'userId',
        status: 'status',
        plan: 'plan',
        cadence: 'cadence',
        delivery_slot: 'deliverySlot',
        paused_until: 'pausedUntil',
        cancelled_at: 'cancelledAt',
        created_at: 'createdAt',
      },
      data.subscriptions,
    );
    await insertRows(
      tx,
      'orders',
      {
        id: 'id',
        user_id: 'userId',
        order_number: 'orderNumber',
        status: 'status',
        delivered_on: 'deliveredOn',
        total_cents: 'totalCents',
      },
      data.orders,
    );
    await insertRows(
      tx,
      'order_items',
      {
        id: 'id',
        order_id: 'orderId',
        recipe: 'recipe',
        pouches: 'pouches',
        price_cents: 'priceCents',
      },
      data.orderItems,
    );
  });
}
