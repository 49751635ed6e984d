import type { AccountResponse } from '@pawfresh/contracts/account';

import { formatDay } from './order-format';

type SkippedOrder = AccountResponse<'updateDeliveryInfo'>['skippedOrders'][number];

/**
 * The later boxes an "all future boxes" change left as they were (the answer's `skippedOrders`),
 * each with the server's reason: "Your box of Fri 18 Dec stays as it was: Too late …".
 */
export function skippedInWords(skippedOrders: readonly SkippedOrder[]): string[] {
  return skippedOrders.map(
    ({ deliveryDate, reason }) =>
      `Your box of ${formatDay(deliveryDate)} stays as it was: ${reason}`,
  );
}
