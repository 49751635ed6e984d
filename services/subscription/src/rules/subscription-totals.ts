import type { FeedingPlanStatus } from '@pawfresh/contracts/subscription';

/**
 * A subscription's totals per order: what its active feeding plans come to. Paused and
 * ineligible plans keep their own totals but are not delivered, so they do not count.
 */
export function activeTotals(
  plans: readonly { status: FeedingPlanStatus; totalPrice: number; totalPouches: number }[],
) {
  const active = plans.filter((p) => p.status === 'active');
  return {
    feedingPlanTotalPrice: active.reduce((s, p) => s + p.totalPrice, 0),
    feedingPlanTotalPouches: active.reduce((s, p) => s + p.totalPouches, 0),
  };
}
