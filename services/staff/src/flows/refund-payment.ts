import {
  IDEMPOTENCY_HEADER,
  demandPermission,
  notFound,
  orNotFound,
  type Principal,
} from '@pawfresh/kit';
import type { Payment } from '@pawfresh/contracts/payment';
import { refundPermissionFor } from '@pawfresh/contracts/staff-roles';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/** What the audit log keeps of a payment: its money, not its card. */
const moneyOf = (p: Payment) => ({
  status: p.status,
  amount: p.amount,
  amountCaptured: p.amountCaptured,
  amountRefunded: p.amountRefunded,
  reference: p.reference,
});

/**
 * Refunds part or all of a payment for a member of staff (docs/staff.md): within the refund limit
 * with refunds:create, above it only with refunds:over-limit (a 403 naming it). The refund is
 * written as made by the member of staff (createdBy, from the session), and the audit row keeps
 * the payment before and after and the reason.
 */
export async function refundPayment(
  ctx: StaffContext,
  acting: Acting & { principal: Principal | undefined },
  paymentId: string,
  body: BodyOf<'refundPayment'>,
  idempotencyKey: string,
) {
  const permission = refundPermissionFor(body.amount);
  demandPermission(acting.principal, permission);
  const { result: refund, audit } = await runStaffAction(ctx, acting, {
    action: 'payment.refund',
    permission,
    targetType: 'payment',
    targetId: paymentId,
    reason: body.reason,
    doing: 'Refunding the payment',
    read: async () => {
      const found = await orNotFound(ctx.payment.getPayment({ params: { paymentId } }));
      if (!found) throw notFound(`Payment ${paymentId} not found`);
      return found;
    },
    customerOf: (before) => before.userId,
    run: () =>
      ctx.payment.createRefund({
        params: { paymentId },
        body: {
          amount: body.amount,
          description: body.reason,
          createdBy: staffActor(acting.userId),
        },
        // One member of staff's retry of the same refund answers the first; nobody else's key
        // can collide with theirs.
        headers: { [IDEMPOTENCY_HEADER]: `${staffActor(acting.userId)}:${idempotencyKey}` },
      }),
    stateBefore: moneyOf,
    stateAfter: async (made) => {
      const after = await ctx.payment.getPayment({ params: { paymentId } });
      return { ...moneyOf(after), refundId: made.id, refundAmount: made.amount };
    },
  });
  return { refund, audit };
}
