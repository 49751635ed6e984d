import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '@pawfresh/kit';
import type { StaffContext } from '../flows/context.js';
import { refundPayment } from '../flows/refund-payment.js';
import { moveOrder, skipOrder } from '../flows/order-actions.js';
import {
  cancelSubscription,
  pauseSubscription,
  reactivateSubscription,
  resumeSubscription,
} from '../flows/subscription-status.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Acting on a customer's money, boxes and plan: each with a reason, each recorded in the audit log. */
export function actionRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'refundPayment'
  | 'pauseSubscription'
  | 'resumeSubscription'
  | 'skipOrder'
  | 'moveOrder'
  | 'cancelSubscription'
  | 'reactivateSubscription'
> {
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
    skipOrder: async ({ params, body, auth }, request) =>
      skipOrder(ctx, actingStaff(auth, request), params, body),
    moveOrder: async ({ params, body, auth }, request) =>
      moveOrder(ctx, actingStaff(auth, request), params, body),
    cancelSubscription: async ({ params, body, auth }, request) =>
      cancelSubscription(ctx, actingStaff(auth, request), params, body),
    reactivateSubscription: async ({ params, body, auth }, request) =>
      reactivateSubscription(ctx, actingStaff(auth, request), params, body),
  };
}
