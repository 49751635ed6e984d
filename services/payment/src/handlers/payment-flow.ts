import { randomUUID } from 'node:crypto';
import { eq } from '@pawfresh/db/orm';
import { HttpError, conflict, notFound } from '@pawfresh/kit';
import type { CaptureMethod, PaymentStatus, ReferenceType } from '@pawfresh/contracts/payment';
import { payments } from '../db/schema.js';
import { findPayment, type PaymentRow } from '../db/views.js';
import type { PaymentDb } from '../db/payment-db.js';
import type { ProviderIntent } from '../provider/payment-provider.js';
import { requirePaymentMove } from '../rules/payment-status.js';
import { formatCents } from '../rules/money.js';
import { providerProblem } from './provider-errors.js';
import type { PaymentDeps } from './deps.js';

export const paymentNotFound = (id: string) => notFound(`Payment ${id} not found`);

/**
 * Moves a payment to a new status (checked by canMovePaymentStatus) with other changes, under a
 * row lock, so two requests never both make the same move.
 */
export async function movePayment(
  db: PaymentDb,
  now: Date,
  id: string,
  to: PaymentStatus,
  changes: Partial<typeof payments.$inferInsert> = {},
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const current = await findPayment(tx, id, true);
    if (!current) throw paymentNotFound(id);
    if (current.status !== to) requirePaymentMove(id, current.status, to);
    const [row] = await tx
      .update(payments)
      .set({ ...changes, status: to, updatedAt: now })
      .where(eq(payments.id, id))
      .returning();
    if (!row) throw new Error(`Payment ${id} vanished while locked`);
    return row;
  });
}

/** What an attempt's outcome at the provider means for our payment. */
export interface Settled {
  row: PaymentRow;
  /** The card was declined or needs the customer: the caller says so with its own status. */
  failure?: { code: string; declineCode?: string | undefined; message: string };
}

export const authenticationMessage =
  'This card needs the customer to authenticate the payment (3-D Secure): ask them to pay on session or use another card.';

/** Records the provider's answer to an attempt (charge or confirm) on a processing payment. */
export async function settleAttempt(
  deps: PaymentDeps,
  payment: PaymentRow,
  intent: ProviderIntent,
): Promise<Settled> {
  const now = deps.clock.now();
  const base = {
    providerPaymentIntentId: intent.id,
    providerChargeId: intent.chargeId,
  };
  switch (intent.status) {
    case 'succeeded':
      return {
        row: await movePayment(deps.db, now, payment.id, 'processed', {
          ...base,
          amountCaptured: intent.amountReceived,
          failureCode: null,
          failureReason: null,
        }),
      };
    case 'requires_capture':
    case 'processing':
      return {
        row: await movePayment(deps.db, now, payment.id, 'processing', {
          ...base,
          failureCode: null,
          failureReason: null,
        }),
      };
    case 'requires_action': {
      const failure = { code: 'authentication_required', message: authenticationMessage };
      return {
        row: await movePayment(deps.db, now, payment.id, 'attempt_failed', {
          ...base,
          failureCode: failure.code,
          failureReason: failure.message,
        }),
        failure,
      };
    }
    case 'canceled':
      return { row: await movePayment(deps.db, now, payment.id, 'expired', base) };
    default: {
      const failure = intent.lastError ?? {
        code: 'card_declined',
        message: 'Your card was declined.',
      };
      return {
        row: await movePayment(deps.db, now, payment.id, 'attempt_failed', {
          ...base,
          failureCode: failure.declineCode ?? failure.code,
          failureReason: failure.message,
        }),
        failure,
      };
    }
  }
}

/** The failure's words with the status the route answers (402 charge, 422 confirm). */
export function declined(
  status: 402 | 422,
  settled: Settled & { failure: NonNullable<Settled['failure']> },
  extra: Record<string, unknown> = {},
) {
  return new HttpError(status, settled.failure.message, {
    type: settled.failure.code === 'authentication_required' ? 'requires_action' : 'card_declined',
    details: {
      paymentId: settled.row.id,
      status: settled.row.status,
      code: settled.failure.code,
      ...(settled.failure.declineCode ? { declineCode: settled.failure.declineCode } : {}),
      ...extra,
    },
  });
}

/**
 * Captures an authorised payment: marked as being captured under its row lock (so two captures
 * never both reach the provider), captured there with the caller's key, then processed.
 */
export async function capturePayment(
  deps: PaymentDeps,
  paymentId: string,
  amount: number | undefined,
  idempotencyKey: string,
): Promise<{ row: PaymentRow; intent: ProviderIntent }> {
  const { db, clock, provider } = deps;
  const payment = await db.transaction(async (tx) => {
    const row = await findPayment(tx, paymentId, true);
    if (!row) throw paymentNotFound(paymentId);
    if (
      row.status !== 'processing' ||
      row.captureMethod !== 'manual' ||
      !row.providerPaymentIntentId
    ) {
      throw conflict(
        `Payment ${paymentId} is ${row.status}${row.captureMethod === 'automatic' ? ' (captured automatically)' : ''}: only an authorised payment waiting for capture can be captured`,
        { status: row.status },
      );
    }
    if (row.captureStartedAt) {
      throw conflict(`Payment ${paymentId} is already being captured`, { status: row.status });
    }
    if (amount !== undefined && amount > row.amount) {
      throw conflict(
        `Cannot capture ${formatCents(amount)}: payment ${paymentId} authorised only ${formatCents(row.amount)}`,
        { authorised: row.amount },
      );
    }
    await tx.update(payments).set({ captureStartedAt: clock.now() }).where(eq(payments.id, row.id));
    return row;
  });
  let intent: ProviderIntent;
  try {
    intent = await provider.capturePaymentIntent({
      intentId: payment.providerPaymentIntentId ?? '',
      amount,
      idempotencyKey,
    });
  } catch (err) {
    await db.update(payments).set({ captureStartedAt: null }).where(eq(payments.id, payment.id));
    throw providerProblem(err);
  }
  const row = await movePayment(db, clock.now(), payment.id, 'processed', {
    amountCaptured: intent.amountReceived,
    providerChargeId: intent.chargeId ?? payment.providerChargeId,
    captureStartedAt: null,
  });
  return { row, intent };
}

/** What a new payment records: who asked for it, why, and for what. */
export interface NewPayment {
  customer: { id: string; userId: string };
  paymentMethodId: string | null;
  amount: number;
  captureMethod: CaptureMethod;
  description: string;
  reference: { referenceId: string; referenceType: ReferenceType };
  createdBy: string;
  /** The idempotency scope and key that created it, when there is one. */
  requestKey?: string;
}

/** Records a payment as pending, before the provider hears of it (charges and intents alike). */
export async function insertPendingPayment(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'provider'>,
  input: NewPayment,
): Promise<PaymentRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(payments)
    .values({
      id: randomUUID(),
      customerId: input.customer.id,
      userId: input.customer.userId,
      paymentMethodId: input.paymentMethodId,
      status: 'pending',
      amount: input.amount,
      captureMethod: input.captureMethod,
      provider: deps.provider.name,
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
