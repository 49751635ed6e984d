import type { SubscriptionStatus } from '@pawfresh/contracts/subscription';
import { subscriptionTransition, type SubscriptionAction } from './status-transitions.js';

/**
 * The status a PATCH may set: only draft → active; every other move has its own call, which the
 * refusal names (docs/subscriptions.md "Status changes"). Nothing goes back to draft.
 */
export function statusViaPatch(
  current: { id: string; status: SubscriptionStatus },
  target: SubscriptionStatus,
): { ok: true; status: SubscriptionStatus } | { ok: false; message: string } {
  if (target === current.status) return { ok: true, status: current.status };
  if (current.status === 'draft' && target === 'active') {
    const t = subscriptionTransition(current.status, 'activate');
    return t.ok ? { ok: true, status: 'active' } : t;
  }
  if (target === 'draft') return { ok: false, message: 'A subscription cannot go back to draft' };
  const action: SubscriptionAction =
    target === 'paused'
      ? 'pause'
      : target === 'cancelled'
        ? 'cancel'
        : current.status === 'cancelled'
          ? 'reactivate'
          : 'resume';
  const t = subscriptionTransition(current.status, action);
  if (!t.ok) return t;
  return {
    ok: false,
    message: `Use POST /subscriptions/${current.id}/${action} to change the status to ${target}; PATCH only activates a draft`,
  };
}

/** The order index the order workflows have processed only moves forward. */
export function orderIndexProblem(current: number | null, sent: number | undefined) {
  if (sent === undefined || current === null || sent >= current) return [];
  return [
    {
      path: ['lastProcessedOrderIndex'],
      code: 'order_index_backwards',
      message: `lastProcessedOrderIndex cannot go back (it is ${current})`,
    },
  ];
}
