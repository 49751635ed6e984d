import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lt } from '@pawfresh/db/orm';
import { iso } from '@pawfresh/db';
import type { ReferenceType, Refund } from '@pawfresh/contracts/payment';
import type { PaymentDb } from './payment-db.js';
import { refunds } from './schema.js';

export type RefundRow = typeof refunds.$inferSelect;

export const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  paymentId: row.paymentId,
  amount: row.amount,
  status: row.status,
  description: row.description,
  providerRefundId: row.providerRefundId,
  createdBy: row.createdBy,
  references:
    row.referenceId && row.referenceType
      ? { referenceId: row.referenceId, referenceType: row.referenceType }
      : null,
  failureReason: row.failureReason,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A payment's refunds, oldest first. */
export async function refundsOfPayment(db: PaymentDb, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The refunds of these payments, oldest first, by payment. */
export async function refundsOfPayments(
  db: PaymentDb,
  paymentIds: readonly string[],
): Promise<Map<string, RefundRow[]>> {
  const byPayment = new Map<string, RefundRow[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const row of rows) {
    const list = byPayment.get(row.paymentId) ?? [];
    list.push(row);
    byPayment.set(row.paymentId, list);
  }
  return byPayment;
}

/** Refunds recorded pending before `before` that the provider never answered (a lost answer). */
export async function pendingRefundsBefore(db: PaymentDb, before: Date): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(500);
}

export async function findRefund(db: PaymentDb, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export interface RefundQuery {
  referenceType?: ReferenceType | undefined;
  referenceId?: string | undefined;
  offset: number;
  count: number;
}

/** One page of refunds, newest first, with how many match in all. */
export async function listRefunds(
  db: PaymentDb,
  query: RefundQuery,
): Promise<{ rows: RefundRow[]; total: number }> {
  const where = and(
    query.referenceType ? eq(refunds.referenceType, query.referenceType) : undefined,
    query.referenceId ? eq(refunds.referenceId, query.referenceId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .offset(query.offset)
      .limit(query.count),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export interface NewRefund {
  paymentId: string;
  amount: number;
  description: string;
  reference: { referenceId: string; referenceType: ReferenceType };
  createdBy: string;
  /** `refund:<Idempotency-Key>`: a re-run after a crash finds this row. */
  requestKey?: string | undefined;
}

/** The refund a keyed request recorded, if an earlier attempt with the key got that far. */
export async function findRefundByRequestKey(
  db: PaymentDb,
  requestKey: string,
): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.requestKey, requestKey));
  return row;
}

/** Records a refund as pending, before the provider hears of it. */
export async function insertPendingRefund(
  tx: PaymentDb,
  refund: NewRefund,
  now: Date,
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      id: randomUUID(),
      paymentId: refund.paymentId,
      amount: refund.amount,
      status: 'pending',
      description: refund.description,
      referenceId: refund.reference.referenceId,
      referenceType: refund.reference.referenceType,
      createdBy: refund.createdBy,
      ...(refund.requestKey ? { requestKey: refund.requestKey } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Inserting a refund returned no row');
  return row;
}

/** The provider's answer on a refund: succeeded with its id, or failed with the reason. */
export async function settleRefund(
  db: PaymentDb,
  id: string,
  outcome: { providerRefundId: string } | { failureReason: string },
  now: Date,
): Promise<RefundRow> {
  const [row] = await db
    .update(refunds)
    .set({
      ...('providerRefundId' in outcome
        ? { status: 'succeeded', providerRefundId: outcome.providerRefundId }
        : { status: 'failed', failureReason: outcome.failureReason }),
      updatedAt: now,
    })
    .where(eq(refunds.id, id))
    .returning();
  if (!row) throw new Error(`Refund ${id} vanished`);
  return row;
}
