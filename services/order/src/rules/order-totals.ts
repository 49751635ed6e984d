import { MAX_CENTS } from '@pawfresh/contracts/fields';

/** Line items as the totals see them. */
export interface PricedItem {
  price: number;
  quantity: number;
  discountedPrice?: number | null | undefined;
}

/**
 * An order's totals in cents: totalPrice at list price, totalCharge at the discounted price
 * where there is one. Either may exceed the 32-bit ceiling, which the caller refuses.
 */
export function orderTotals(items: readonly PricedItem[]): {
  totalPrice: number;
  totalCharge: number;
} {
  let totalPrice = 0;
  let totalCharge = 0;
  for (const item of items) {
    totalPrice += item.price * item.quantity;
    totalCharge += (item.discountedPrice ?? item.price) * item.quantity;
  }
  return { totalPrice, totalCharge };
}

export const withinCents = (value: number) =>
  Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
