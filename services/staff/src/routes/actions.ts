import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '@pawfresh/kit';
import type { StaffContext } from '../flows/context.js';
import { refundPayment } from '../flows/refund-payment.js';
import { pauseSubscription, resumeSubscription } from '../flows/subscription-status.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Acting on a customer's money and plan: each with a reason, each recorded in the audit log. */
export function actionRoutes(
  ctx: StaffContext,
): StaffHandlers<'refundPayment' | 'pauseSubscription' | 'resumeSubscription'> {
  return {
    refundPayment: async ({ params, body, auth }, request) =>
      refundPayment(
        ctx,
        actingStaff(auth, request),
        params.paymentId,
        body,
        idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], true),
      ),
    pauseSubscription: async ({ params, body, auth }, request) =>
      pauseSubscription(ctx, actingStaff(auth, request), params.subscriptionId, body),
    resumeSubscription: async ({ params, body, auth }, request) =>
      resumeSubscription(ctx, actingStaff(auth, request), params.subscriptionId, body),
  };
}
