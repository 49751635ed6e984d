import { and, asc, desc, eq, inArray, isNull } from '@pawfresh/db/orm';
import type { Payment, PaymentCustomer, PaymentMethod, Refund } from '@pawfresh/contracts/payment';
import { customers, paymentMethods, payments, refunds } from './schema.js';
import { iso, isoOrNull, type PaymentDb } from './payment-db.js';

export type CustomerRow = typeof customers.$inferSelect;
export type MethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export const toPaymentMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  expiryMonth: row.expiryMonth,
  expiryYear: row.expiryYear,
  last4Digits: row.last4Digits,
  default: row.isDefault,
  provider: row.provider,
  providerPaymentMethodId: row.providerPaymentMethodId,
  createdAt: iso(row.createdAt),
});

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

/** A customer's live methods, the default first, then the newest. */
export async function liveMethods(db: PaymentDb, customerId: string): Promise<MethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.removedAt)))
    .orderBy(
      desc(paymentMethods.isDefault),
      desc(paymentMethods.createdAt),
      asc(paymentMethods.id),
    );
}

export async function toCustomer(db: PaymentDb, row: CustomerRow): Promise<PaymentCustomer> {
  const methods = await liveMethods(db, row.id);
  return {
    id: row.id,
    userId: row.userId,
    provider: row.provider,
    providerCustomerId: row.providerCustomerId,
    migratedAt: isoOrNull(row.migratedAt),
    defaultPaymentMethodId: methods.find((m) => m.isDefault)?.id ?? null,
    paymentMethods: methods.map(toPaymentMethod),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function toPayment(db: PaymentDb, row: PaymentRow): Promise<Payment> {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, row.id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
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
    refunds: rows.map(toRefund),
  };
}

export async function findCustomerByUser(db: PaymentDb, userId: string) {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId));
  return row;
}

export async function findPayment(db: PaymentDb, id: string, lock = false) {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findMethods(db: PaymentDb, ids: string[]) {
  return ids.length ? db.select().from(paymentMethods).where(inArray(paymentMethods.id, ids)) : [];
}
