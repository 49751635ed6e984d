import { orNotFound, passRefusals } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffFailedPayment } from '@pawfresh/contracts/staff';
import type { StaffContext } from './context.js';

/**
 * The failed payments queue: one page of the boxes whose payment failed (order service, by
 * payment status), soonest delivery first, each with its customer (identity) and its latest
 * attempt (payment service, by the order as reference): one ask for the page's boxes.
 */
export async function failedPayments(ctx: StaffContext, page: { offset: number; limit: number }) {
  const orders = await passRefusals('Reading the failed payments', () =>
    ctx.order.listOrders({
      query: {
        status: 'attempt_failed',
        orderBy: 'deliveryDate',
        direction: 'ASC',
        offset: page.offset,
        limit: page.limit,
      },
    }),
  );
  const userIds = [...new Set(orders.data.map((o) => o.userId))];
  const users = new Map(
    await Promise.all(
      userIds.map(
        async (id) =>
          [id, await orNotFound(ctx.identity.getUser({ params: { userId: id } }))] as const,
      ),
    ),
  );
  const latestOf = new Map(
    orders.data.length === 0
      ? []
      : (
          await passRefusals('Reading the payments', () =>
            ctx.payment.latestPayments({
              body: { referenceType: 'order', referenceIds: orders.data.map((o) => o.id) },
            }),
          )
        ).data.map((p) => [p.reference.referenceId, p] as const),
  );
  const data = orders.data.map((order: Order): StaffFailedPayment => {
    const user = users.get(order.userId);
    const latest = latestOf.get(order.id);
    return {
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        deliveryDate: order.deliveryDate,
        billingDate: order.billingDate,
        totalCharge: order.totalCharge,
        displayType: order.displayType,
      },
      customer: user
        ? {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phoneNumber: user.phoneNumber,
          }
        : null,
      payment: latest
        ? {
            id: latest.id,
            amount: latest.amount,
            failureReason: latest.failureReason,
            failureCode: latest.failureCode,
            updatedAt: latest.updatedAt,
          }
        : null,
    };
  });
  return { data, meta: { total: orders.meta.total, offset: page.offset, limit: page.limit } };
}
