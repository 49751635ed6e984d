import { MAX_CENTS } from '@pawfresh/contracts/fields';

/** The totals rule lives with the order contract, so a change's preview prices as the order does. */
export { orderTotals, type PricedItem } from '@pawfresh/contracts/order';

export const withinCents = (value: number) =>
  Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS;
