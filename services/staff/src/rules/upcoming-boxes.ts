import type { Order } from '@pawfresh/contracts/order';

/** The display types of a box not yet with the customer (docs/orders.md "Display types"). */
const TO_COME: readonly Order['displayType'][] = ['FUTURE', 'PREPARING', 'ON ITS WAY', 'FAILED'];

/**
 * The boxes to come, soonest first, at most `max`: not yet delivered, not past, not hidden
 * (cancelled, skipped). A failed payment's box is still to come: support is asked about it.
 */
export const upcomingOf = (orders: readonly Order[], max: number): Order[] =>
  orders
    .filter((o) => TO_COME.includes(o.displayType))
    .sort((a, b) =>
      a.deliveryDate === b.deliveryDate
        ? a.orderNumber - b.orderNumber
        : a.deliveryDate < b.deliveryDate
          ? -1
          : 1,
    )
    .slice(0, max);
