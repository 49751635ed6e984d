import { localDate, type Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { findFulfilmentByOrder, insertPlans } from '../db/fulfilment-store.js';
import { schema } from '../db/schema.js';
import { catalogueOf } from '../flows/catalogue.js';
import { planFulfilment } from '../flows/create-fulfilments.js';
import {
  DEMO_ADDRESS,
  DEMO_CUSTOMER_ID,
  DEMO_MAKE_DAYS_BEFORE_DELIVERY,
  DEMO_MEALS,
  DEMO_PLACE,
  DEMO_PREPARING_ORDER_ID,
  DEMO_SLOT,
  demoProducts,
} from './demo-fulfilment.js';
import { addDays } from '@pawfresh/contracts/calendar-dates';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The demo box's dates as the order service seeds them: delivered in two days (Tue–Sat), made before. */
export function demoDates(now: Date) {
  const inTwoDays = addDays(localDate(now, DEMO_PLACE.timezone), 2);
  const day = weekday(inTwoDays);
  const deliveryDate =
    day === 0 ? addDays(inTwoDays, 2) : day === 1 ? addDays(inTwoDays, 1) : inTwoDays;
  const make = addDays(deliveryDate, -DEMO_MAKE_DAYS_BEFORE_DELIVERY);
  return { deliveryDate, makeDate: weekday(make) === 0 ? addDays(make, -1) : make };
}

/**
 * The demo household's box being prepared, once: its fulfilment packed by the same rules as any
 * other, its jobs in progress (as the order shows), written through the store.
 */
export async function seedDemoFulfilment(database: DatabaseConnection, clock: Clock) {
  const db = database.forSchema(schema);
  if (await findFulfilmentByOrder(db, DEMO_PREPARING_ORDER_ID)) {
    return { seeded: false, summary: 'demo fulfilment already there' };
  }
  const now = clock.now();
  const plan = planFulfilment(
    {
      id: DEMO_PREPARING_ORDER_ID,
      userId: DEMO_CUSTOMER_ID,
      ...demoDates(now),
      expectedDeliverySlotId: DEMO_SLOT,
      depotCode: DEMO_PLACE.depotCode,
      facilityId: DEMO_PLACE.facilityId,
      shipmentId: null,
      address: DEMO_ADDRESS,
      orderLineItems: DEMO_MEALS.map((m) => ({
        productId: m.productId,
        productVariantId: m.productVariantId,
        quantity: m.quantity,
        bundleLineItems: [],
      })),
    },
    catalogueOf(demoProducts()),
    now,
  );
  plan.jobStatus = 'in_progress';
  plan.fulfilment.status = 'in_progress';
  await db.transaction((tx) => insertPlans(tx, [plan], now));
  return {
    seeded: true,
    summary: `1 demo fulfilment (${plan.boxes.length} boxes, jobs in progress) for the box being prepared`,
  };
}
