import type { CartDb } from '../db/cart-db.js';
import { lockBundle } from '../db/bundle-store.js';
import { lockCart } from '../db/cart-store.js';
import { lockPlan } from '../db/plan-store.js';
import { lockSubscription } from '../db/subscription-store.js';
import { found } from './context.js';

// A parent stays locked (FOR UPDATE) until its transaction ends, so a concurrent delete cannot
// leave the child being added pointing at nothing. Each answers 404 when there is no such parent.
export const lockedCart = (tx: CartDb, cartId: string) =>
  found(lockCart(tx, cartId), 'Cart', cartId);
export const lockedSubscription = (tx: CartDb, subscriptionId: string) =>
  found(lockSubscription(tx, subscriptionId), 'Subscription', subscriptionId);
export const lockedBundle = (tx: CartDb, bundleId: string) =>
  found(lockBundle(tx, bundleId), 'Bundle', bundleId);
export const lockedPlan = (tx: CartDb, planId: string) =>
  found(lockPlan(tx, planId), 'Plan', planId);
