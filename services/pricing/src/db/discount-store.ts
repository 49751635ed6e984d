import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from '@pawfresh/db/orm';
import type {
  Discount,
  DiscountInterval,
  DiscountScheduleInput,
} from '@pawfresh/contracts/pricing';
import {
  discountApplications,
  discountCategories,
  discountFilters,
  discounts,
  discountSchedules,
} from './schema.js';
import { iso, isoOrNull } from '@pawfresh/db';
import { containsPattern, pageWindow, type PricingDb } from './pricing-db.js';
import { appliesToMultipleOrders } from '../rules/discount-schedule.js';
import { defaultRecurring } from '../rules/discount-rules.js';
import { bumpDiscountRevision } from './discount-revision-store.js';

export type DiscountRow = typeof discounts.$inferSelect;

/** Writes a discount and its schedules, applications and filters (in the caller's transaction). */
export async function insertDiscount(
  db: PricingDb,
  values: Omit<typeof discounts.$inferInsert, 'multipleOrder'>,
  scheduleInputs: readonly DiscountScheduleInput[],
): Promise<void> {
  const interval = values.interval as DiscountInterval;
  const schedules = scheduleInputs.map((s) => ({
    id: randomUUID(),
    discountId: values.id,
    orderPosition: s.orderPosition,
    recurring: s.recurring ?? defaultRecurring(interval),
    input: s,
  }));
  await db
    .insert(discounts)
    .values({ ...values, multipleOrder: appliesToMultipleOrders(schedules) });
  const applications = schedules.flatMap((s) =>
    s.input.applications.map((a, position) => ({
      id: randomUUID(),
      scheduleId: s.id,
      position,
      type: a.type,
      value: a.value,
      input: a,
    })),
  );
  const filters = applications.flatMap((a) =>
    a.input.filters.map((f, position) => ({
      id: randomUUID(),
      applicationId: a.id,
      position,
      type: f.type,
      productId: f.productId ?? null,
      productVariantId: f.productVariantId ?? null,
      productType: f.productType ?? null,
      quantity: f.quantity ?? null,
    })),
  );
  await db.insert(discountSchedules).values(schedules.map(({ input: _, ...row }) => row));
  await db.insert(discountApplications).values(applications.map(({ input: _, ...row }) => row));
  await db.insert(discountFilters).values(filters);
  await bumpDiscountRevision(db);
}

/** Discounts with their category and schedules, in the order of `ids`; missing ids are left out. */
export async function loadDiscounts(db: PricingDb, ids: readonly string[]): Promise<Discount[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ discount: discounts, categoryName: discountCategories.name })
    .from(discounts)
    .innerJoin(discountCategories, eq(discountCategories.id, discounts.categoryId))
    .where(inArray(discounts.id, [...ids]));
  const schedules = await db
    .select()
    .from(discountSchedules)
    .where(inArray(discountSchedules.discountId, [...ids]))
    .orderBy(asc(discountSchedules.orderPosition));
  const applications = schedules.length
    ? await db
        .select()
        .from(discountApplications)
        .where(
          inArray(
            discountApplications.scheduleId,
            schedules.map((s) => s.id),
          ),
        )
        .orderBy(asc(discountApplications.position))
    : [];
  const filters = applications.length
    ? await db
        .select()
        .from(discountFilters)
        .where(
          inArray(
            discountFilters.applicationId,
            applications.map((a) => a.id),
          ),
        )
        .orderBy(asc(discountFilters.position))
    : [];

  const filtersOf = groupBy(filters, (f) => f.applicationId);
  const applicationsOf = groupBy(applications, (a) => a.scheduleId);
  const schedulesOf = groupBy(schedules, (s) => s.discountId);
  const byId = new Map(
    rows.map(({ discount: d, categoryName }): [string, Discount] => [
      d.id,
      {
        id: d.id,
        category: { id: d.categoryId, name: categoryName },
        name: d.name,
        description: d.description,
        interval: d.interval,
        currencyCode: 'AUD',
        createdBy: d.createdBy,
        updatedBy: d.updatedBy,
        deletedBy: d.deletedBy,
        createdAt: iso(d.createdAt),
        updatedAt: iso(d.updatedAt),
        disabledAt: isoOrNull(d.disabledAt),
        deletedAt: isoOrNull(d.deletedAt),
        schedules: (schedulesOf.get(d.id) ?? []).map((s) => ({
          id: s.id,
          orderPosition: s.orderPosition,
          recurring: s.recurring,
          applications: (applicationsOf.get(s.id) ?? []).map((a) => ({
            id: a.id,
            type: a.type,
            value: a.value,
            filters: (filtersOf.get(a.id) ?? []).map((f) => ({
              id: f.id,
              type: f.type,
              productId: f.productId,
              productVariantId: f.productVariantId,
              productType: f.productType,
              quantity: f.quantity,
            })),
          })),
        })),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface DiscountListQuery {
  page: number;
  perPage: number;
  orderBy: 'name' | 'category' | 'interval' | 'createdAt' | 'updatedAt';
  direction: 'asc' | 'desc';
  categoryId?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  interval?: DiscountInterval | undefined;
  currencyCode?: 'AUD' | undefined;
  multipleOrder?: boolean | undefined;
  includeDeleted: boolean;
}

export async function listDiscounts(db: PricingDb, query: DiscountListQuery) {
  const { offset, limit } = pageWindow(query.page, query.perPage);
  const where = and(
    query.includeDeleted ? undefined : isNull(discounts.deletedAt),
    query.categoryId ? eq(discounts.categoryId, query.categoryId) : undefined,
    query.name ? ilike(discounts.name, containsPattern(query.name)) : undefined,
    query.description
      ? ilike(discounts.description, containsPattern(query.description))
      : undefined,
    query.interval ? eq(discounts.interval, query.interval) : undefined,
    query.currencyCode ? eq(discounts.currencyCode, query.currencyCode) : undefined,
    query.multipleOrder === undefined
      ? undefined
      : eq(discounts.multipleOrder, query.multipleOrder),
  );
  const column = {
    name: sql`lower(${discounts.name})`,
    category: sql`lower(${discountCategories.name})`,
    interval: discounts.interval,
    createdAt: discounts.createdAt,
    updatedAt: discounts.updatedAt,
  }[query.orderBy];
  const by = query.direction === 'desc' ? desc : asc;
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: discounts.id })
      .from(discounts)
      .innerJoin(discountCategories, eq(discountCategories.id, discounts.categoryId))
      .where(where)
      .orderBy(by(column), asc(discounts.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(discounts).where(where),
  ]);
  const data = await loadDiscounts(
    db,
    page.map((r) => r.id),
  );
  return { data, meta: { total: counted?.n ?? 0, offset, limit } };
}

/** A discount row; `lock` holds it until the transaction ends. */
export async function findDiscountRow(
  db: PricingDb,
  id: string,
  lock = false,
): Promise<DiscountRow | undefined> {
  const query = db.select().from(discounts).where(eq(discounts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateDiscountRow(
  db: PricingDb,
  id: string,
  changes: Partial<typeof discounts.$inferInsert>,
): Promise<void> {
  await db.update(discounts).set(changes).where(eq(discounts.id, id));
  await bumpDiscountRevision(db);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}
