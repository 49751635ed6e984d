import type { FeedingPlanStatus } from '@pawfresh/contracts/subscription';

/** docs/subscriptions.md: becoming active (create, activate, reactivate) needs an active plan. */
export const NEEDS_AN_ACTIVE_PLAN = 'An active subscription needs at least one active feeding plan';

export const hasAnActivePlan = (plans: readonly { status: FeedingPlanStatus }[]) =>
  plans.some((p) => p.status === 'active');
