import { refuseIfAny, upstream } from '@pawfresh/kit';
import {
  subscriptionReferenceProblems,
  type SubscriptionReference,
} from '../rules/order-subscription.js';
import type { OrderContext } from './context.js';

/**
 * Refuses (400) orders naming a subscription that is not their customer's, before anything is
 * written: one call to the subscription service for all of them (a bulk creation too).
 */
export async function checkSubscriptionReferences(
  ctx: OrderContext,
  references: readonly SubscriptionReference[],
): Promise<void> {
  if (references.length === 0) return;
  const ids = [...new Set(references.map((r) => r.subscriptionId))];
  const { items } = await upstream('Checking the subscriptions', () =>
    ctx.subscription.lookupSubscriptionOwners({ body: { ids } }),
  );
  const owners = new Map(items.map((s) => [s.id, s.userId]));
  refuseIfAny(subscriptionReferenceProblems(references, owners));
}
