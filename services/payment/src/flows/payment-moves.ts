import { HttpError, conflict, notFound } from '@pawfresh/kit';
import type { CaptureMethod, PaymentStatus, ReferenceType } from '@pawfresh/contracts/payment';
import type { CustomerRow } from '../db/customer-store.js';
import {
  findPayment,
  insertPendingPayment,
  updatePayment,
  type PaymentChanges,
  type PaymentRow,
} from '../db/payment-store.js';
import { ProviderRefusal, type ProviderIntent } from '../provider/payment-provider.js';
import { attemptOutcome, type AttemptOutcome } from '../rules/attempt-outcome.js';
import { requirePaymentMove } from '../rules/payment-status.js';
import type { PaymentContext } from './context.js';
import { providerProblem } from './provider-errors.js';

export const paymentNotFound = (id: string) => notFound(`Payment ${id} not found`);

/** A payment, or the 404 that says it is not there. */
export async function requirePayment(ctx: PaymentContext, id: string): Promise<PaymentRow> {
  const row = await findPayment(ctx.db, id);
  if (!row) throw paymentNotFound(id);
  return row;
}

/** What a caller asks a new payment to be (a charge's or an intent's body). */
export interface PaymentRequest {
  amount: number;
  captureMethod: CaptureMethod;
  description: string;
  reference: { referenceId: string; referenceType: ReferenceType };
  createdBy: string;
}

/** Records a new payment as pending, before the provider hears of it (charges and intents). */
export function recordPendingPayment(
  ctx: PaymentContext,
  customer: CustomerRow,
  paymentMethodId: string | null,
  request: PaymentRequest,
  requestKey?: string,
): Promise<PaymentRow> {
  const { amount, captureMethod, description, reference, createdBy } = request;
  return insertPendingPayment(
    ctx.db,
    {
      customer,
      paymentMethodId,
      amount,
      captureMethod,
      provider: ctx.provider.name,
      description,
      reference,
      createdBy,
      requestKey,
    },
    ctx.clock.now(),
  );
}

/**
 * Moves a payment to a new status (checked by canMovePaymentStatus) with other changes, under a
 * row lock, so two requests never both make the same move.
 */
export async function movePayment(
  ctx: PaymentContext,
  id: string,
  to: PaymentStatus,
  changes: PaymentChanges = {},
  /** Refuse (409) a payment already in `to`: another attempt of it is under way. */
  exclusive = false,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const current = await findPayment(tx, id, true);
    if (!current) throw paymentNotFound(id);
    if (exclusive && current.status === to) {
      throw conflict(`Payment ${id} is ${to} already: another attempt is under way`, {
        status: current.status,
      });
    }
    if (current.status !== to) requirePaymentMove(id, current.status, to);
    return updatePayment(tx, id, { ...changes, status: to }, ctx.clock.now());
  });
}

/** A payment after an attempt, with the reason when the card was declined or needs the customer. */
export interface Settled {
  row: PaymentRow;
  failure?: AttemptOutcome['failure'];
}

/**
 * Sends an attempt (charge or confirm) of a processing payment to the provider and records its
 * answer, which ends the call in flight. A refusal of the request itself ends the attempt,
 * recorded with `refusalCode`; the provider not answering leaves the payment processing, for the
 * same key to resume.
 */
export async function attemptPayment(
  ctx: PaymentContext,
  call: 'charge' | 'confirm',
  paymentId: string,
  refusalCode: (err: ProviderRefusal) => string,
  send: () => Promise<ProviderIntent>,
): Promise<Settled & { intent: ProviderIntent }> {
  let intent: ProviderIntent;
  ctx.fault(call, 'before-provider');
  try {
    intent = await send();
  } catch (err) {
    ctx.countAttempt(call, err instanceof ProviderRefusal ? 'declined' : 'provider_error');
    if (err instanceof ProviderRefusal) {
      await movePayment(ctx, paymentId, 'attempt_failed', {
        failureCode: refusalCode(err),
        failureReason: err.message,
        callStartedAt: null,
      });
    }
    throw providerProblem(err);
  }
  ctx.fault(call, 'after-provider');
  ctx.countAttempt(call, intent.status);
  const outcome = attemptOutcome(intent);
  const row = await movePayment(ctx, paymentId, outcome.status, {
    ...outcome.changes,
    callStartedAt: null,
  });
  ctx.fault(call, 'after-record');
  return { row, intent, ...(outcome.failure ? { failure: outcome.failure } : {}) };
}

/** A payment's recorded failure, as an attempt's answer gives it (a re-run after the record). */
export const recordedFailure = (row: PaymentRow) =>
  row.status === 'attempt_failed'
    ? {
        code: row.failureCode ?? 'card_declined',
        message: row.failureReason ?? 'Your card was declined.',
      }
    : undefined;

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
