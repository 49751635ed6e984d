import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, lt } from '@pawfresh/db/orm';
import { iso } from '@pawfresh/db';
import type {
  CaptureMethod,
  Payment,
  PaymentProviderName,
  ReferenceType,
} from '@pawfresh/contracts/payment';
import type { PaymentDb } from './payment-db.js';
import { refundsOfPayment, refundsOfPayments, toRefund, type RefundRow } from './refund-store.js';
import { payments } from './schema.js';

export type PaymentRow = typeof payments.$inferSelect;
/** What a move of status may change beside the status. */
export type PaymentChanges = Partial<
  Omit<typeof payments.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>
>;

export async function toPayment(db: PaymentDb, row: PaymentRow): Promise<Payment> {
  return paymentOf(row, await refundsOfPayment(db, row.id));
}

/** Payments with their refunds, read in one query for the lot. */
export async function toPayments(db: PaymentDb, rows: readonly PaymentRow[]): Promise<Payment[]> {
  const refunds = await refundsOfPayments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => paymentOf(row, refunds.get(row.id) ?? []));
}

function paymentOf(row: PaymentRow, refunds: readonly RefundRow[]): Payment {
  return {
    id: row.id,
    userId: row.userId,
    customerId: row.customerId,
    status: row.status,
    amount: row.amount,
    amountCaptured: row.amountCaptured,
    amountRefunded: row.amountRefunded,
    currencyCode: 'AUD',
    captureMethod: row.captureMethod,
    description: row.description,
    reference: { referenceId: row.referenceId, referenceType: row.referenceType },
    paymentMethodId: row.paymentMethodId,
    provider: row.provider,
    providerPaymentIntentId: row.providerPaymentIntentId,
    providerChargeId: row.providerChargeId,
    failureReason: row.failureReason,
    failureCode: row.failureCode,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    refunds: refunds.map(toRefund),
  };
}

/** A payment; `lock` holds its row until the transaction ends. */
export async function findPayment(
  db: PaymentDb,
  id: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The payment a keyed charge made, if an earlier attempt with the key got that far. */
export async function findPaymentByRequestKey(
  db: PaymentDb,
  requestKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.requestKey, requestKey));
  return row;
}

export async function findPaymentOfIntent(
  db: PaymentDb,
  provider: PaymentProviderName,
  intentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentIntentId, intentId)));
  return row;
}

export async function countPaymentsOfCustomer(db: PaymentDb, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.customerId, customerId));
  return row?.n ?? 0;
}

/** What a new payment records: who asked for it, why, and for what. */
export interface NewPayment {
  customer: { id: string; userId: string };
  paymentMethodId: string | null;
  amount: number;
  captureMethod: CaptureMethod;
  provider: PaymentProviderName;
  description: string;
  reference: { referenceId: string; referenceType: ReferenceType };
  createdBy: string;
  /** The idempotency scope and key that created it, when there is one. */
  requestKey?: string | undefined;
}

/** Records a payment as pending, before the provider hears of it (charges and intents alike). */
export async function insertPendingPayment(
  db: PaymentDb,
  input: NewPayment,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({
      id: randomUUID(),
      customerId: input.customer.id,
      userId: input.customer.userId,
      paymentMethodId: input.paymentMethodId,
      status: 'pending',
      amount: input.amount,
      captureMethod: input.captureMethod,
      provider: input.provider,
      description: input.description,
      referenceId: input.reference.referenceId,
      referenceType: input.reference.referenceType,
      createdBy: input.createdBy,
      ...(input.requestKey ? { requestKey: input.requestKey } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Inserting a payment returned no row');
  return row;
}

/**
 * Changes a payment's columns (its status only through a checked move). With `now` it is marked
 * updated; without, `updatedAt` stays (a capture's in-progress marker, a released refund
 * reservation: bookkeeping, not a change the caller made).
 */
export async function updatePayment(
  db: PaymentDb,
  id: string,
  changes: PaymentChanges & { status?: PaymentRow['status'] },
  now?: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...changes, ...(now ? { updatedAt: now } : {}) })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`Payment ${id} vanished`);
  return row;
}

export interface PaymentQuery {
  userId?: string | undefined;
  referenceType?: ReferenceType | undefined;
  referenceId?: string | undefined;
  offset: number;
  count: number;
}

/** One page of payments, newest first, with how many match in all. */
export async function listPayments(
  db: PaymentDb,
  query: PaymentQuery,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const where = and(
    query.userId ? eq(payments.userId, query.userId) : undefined,
    query.referenceType ? eq(payments.referenceType, query.referenceType) : undefined,
    query.referenceId ? eq(payments.referenceId, query.referenceId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(query.offset)
      .limit(query.count),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The newest payment of each of these references (one order's or line item's), if any. */
export async function latestPaymentsOf(
  db: PaymentDb,
  referenceType: PaymentRow['referenceType'],
  referenceIds: readonly string[],
): Promise<PaymentRow[]> {
  return db
    .selectDistinctOn([payments.referenceId])
    .from(payments)
    .where(
      and(
        eq(payments.referenceType, referenceType),
        inArray(payments.referenceId, [...referenceIds]),
      ),
    )
    .orderBy(payments.referenceId, desc(payments.createdAt), desc(payments.id));
}

/** Payments with a call to the provider started before `before` and never answered. */
export async function paymentsWithCallsStartedBefore(
  db: PaymentDb,
  before: Date,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.callStartedAt), lt(payments.callStartedAt, before)))
    .limit(500);
}

/** The payments of these ids (for matching the provider's intents by their metadata). */
export async function findPayments(db: PaymentDb, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]));
}
