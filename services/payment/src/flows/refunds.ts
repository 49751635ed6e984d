import { conflict, notFound } from '@pawfresh/kit';
import type { z } from 'zod';
import type { ReferenceType, Refund, refundPageSchema } from '@pawfresh/contracts/payment';
import { findPayment, updatePayment, type PaymentRow } from '../db/payment-store.js';
import {
  findRefund,
  findRefundByRequestKey,
  insertPendingRefund,
  listRefunds,
  settleRefund,
  toRefund,
  type RefundQuery,
  type RefundRow,
} from '../db/refund-store.js';
import { ProviderRefusal } from '../provider/payment-provider.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { requireRefundable } from '../rules/refunds.js';
import type { PaymentContext } from './context.js';
import { idempotent, type CallerKey } from './idempotency.js';
import { paymentNotFound, requirePayment } from './payment-moves.js';
import { providerProblem } from './provider-errors.js';

export interface RefundInput {
  amount: number;
  description: string;
  references?: { referenceId: string; referenceType: ReferenceType } | undefined;
  createdBy: string;
}

/**
 * Gives back part or all of a processed payment, once per Idempotency-Key. The amount is reserved
 * under the payment's row lock first, with the refund recorded pending under the key, so two
 * refunds at once can never together return more than was captured. A refund the provider refuses
 * releases it and is kept, failed; one the provider did not answer stays pending and reserved, and
 * a re-run with the key resumes it (the provider answers the same key with the same refund).
 */
export async function refundPayment(
  ctx: PaymentContext,
  caller: CallerKey,
  paymentId: string,
  body: RefundInput,
): Promise<Refund> {
  const { db, clock } = ctx;
  const request = { params: { paymentId }, body };
  return idempotent(ctx, { scope: 'refund', caller, request }, async () => {
    const requestKey = `refund:${caller.key}`;
    const found = await findRefundByRequestKey(db, requestKey);
    if (found?.status === 'succeeded') return toRefund(found);
    if (found?.status === 'failed') {
      throw conflict(
        `Refund ${found.id} was refused by the card provider: ${found.failureReason ?? 'no reason given'}`,
      );
    }
    const { refund, payment } = found
      ? { refund: found, payment: await requirePayment(ctx, paymentId) }
      : await db.transaction(async (tx) => {
          const payment = await findPayment(tx, paymentId, true);
          if (!payment) throw paymentNotFound(paymentId);
          requireRefundable(payment, body.amount);
          const now = clock.now();
          const refund = await insertPendingRefund(
            tx,
            {
              paymentId: payment.id,
              amount: body.amount,
              description: body.description,
              // Without references of its own, a refund is for what the payment was for.
              reference: body.references ?? {
                referenceId: payment.referenceId,
                referenceType: payment.referenceType,
              },
              createdBy: body.createdBy,
              requestKey,
            },
            now,
          );
          await updatePayment(
            tx,
            payment.id,
            { amountRefunded: payment.amountRefunded + body.amount },
            now,
          );
          return { refund, payment };
        });
    return toRefund(await sendRefund(ctx, refund, payment, providerKey('refund', caller.key)));
  });
}

/**
 * Sends a pending refund to the provider under its key and records the answer: succeeded, or
 * failed with its reservation released when the provider refuses. Not answered: it stays pending.
 */
export async function sendRefund(
  ctx: PaymentContext,
  refund: RefundRow,
  payment: PaymentRow,
  idempotencyKey: string,
): Promise<RefundRow> {
  const { db, clock, provider } = ctx;
  ctx.fault('refund', 'before-provider');
  try {
    const done = await provider.createRefund({
      intentId: payment.providerPaymentIntentId ?? '',
      amount: refund.amount,
      metadata: { refundId: refund.id, paymentId: payment.id },
      idempotencyKey,
    });
    ctx.fault('refund', 'after-provider');
    const row = await settleRefund(db, refund.id, { providerRefundId: done.id }, clock.now());
    ctx.fault('refund', 'after-record');
    return row;
  } catch (err) {
    if (err instanceof ProviderRefusal) {
      // Not refunded: the reservation is released and the attempt kept, failed, for the record.
      await db.transaction(async (tx) => {
        const current = await findPayment(tx, payment.id, true);
        await settleRefund(tx, refund.id, { failureReason: err.message }, clock.now());
        await updatePayment(tx, payment.id, {
          amountRefunded: (current?.amountRefunded ?? refund.amount) - refund.amount,
        });
      });
    }
    throw providerProblem(err);
  }
}

export async function getRefund(ctx: PaymentContext, refundId: string): Promise<Refund> {
  const row = await findRefund(ctx.db, refundId);
  if (!row) throw notFound(`Refund ${refundId} not found`);
  return toRefund(row);
}

/** A page of refunds, newest first, by what they were for. */
export async function listRefundsPage(
  ctx: PaymentContext,
  query: RefundQuery,
): Promise<z.infer<typeof refundPageSchema>> {
  const { rows, total } = await listRefunds(ctx.db, query);
  return {
    data: rows.map(toRefund),
    meta: { total, offset: query.offset, limit: query.count },
  };
}
