import { and, eq, gte, inArray, lt, sql } from '@pawfresh/db/orm';
import type { PaymentDb } from './payment-db.js';
import { payments, refunds } from './schema.js';

/**
 * Payments created in [from, to) that reached an outcome, how many failed and what the processed
 * ones captured; refunds that succeeded in the same period (the staff home dashboard). The
 * indexes `payments_created_at` and `refunds_created_at` answer them.
 */
export async function paymentStats(db: PaymentDb, from: Date, to: Date) {
  const [charges] = await db
    .select({
      attempts: sql<number>`count(*)::int`,
      failedAttempts: sql<number>`(count(*) filter (where ${payments.status} = 'attempt_failed'))::int`,
      charged: sql<number>`coalesce(sum(${payments.amountCaptured}) filter (where ${payments.status} = 'processed'), 0)::bigint`,
    })
    .from(payments)
    .where(
      and(
        gte(payments.createdAt, from),
        lt(payments.createdAt, to),
        inArray(payments.status, ['processed', 'attempt_failed']),
      ),
    );
  const [back] = await db
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(
      and(gte(refunds.createdAt, from), lt(refunds.createdAt, to), eq(refunds.status, 'succeeded')),
    );
  return {
    attempts: Number(charges!.attempts),
    failedAttempts: Number(charges!.failedAttempts),
    charged: Number(charges!.charged),
    refunded: Number(back!.refunded),
  };
}
