import { conflict, notFound } from '@pawfresh/kit';
import { isUniqueViolation } from '@pawfresh/db';
import type { OrderDiscountInput } from '@pawfresh/contracts/order';
import { deleteDiscount, insertDiscount } from '../db/order-store.js';
import type { OrderContext } from './context.js';
import { assertBoxCanChange, changeOrder } from './order-change.js';

export async function addOrderDiscount(
  ctx: OrderContext,
  orderId: string,
  discount: OrderDiscountInput,
) {
  try {
    return await changeOrder(ctx, orderId, {}, async (row, now, tx) => {
      assertBoxCanChange(row, now, 'discounts');
      await insertDiscount(tx, orderId, discount);
      return {
        columns: {},
        events: [
          {
            action: 'discount_added',
            description: `Discount ${discount.name} added`,
            currentValue: discount.discountId,
          },
        ],
        topics: ['order_updated'],
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'order_discounts_once')) {
      throw conflict(`Discount ${discount.discountId} is already on order ${orderId}`);
    }
    throw err;
  }
}

export const removeOrderDiscount = (ctx: OrderContext, orderId: string, discountId: string) =>
  changeOrder(ctx, orderId, {}, async (row, now, tx) => {
    assertBoxCanChange(row, now, 'discounts');
    if (!(await deleteDiscount(tx, orderId, discountId))) {
      throw notFound(`Discount ${discountId} is not on order ${orderId}`);
    }
    return {
      columns: {},
      events: [
        {
          action: 'discount_removed',
          description: `Discount ${discountId} removed`,
          previousValue: discountId,
        },
      ],
      topics: ['order_updated'],
    };
  });
