import { notFound, type InputProblem } from '@pawfresh/kit';
import type { Order } from '@pawfresh/contracts/order';
import type { SkippedOrder } from '@pawfresh/contracts/orchestration-order-changes';
import type { CatalogueVariant } from '../../rules/order-lines.js';

/** What an order change answers (the contract adds the workflowId). */
export interface OrderChangeAnswer {
  orderId: string;
  orders: Order[];
  skippedOrders: SkippedOrder[];
}

export interface OneOffExtraAnswer {
  order: Order;
  orderLineItemId: string | null;
}

/** Extras on order screens are treats and supplements (customer-app.md §9). */
const EXTRA_TYPES = new Set(['treat', 'supplement']);

export function extraProblems(
  ids: readonly string[],
  variants: ReadonlyMap<string, CatalogueVariant>,
): InputProblem[] {
  return ids.flatMap((id, n): InputProblem[] => {
    const v = variants.get(id);
    const path = ['extras', n, 'productVariantId'];
    if (!v)
      return [{ path, code: 'unknown', message: `Product variant ${id} is not in the catalogue` }];
    if (!EXTRA_TYPES.has(v.productType)) {
      return [
        {
          path,
          code: 'type',
          message: `Product variant ${id} is a ${v.productType}: only treats and supplements can be extras`,
        },
      ];
    }
    if (!v.sellable)
      return [{ path, code: 'unavailable', message: `Product variant ${id} is not for sale` }];
    return [];
  });
}

/** The order must belong to the subscription named (when one is). */
export function assertSubscription(order: Order, subscriptionId: string | undefined) {
  if (subscriptionId !== undefined && order.subscriptionId !== subscriptionId) {
    throw notFound(`Order ${order.id} is not an order of subscription ${subscriptionId}`);
  }
}

export const extraNotOnOrder = (orderId: string, lineItemId: string) =>
  notFound(`Extra ${lineItemId} is not a one-off extra of order ${orderId}`);
