/**
 * Which of a subscription's orders (zero-indexed: 0 is the first) get an extra: every `nthOrder`
 * order from `startOrderIndex` on, and none once it is cancelled. nthOrder 1 is every order, 2
 * every second order (start, start + 2, start + 4, …).
 */
export function isExtraInOrder(
  extra: { startOrderIndex: number; nthOrder: number; cancelledAt?: Date | string | null },
  orderIndex: number,
): boolean {
  if (extra.cancelledAt) return false;
  if (!Number.isInteger(orderIndex) || orderIndex < extra.startOrderIndex) return false;
  return (orderIndex - extra.startOrderIndex) % extra.nthOrder === 0;
}

/**
 * Whether a subscription discount applies to an order: from `orderStartIndex` for
 * `orderQuantity` orders, or every order from then on when orderQuantity is null (0: none).
 */
export function isDiscountInOrder(
  discount: { orderStartIndex: number; orderQuantity: number | null },
  orderIndex: number,
): boolean {
  if (!Number.isInteger(orderIndex) || orderIndex < discount.orderStartIndex) return false;
  return (
    discount.orderQuantity === null ||
    orderIndex < discount.orderStartIndex + discount.orderQuantity
  );
}
