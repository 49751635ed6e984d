import { randomUUID } from 'node:crypto';
import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import type { FulfilmentStatus, LineItemInput, PaymentStatus } from '@pawfresh/contracts/order';
import { insertEvents } from '../db/event-store.js';
import { customerOrderRows, insertOrder, type OrderDb } from '../db/order-store.js';
import { schema, type StoredAddress } from '../db/schema.js';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import { localDate, orderDates, type OrderDates } from '../rules/order-dates.js';
import { orderTotals } from '../rules/order-totals.js';
import { isExtraInOrder } from '../rules/subscription-extras.js';
import {
  DEMO_ADDRESS,
  DEMO_CADENCE_IN_WEEKS,
  DEMO_CUSTOMER_ID,
  DEMO_EXTRA,
  DEMO_FUTURE_BOXES,
  DEMO_MEALS,
  DEMO_PAST_BOXES,
  DEMO_PLACE,
  DEMO_PREPARING_ORDER_ID,
  DEMO_SUBSCRIPTION_ID,
  SECOND_ADDRESS,
  SECOND_CUSTOMER_ID,
  SECOND_PLACE,
} from './demo-orders.js';

/** The courier delivers metro depots Tuesday to Saturday: a Sunday or Monday moves to Tuesday. */
function deliveryDay(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? addDays(date, 2) : weekday === 1 ? addDays(date, 1) : date;
}

interface DemoBox {
  id?: string;
  userId: string;
  subscriptionId: string | null;
  index: number | null;
  dates: OrderDates;
  place: { depotCode: string; facilityId: number };
  address: Omit<StoredAddress, 'addressId'>;
  items: LineItemInput[];
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  delivered: boolean;
}

async function insertBox(db: OrderDb, box: DemoBox, now: Date) {
  const id = box.id ?? randomUUID();
  await insertOrder(
    db,
    {
      id,
      userId: box.userId,
      subscriptionId: box.subscriptionId,
      subscriptionOrderIndex: box.index,
      expectedDeliverySlotId: 'AM',
      ...box.dates,
      ...box.place,
      ...orderTotals(box.items),
      address: { addressId: randomUUID(), ...box.address },
      paymentStatus: box.paymentStatus,
      fulfilmentStatus: box.fulfilmentStatus,
      shipmentStatus: box.delivered ? 'delivered' : null,
      shipmentId: box.delivered ? randomUUID() : null,
      createdAt: now,
      updatedAt: now,
    },
    box.items,
    [],
  );
  await insertEvents(
    db,
    id,
    [{ action: 'order_created', description: 'Demo order', currentValue: box.dates.deliveryDate }],
    'demo-seed',
    now,
  );
}

const mealItems = (index: number): LineItemInput[] => [
  ...DEMO_MEALS.map((m) => ({
    ...m,
    planType: 'full_bowl' as const,
    oneOff: false,
    bundleLineItems: [],
  })),
  ...(isExtraInOrder(index, DEMO_EXTRA)
    ? [
        {
          extraId: DEMO_EXTRA.extraId,
          productId: DEMO_EXTRA.productId,
          productVariantId: DEMO_EXTRA.productVariantId,
          quantity: DEMO_EXTRA.quantity,
          price: DEMO_EXTRA.price,
          oneOff: false,
          bundleLineItems: [],
        },
      ]
    : []),
];

const datesOf = (deliveryDate: string, place: { depotCode: string; facilityId: number }) =>
  orderDates({ deliveryDate, slot: 'AM', ...place }) as OrderDates;

/**
 * The demo households' orders, once (when Sam has none): Sam's fortnightly boxes from the demo
 * subscription — six months delivered, the one being prepared now (made today or yesterday,
 * delivered in two days), twelve weeks ahead — and Alex's first box, whose payment failed today.
 * Demo history announces no topics.
 */
export async function seedDemoOrders(database: DatabaseConnection, clock: Clock) {
  const db = database.forSchema(schema);
  if ((await customerOrderRows(db, DEMO_CUSTOMER_ID)).length > 0) {
    return { seeded: false, summary: 'demo orders already there' };
  }
  const now = clock.now();
  const today = localDate(now, DEMO_ADDRESS.timezone);
  const preparing = deliveryDay(addDays(today, 2));
  const cadenceDays = DEMO_CADENCE_IN_WEEKS * 7;
  const boxes: DemoBox[] = [];
  for (let n = -DEMO_PAST_BOXES; n <= DEMO_FUTURE_BOXES; n++) {
    const index = n + DEMO_PAST_BOXES;
    const deliveryDate = deliveryDay(addDays(preparing, n * cadenceDays));
    boxes.push({
      ...(n === 0 ? { id: DEMO_PREPARING_ORDER_ID } : {}),
      userId: DEMO_CUSTOMER_ID,
      subscriptionId: DEMO_SUBSCRIPTION_ID,
      index,
      dates: datesOf(deliveryDate, DEMO_PLACE),
      place: DEMO_PLACE,
      address: DEMO_ADDRESS,
      items: mealItems(index),
      paymentStatus: n <= 0 ? 'processed' : 'pending',
      fulfilmentStatus: n < 0 ? 'palletised' : n === 0 ? 'in_progress' : 'pending',
      delivered: n < 0,
    });
  }
  boxes.push({
    userId: SECOND_CUSTOMER_ID,
    subscriptionId: null,
    index: null,
    dates: datesOf(deliveryDay(addDays(localDate(now, SECOND_ADDRESS.timezone), 4)), SECOND_PLACE),
    place: SECOND_PLACE,
    address: SECOND_ADDRESS,
    items: mealItems(1).slice(0, 2),
    paymentStatus: 'attempt_failed',
    fulfilmentStatus: 'pending',
    delivered: false,
  });
  await db.transaction(async (tx) => {
    for (const box of boxes) await insertBox(tx, box, now);
  });
  return {
    seeded: true,
    summary: `${boxes.length - 1} demo orders for the demo household, 1 with a failed payment for the second customer`,
  };
}
