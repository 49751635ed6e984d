import { notFound } from '@pawfresh/kit';
import type { z } from 'zod';
import type { ReferenceType, Refund, refundPageSchema } from '@pawfresh/contracts/payment';
import { findPayment, updatePayment } from '../db/payment-store.js';
import {
  findRefund,
  insertPendingRefund,
  listRefunds,
  settleRefund,
  toRefund,
  type RefundQuery,
} from '../db/refund-store.js';
import { providerKey } from '../rules/idempotency-keys.js';
import { requireRefundable } from '../rules/refunds.js';
import type { PaymentContext } from './context.js';
import { idempotent, type CallerKey } from './idempotency.js';
import { paymentNotFound } from './payment-moves.js';
import { providerProblem } from './provider-errors.js';

export interface RefundInput {
  amount: number;
  description: string;
  references?: { referenceId: string; referenceType: ReferenceType } | undefined;
  createdBy: string;
}

/**
 * Gives back part or all of a processed payment, once per Idempotency-Key. The amount is reserved
 * under the payment's row lock first, so two refunds at once can never together return more than
 * was captured; a refund the provider does not make releases it and is kept, failed.
 */
export async function refundPayment(
  ctx: PaymentContext,
  caller: CallerKey,
  paymentId: string,
  body: RefundInput,
): Promise<Refund> {
  const { db, clock, provider } = ctx;
  const request = { params: { paymentId }, body };
  return idempotent(ctx, { scope: 'refund', caller, request }, async () => {
    const { refund, payment } = await db.transaction(async (tx) => {
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
    try {
      const done = await provider.createRefund({
        intentId: payment.providerPaymentIntentId ?? '',
        amount: refund.amount,
        metadata: { refundId: refund.id, paymentId: payment.id },
        idempotencyKey: providerKey('refund', caller.key),
      });
      const row = await settleRefund(db, refund.id, { providerRefundId: done.id }, clock.now());
      return toRefund(row);
    } catch (err) {
      // Not refunded: the reservation is released and the attempt kept, failed, for the record.
      await db.transaction(async (tx) => {
        const current = await findPayment(tx, payment.id, true);
        const failureReason = err instanceof Error ? err.message : 'Refused by the card provider';
        await settleRefund(tx, refund.id, { failureReason }, clock.now());
        await updatePayment(tx, payment.id, {
          amountRefunded: (current?.amountRefunded ?? refund.amount) - refund.amount,
        });
      });
      throw providerProblem(err);
    }
  });
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
