import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from '@pawfresh/db/orm';
import type {
  Promotion,
  PromotionSummary,
  PromotionType,
  PromotionUser,
} from '@pawfresh/contracts/pricing';
import { promotions, promotionUsers } from './schema.js';
import { iso, isoOrNull } from '@pawfresh/db';
import { containsPattern, pageWindow, type PricingDb } from './pricing-db.js';

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionUserRow = typeof promotionUsers.$inferSelect;

export const toPromotionSummary = (row: PromotionRow, uses: number): PromotionSummary => ({
  id: row.id,
  discountId: row.discountId,
  referrerUserId: row.referrerUserId,
  type: row.type,
  value: row.value,
  maxUses: row.maxUses,
  uses,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  deletedBy: row.deletedBy,
  timezone: row.timezone,
  activeAt: isoOrNull(row.activeAt),
  expireAt: isoOrNull(row.expireAt),
  disabledAt: isoOrNull(row.disabledAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  deletedAt: isoOrNull(row.deletedAt),
});

const toPromotionUser = (row: PromotionUserRow): PromotionUser => ({
  id: row.id,
  promotionId: row.promotionId,
  discountId: row.discountId,
  type: row.type,
  userId: row.userId,
  context: row.context,
  appliedAt: iso(row.appliedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A promotion with its users (revoked uses left out) and how many of their attributions count towards maxUses. */
export async function loadPromotion(db: PricingDb, row: PromotionRow): Promise<Promotion> {
  const users = await db
    .select()
    .from(promotionUsers)
    .where(and(eq(promotionUsers.promotionId, row.id), isNull(promotionUsers.revokedAt)))
    .orderBy(asc(promotionUsers.appliedAt), asc(promotionUsers.id));
  const uses = users.filter((u) => u.countsAsUse).length;
  return { ...toPromotionSummary(row, uses), users: users.map(toPromotionUser) };
}

/** A promotion by id, deleted or not; `lock` holds it until the transaction ends. */
export async function findPromotionById(
  db: PricingDb,
  id: string,
  lock = false,
): Promise<PromotionRow | undefined> {
  const query = db.select().from(promotions).where(eq(promotions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The live promotion with this code, whatever its case. */
export async function findPromotionByCode(
  db: PricingDb,
  code: string,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(sql`lower(${promotions.value}) = lower(${code})`, isNull(promotions.deletedAt)));
  return row;
}

/** Attributions that count towards maxUses (revoked ones do not). */
export async function countUses(db: PricingDb, promotionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionUsers)
    .where(
      and(
        eq(promotionUsers.promotionId, promotionId),
        eq(promotionUsers.countsAsUse, true),
        isNull(promotionUsers.revokedAt),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPromotion(
  db: PricingDb,
  values: typeof promotions.$inferInsert,
): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning();
  if (!row) throw new Error('Inserting a promotion returned no row');
  return row;
}

export async function updatePromotionRow(
  db: PricingDb,
  id: string,
  changes: Partial<typeof promotions.$inferInsert>,
): Promise<PromotionRow> {
  const [row] = await db.update(promotions).set(changes).where(eq(promotions.id, id)).returning();
  if (!row) throw new Error(`Promotion ${id} vanished while it was locked`);
  return row;
}

export async function insertPromotionUser(
  db: PricingDb,
  values: typeof promotionUsers.$inferInsert,
): Promise<void> {
  await db.insert(promotionUsers).values(values);
}

/** An attribution by id, revoked or not. */
export async function findPromotionUser(
  db: PricingDb,
  id: string,
): Promise<PromotionUserRow | undefined> {
  const [row] = await db.select().from(promotionUsers).where(eq(promotionUsers.id, id));
  return row;
}

/** Marks an attribution revoked, unless it already is. */
export async function revokePromotionUser(
  db: PricingDb,
  id: string,
  revokedBy: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(promotionUsers)
    .set({ revokedAt: now, revokedBy, updatedAt: now })
    .where(and(eq(promotionUsers.id, id), isNull(promotionUsers.revokedAt)));
}

export interface PromotionListQuery {
  page: number;
  perPage: number;
  orderBy: 'value' | 'type' | 'createdAt' | 'updatedAt' | 'activeAt' | 'expireAt';
  direction: 'asc' | 'desc';
  type?: PromotionType | undefined;
  discountId?: string | undefined;
  referrerUserId?: string | undefined;
  value?: string | undefined;
  timezone?: string | undefined;
  includeDeleted: boolean;
}

export async function listPromotions(db: PricingDb, query: PromotionListQuery) {
  const { offset, limit } = pageWindow(query.page, query.perPage);
  const where = and(
    query.includeDeleted ? undefined : isNull(promotions.deletedAt),
    query.type ? eq(promotions.type, query.type) : undefined,
    query.discountId ? eq(promotions.discountId, query.discountId) : undefined,
    query.referrerUserId ? eq(promotions.referrerUserId, query.referrerUserId) : undefined,
    query.value ? ilike(promotions.value, containsPattern(query.value)) : undefined,
    query.timezone ? eq(promotions.timezone, query.timezone) : undefined,
  );
  const column = {
    value: sql`lower(${promotions.value})`,
    type: promotions.type,
    createdAt: promotions.createdAt,
    updatedAt: promotions.updatedAt,
    activeAt: promotions.activeAt,
    expireAt: promotions.expireAt,
  }[query.orderBy];
  const by = query.direction === 'desc' ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(by(column), asc(promotions.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  const uses = rows.length
    ? await db
        .select({ promotionId: promotionUsers.promotionId, n: count() })
        .from(promotionUsers)
        .where(
          and(
            inArray(
              promotionUsers.promotionId,
              rows.map((r) => r.id),
            ),
            eq(promotionUsers.countsAsUse, true),
            isNull(promotionUsers.revokedAt),
          ),
        )
        .groupBy(promotionUsers.promotionId)
    : [];
  const usesOf = new Map(uses.map((u) => [u.promotionId, u.n]));
  return {
    data: rows.map((r) => toPromotionSummary(r, usesOf.get(r.id) ?? 0)),
    meta: { total: counted?.n ?? 0, offset, limit },
  };
}
