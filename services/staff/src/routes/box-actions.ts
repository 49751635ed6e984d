import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '@pawfresh/kit';
import type { StaffContext } from '../flows/context.js';
import {
  addBoxExtra,
  boxExtras,
  removeBoxExtra,
  bulkRetryPayments,
  bulkRetryProgress,
  changeBoxAddress,
  moveFutureBoxes,
  retryPayment,
} from '../flows/box-actions.js';
import { orderDetail } from '../flows/order-detail.js';
import { actingStaff, type StaffHandlers } from './signed-in.js';

/** Retrying payments and changing boxes (docs/staff.md "Acting on boxes and the plan"). */
export function boxActionRoutes(
  ctx: StaffContext,
): StaffHandlers<
  | 'orderDetail'
  | 'boxExtras'
  | 'addBoxExtra'
  | 'removeBoxExtra'
  | 'retryPayment'
  | 'bulkRetryPayments'
  | 'bulkRetryProgress'
  | 'moveFutureBoxes'
  | 'changeBoxAddress'
> {
  return {
    boxExtras: async () => boxExtras(ctx),
    addBoxExtra: async ({ params, body, auth }, request) =>
      addBoxExtra(ctx, actingStaff(auth, request), params, body),
    removeBoxExtra: async ({ params, body, auth }, request) =>
      removeBoxExtra(ctx, actingStaff(auth, request), params, body),
    orderDetail: async ({ params, auth }, request) =>
      orderDetail(ctx, actingStaff(auth, request), params),
    retryPayment: async ({ params, body, auth }, request) =>
      retryPayment(ctx, actingStaff(auth, request), params, body),
    bulkRetryPayments: async ({ body, auth }, request) =>
      bulkRetryPayments(
        ctx,
        actingStaff(auth, request),
        body,
        idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], true),
      ),
    bulkRetryProgress: async ({ params }) => bulkRetryProgress(ctx, params.workflowId),
    moveFutureBoxes: async ({ params, body, auth }, request) =>
      moveFutureBoxes(ctx, actingStaff(auth, request), params, body),
    changeBoxAddress: async ({ params, body, auth }, request) =>
      changeBoxAddress(ctx, actingStaff(auth, request), params, body),
  };
}
