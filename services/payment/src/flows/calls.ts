import { conflict, type HttpError } from '@pawfresh/kit';
import {
  findPayment,
  updatePayment,
  type PaymentChanges,
  type PaymentRow,
} from '../db/payment-store.js';
import { requirePaymentMove } from '../rules/payment-status.js';
import type { PaymentContext } from './context.js';
import { paymentNotFound } from './payment-moves.js';
import { settleAbandonedCall } from './provider-truth.js';

/**
 * Marks a call to the provider as started on a payment, under its lock: `begin` checks the
 * payment may take it and says what else to record. The same call key found again (a re-run after
 * a crash) is answered with the payment as it is, for the caller to resume or answer from; another
 * call still in flight is refused while its request is worked on, or settled by asking the
 * provider when its process is gone.
 */
export async function startCall(
  ctx: PaymentContext,
  paymentId: string,
  callKey: string,
  begin: (row: PaymentRow) => PaymentChanges & { status?: PaymentRow['status'] },
  /** The refusal while another call is worked on. */
  underWay: () => HttpError = () =>
    conflict(`Payment ${paymentId} has another attempt under way at the card provider`),
): Promise<PaymentRow> {
  for (let settled = false; ; settled = true) {
    const found = await ctx.db.transaction(async (tx) => {
      const row = await findPayment(tx, paymentId, true);
      if (!row) throw paymentNotFound(paymentId);
      if (row.callKey === callKey) return { kind: 'mine' as const, row };
      if (row.callStartedAt) return { kind: 'other' as const, row };
      const { status, ...changes } = begin(row);
      if (status && status !== row.status) requirePaymentMove(row.id, row.status, status);
      const now = ctx.clock.now();
      return {
        kind: 'mine' as const,
        row: await updatePayment(
          tx,
          row.id,
          { ...changes, ...(status ? { status } : {}), callKey, callStartedAt: now },
          status && status !== row.status ? now : undefined,
        ),
      };
    });
    if (found.kind === 'mine') return found.row;
    if (settled) throw underWay();
    await settleAbandonedCall(ctx, found.row, underWay);
  }
}
