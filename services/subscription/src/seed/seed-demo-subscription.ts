import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { schema } from '../db/schema.js';
import { hasEverSubscribed, insertSubscription } from '../db/subscription-store.js';
import { activeTotals } from '../rules/subscription-totals.js';
import {
  DEMO_CADENCE_IN_WEEKS,
  DEMO_CUSTOMER_ID,
  DEMO_EXTRA,
  DEMO_FEEDING_PLANS,
  DEMO_SUBSCRIPTION_ID,
} from './demo-subscription.js';

const ALREADY_THERE = { seeded: false, summary: 'demo subscription already there' };

/** Loads the demo customer's subscription once (when the household has never had one). */
export async function seedDemoSubscription(database: DatabaseConnection, clock: Clock) {
  const db = database.forSchema(schema);
  if (await hasEverSubscribed(db, DEMO_CUSTOMER_ID)) return ALREADY_THERE;
  const now = clock.now();
  const plans = DEMO_FEEDING_PLANS.map((p) => ({ ...p, status: 'active' as const }));
  const inserted = await insertSubscription(db, {
    subscription: {
      id: DEMO_SUBSCRIPTION_ID,
      userId: DEMO_CUSTOMER_ID,
      status: 'active',
      preferredDeliverySlotId: 'AM',
      cadenceInWeeks: DEMO_CADENCE_IN_WEEKS,
      ...activeTotals(plans),
      startAt: now,
      note: 'Leave the box in the shade by the side gate.',
      createdBy: 'demo-seed',
      updatedBy: 'demo-seed',
      createdAt: now,
      updatedAt: now,
    },
    plans: plans.map(({ skus, ...row }) => ({
      row: {
        ...row,
        subscriptionId: DEMO_SUBSCRIPTION_ID,
        type: 'full_bowl' as const,
        startOrderIndex: 0,
        createdAt: now,
        updatedAt: now,
      },
      skus,
    })),
    extras: [
      { ...DEMO_EXTRA, subscriptionId: DEMO_SUBSCRIPTION_ID, createdAt: now, updatedAt: now },
    ],
    discounts: [],
  });
  // The household got a subscription while we were building this one: it stays.
  if (inserted === 'household_taken') return ALREADY_THERE;
  return {
    seeded: true,
    summary: `an active fortnightly subscription for ${plans.length} dogs, with a treat every second box`,
  };
}
