import type { FeedingPlanStatus, SubscriptionStatus } from '@pawfresh/contracts/subscription';

export type SubscriptionAction =
  'activate' | 'pause' | 'resume' | 'cancel' | 'reactivate' | 'remove';

/**
 * Every status change a subscription may make (docs/subscriptions.md): the action, the statuses it
 * may start from, and where it goes. `removed` is the end of the line (the subscription is gone
 * for every caller). Anything not in this table is refused with a 409.
 */
export const SUBSCRIPTION_TRANSITIONS: Readonly<
  Record<
    SubscriptionAction,
    { from: readonly SubscriptionStatus[]; to: SubscriptionStatus | 'removed'; verb: string }
  >
> = {
  activate: { from: ['draft'], to: 'active', verb: 'activated' },
  pause: { from: ['active', 'paused'], to: 'paused', verb: 'paused' },
  resume: { from: ['paused'], to: 'active', verb: 'resumed' },
  cancel: { from: ['active', 'paused'], to: 'cancelled', verb: 'cancelled' },
  reactivate: { from: ['cancelled'], to: 'active', verb: 'reactivated' },
  remove: { from: ['draft', 'cancelled'], to: 'removed', verb: 'removed' },
};

const HINTS: Partial<Record<`${SubscriptionAction}:${SubscriptionStatus}`, string>> = {
  'cancel:draft': 'remove a draft instead',
  'remove:active': 'cancel it first',
  'remove:paused': 'cancel it first',
  'resume:cancelled': 'reactivate it instead',
  'reactivate:paused': 'resume it instead',
};

const listOf = (words: readonly string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
/** "a draft", "an active or paused". */
const article = (words: readonly string[]) =>
  `${/^[aeiou]/.test(words[0] ?? '') ? 'an' : 'a'} ${listOf(words)}`;

export type Transition<S> = { ok: true; to: S } | { ok: false; message: string };

/** Where `action` takes a subscription in status `from`, or why it may not. */
export function subscriptionTransition(
  from: SubscriptionStatus,
  action: SubscriptionAction,
): Transition<SubscriptionStatus | 'removed'> {
  const rule = SUBSCRIPTION_TRANSITIONS[action];
  if (rule.from.includes(from)) return { ok: true, to: rule.to };
  const hint = HINTS[`${action}:${from}`];
  return {
    ok: false,
    message: `Only ${article(rule.from)} subscription can be ${rule.verb}; this one is ${from}${hint ? `: ${hint}` : ''}`,
  };
}

export type FeedingPlanAction = 'pause' | 'activate' | 'makeIneligible' | 'makeEligible';

/** A feeding plan's status changes: paused and activated by its own calls, eligibility by PATCH. */
export const FEEDING_PLAN_TRANSITIONS: Readonly<
  Record<
    FeedingPlanAction,
    { from: readonly FeedingPlanStatus[]; to: FeedingPlanStatus; verb: string }
  >
> = {
  pause: { from: ['active'], to: 'paused', verb: 'paused' },
  activate: { from: ['paused'], to: 'active', verb: 'made active' },
  makeIneligible: { from: ['active', 'paused'], to: 'ineligible', verb: 'made ineligible' },
  makeEligible: { from: ['ineligible'], to: 'active', verb: 'made eligible' },
};

export function feedingPlanTransition(
  from: FeedingPlanStatus,
  action: FeedingPlanAction,
): Transition<FeedingPlanStatus> {
  const rule = FEEDING_PLAN_TRANSITIONS[action];
  if (rule.from.includes(from)) return { ok: true, to: rule.to };
  return {
    ok: false,
    message: `Only ${article(rule.from)} feeding plan can be ${rule.verb}; this one is ${from}`,
  };
}
