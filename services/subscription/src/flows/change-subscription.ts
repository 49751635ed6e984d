import { badRequest, conflict, notFound } from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import {
  changeSubscription,
  loadAggregate,
  resumeDueSubscriptions,
  type SubscriptionAggregate,
  type SubscriptionChanges,
  type SubscriptionRow,
} from '../db/subscription-store.js';
import { EVERYTHING, toSubscription } from '../db/to-subscription.js';
import type { SubscriptionDbView } from '../db/subscription-db.js';
import type { Refusal } from '../rules/refusal.js';
import type { Transition } from '../rules/status-transitions.js';
import type { SubscriptionContext } from './context.js';

export const subscriptionNotFound = (id: string) => notFound(`Subscription ${id} not found`);

export const staleVersion = (sent: number, current: number) =>
  conflict(
    `The subscription has changed since version ${sent} (it is now version ${current}): reload it and try again`,
  );

/** A rule's refusal as the answer it stands for. */
export const refusalError = (r: Refusal) =>
  r.refusal === 'not_found' ? notFound(r.message) : conflict(r.message);

/** A 400 about one body field, in the envelope the schema errors use. */
export const refuseField = (field: string, message: string) =>
  badRequest(message, [{ in: 'body', path: [field], code: 'invalid' }]);

/** Where a transition goes, or the 409 the status tables give. */
export function allowed<S>(t: Transition<S>): S {
  if (!t.ok) throw conflict(t.message);
  return t.to;
}

/** Mutations answer with the whole subscription as it now is. */
export async function answerWith(
  ctx: SubscriptionContext,
  row: SubscriptionRow,
): Promise<Subscription> {
  return toSubscription(await loadAggregate(ctx.db, row), EVERYTHING);
}

/**
 * One change to a subscription under its row lock (a paused one whose resume date has come is
 * resumed first, unless the caller already did): a stale `sentVersion` is a 409; `work` may throw
 * to write nothing.
 */
export async function changeUnderLock(
  ctx: SubscriptionContext,
  id: string,
  sentVersion: number | undefined,
  work: (tx: SubscriptionDbView, current: SubscriptionAggregate) => Promise<SubscriptionChanges>,
  { resumeFirst = true } = {},
): Promise<SubscriptionRow> {
  if (resumeFirst) await resumeDueSubscriptions(ctx.db, ctx.clock.now(), { id });
  const result = await changeSubscription(ctx.db, id, sentVersion, ctx.clock.now(), work);
  if (result === 'not_found') throw subscriptionNotFound(id);
  if ('currentVersion' in result) throw staleVersion(sentVersion!, result.currentVersion);
  return result;
}
