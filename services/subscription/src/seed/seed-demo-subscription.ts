import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { eq } from '@pawfresh/db/orm';
import { randomUUID } from 'node:crypto';
import { extras, feedingPlans, feedingPlanSkus, schema, subscriptions } from '../db/schema.js';
import { activeTotals } from '../rules/subscription-totals.js';
import {
  DEMO_CADENCE_IN_WEEKS,
  DEMO_CUSTOMER_ID,
  DEMO_EXTRA,
  DEMO_FEEDING_PLANS,
  DEMO_SUBSCRIPTION_ID,
} from './demo-subscription.js';

/** Loads the demo customer's subscription once (when the household has none). */
export async function seedDemoSubscription(database: DatabaseConnection, clock: Clock) {
  const db = database.forSchema(schema);
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, DEMO_CUSTOMER_ID));
  if (existing) return { seeded: false, summary: 'demo subscription already there' };
  const now = clock.now();
  const plans = DEMO_FEEDING_PLANS.map((p) => ({ ...p, status: 'active' as const }));
  await db.transaction(async (tx) => {
    await tx.insert(subscriptions).values({
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
    });
    for (const plan of plans) {
      const { skus, ...row } = plan;
      await tx.insert(feedingPlans).values({
        ...row,
        subscriptionId: DEMO_SUBSCRIPTION_ID,
        type: 'full_bowl',
        startOrderIndex: 0,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .insert(feedingPlanSkus)
        .values(skus.map((s) => ({ ...s, id: randomUUID(), feedingPlanId: plan.id })));
    }
    await tx.insert(extras).values({
      ...DEMO_EXTRA,
      subscriptionId: DEMO_SUBSCRIPTION_ID,
      createdAt: now,
      updatedAt: now,
    });
  });
  return {
    seeded: true,
    summary: `an active fortnightly subscription for ${plans.length} dogs, with a treat every second box`,
  };
}
