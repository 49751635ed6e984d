import { fullName } from '@pawfresh/contracts/identity';
import { passRefusals } from '@pawfresh/kit';
import { hasPermission } from '@pawfresh/contracts/staff-roles';
import type { StaffOrderDetail } from '@pawfresh/contracts/staff-box-actions';
import { STAFF_PREFIX } from '../rules/staff-access.js';
import type { Acting, StaffContext } from './context.js';
import { readCustomerOrder } from './order-actions.js';

/**
 * Who wrote the box's events from the back office, by name: the order service keeps the author as
 * `staff:<id>` (staffActor); a member identity no longer knows keeps that text.
 */
async function staffNames(
  ctx: StaffContext,
  events: readonly { createdBy: string | null }[],
): Promise<Record<string, string>> {
  const authors = new Set(
    events.flatMap((e) => (e.createdBy?.startsWith(STAFF_PREFIX) ? [e.createdBy] : [])),
  );
  const named = await Promise.all(
    [...authors].map(async (author) => {
      const userId = author.slice(STAFF_PREFIX.length);
      try {
        const user = await ctx.identity.getUser({ params: { userId } });
        return [[author, fullName(user)]];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(named.flat());
}

/** How far back the box's history is read from the customer's timeline. */
const HISTORY_READ = 100;

/**
 * One of the customer's boxes with everything about it (another customer's box is a 404): its
 * lines named, its payment attempts and refunds (payments:read), the courier's shipments, the
 * order service's events, and the audit rows about it among the customer's latest (audit:read).
 */
export async function orderDetail(
  ctx: StaffContext,
  acting: Acting,
  params: { customerId: string; orderId: string },
): Promise<StaffOrderDetail> {
  const order = await readCustomerOrder(ctx, params.customerId, params.orderId);
  const seesPayments = hasPermission(acting.role, 'payments:read');
  const seesHistory = hasPermission(acting.role, 'audit:read');
  const [products, payments, shipments, events, timeline] = await Promise.all([
    passRefusals('Reading the products', () => ctx.product.listProducts({ query: {} })),
    seesPayments
      ? passRefusals('Reading the payments', () =>
          ctx.payment.listPayments({
            query: { referenceType: 'order', referenceId: order.id, offset: 0, count: 100 },
          }),
        )
      : null,
    passRefusals('Reading the shipments', () =>
      ctx.courier.searchShipments({ query: { orderId: order.id } }),
    ),
    passRefusals('Reading the order events', () =>
      ctx.order.listOrderEvents({ params: { orderId: order.id } }),
    ),
    seesHistory
      ? passRefusals('Reading the timeline', () =>
          ctx.audit.customerTimeline({
            params: { customerId: params.customerId },
            query: { offset: 0, limit: HISTORY_READ },
          }),
        )
      : null,
  ]);
  const names = new Map(products.map((p) => [p.id, p.name]));
  const people = await staffNames(ctx, events);
  return {
    order,
    contents: order.orderLineItems.map((item) => ({
      id: item.id,
      productId: item.productId,
      productVariantId: item.productVariantId,
      animalId: item.animalId,
      planType: item.planType,
      quantity: item.quantity,
      oneOff: item.oneOff,
      price: item.price,
      discountedPrice: item.discountedPrice,
      name: names.get(item.productId) ?? 'Unknown product',
    })),
    payments: payments?.data ?? null,
    shipments: shipments.data,
    events,
    people,
    history: timeline
      ? timeline.data.filter((e) => e.targetType === 'order' && e.targetId === order.id)
      : null,
  };
}
