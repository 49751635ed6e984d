import { pathText, type InputProblem } from '@pawfresh/kit';

/** An order's subscription as the request gives it: the order's customer and where it was sent. */
export interface SubscriptionReference {
  path: (string | number)[];
  subscriptionId: string;
  userId: string;
}

/**
 * An order may name only a live subscription of its own customer (docs/orders.md "An order's
 * subscription"): an id no subscription has, a removed one, and another customer's are refused
 * alike, naming the field, so a caller learns nothing of other customers' subscriptions.
 */
export function subscriptionReferenceProblems(
  references: readonly SubscriptionReference[],
  owners: ReadonlyMap<string, string>,
): InputProblem[] {
  return references.flatMap(({ path, subscriptionId, userId }): InputProblem[] => {
    if (owners.get(subscriptionId) === userId) return [];
    const at = [...path, 'subscriptionId'];
    return [
      {
        path: at,
        code: 'unknown_subscription',
        message: `${pathText(at)} ${subscriptionId} is not a subscription of customer ${userId}`,
      },
    ];
  });
}
