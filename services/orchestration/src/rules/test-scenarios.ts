import type { TestScenario } from '@pawfresh/contracts/orchestration-accounts';
import type { DisplayType, FulfilmentStatus, PaymentStatus } from '@pawfresh/contracts/order';
import { addDays } from '@pawfresh/contracts/calendar-dates';

/**
 * Test accounts (docs/workflows.md "Test accounts"): a customer in Richmond VIC 3121 (depot
 * MEL, the Melbourne kitchen, one day by truck), PM slot, fortnightly, whose boxes stand where
 * the scenario says relative to today (Melbourne).
 */
export const TEST_ADDRESS = {
  address1: '12 Example Street',
  suburb: 'Richmond',
  city: 'Melbourne',
  state: 'VIC',
  postcode: '3121',
} as const;
export const TEST_TIME_ZONE = 'Australia/Melbourne';
export const TEST_PASSWORD = 'PawfreshTest1';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The billing date of a PM box to Richmond, by docs/orders.md's dates rule for depot MEL: made
 * the day before (a Sunday moves back to Saturday), billed two days before it is made. The order
 * service computes the real dates; this only chooses a delivery date.
 */
export function richmondBillingDate(deliveryDate: string): string {
  let make = addDays(deliveryDate, -1);
  if (weekday(make) === 0) make = addDays(make, -1);
  return addDays(make, -2);
}

/** The first delivery from `from` on (at most 10 days on) billed on or after `billedFrom`. */
function deliveryBilledFrom(today: string, billedFrom: string): string {
  for (let d = 1; d <= 14; d++) {
    const delivery = addDays(today, d);
    if (richmondBillingDate(delivery) >= billedFrom) return delivery;
  }
  return addDays(today, 14);
}

export interface ScenarioBox {
  deliveryDate: string;
  /** Its cut-off has passed: recorded as history (the order service needs a legacyOrderId). */
  history: boolean;
  payment: PaymentStatus[];
  fulfilment: FulfilmentStatus[];
  delivered: boolean;
}

export interface ScenarioPlan {
  boxes: ScenarioBox[];
  subscription: 'active' | 'paused' | 'cancelled';
  /** How the scenario's box shows on the deliveries page. */
  displayType: DisplayType;
}

const PAID: PaymentStatus[] = ['processing', 'processed'];
const ON_THE_TRUCK: FulfilmentStatus[] = ['queued', 'in_progress', 'packed', 'palletised'];
const delivered = (deliveryDate: string): ScenarioBox => ({
  deliveryDate,
  history: true,
  payment: PAID,
  fulfilment: ON_THE_TRUCK,
  delivered: true,
});

/** What each scenario holds on `today` (null: a plain test account with its next box). */
export function scenarioPlan(scenario: TestScenario | null, today: string): ScenarioPlan {
  // A box billed today; on a Friday none is (kitchens do not cook on Sunday): the next one.
  const billedToday = deliveryBilledFrom(today, today);
  const box = (
    deliveryDate: string,
    history: boolean,
    payment: PaymentStatus[] = [],
    fulfilment: FulfilmentStatus[] = [],
  ): ScenarioBox => ({
    deliveryDate,
    history,
    payment,
    fulfilment,
    delivered: false,
  });
  switch (scenario) {
    case 'delivery-today':
      return {
        boxes: [box(today, true, PAID, ON_THE_TRUCK)],
        subscription: 'active',
        displayType: 'ON ITS WAY',
      };
    case 'delivery-soon':
      return {
        boxes: [box(addDays(today, 2), true, PAID, ['queued', 'in_progress'])],
        subscription: 'active',
        displayType: 'PREPARING',
      };
    case 'delivery-recent':
      return {
        boxes: [delivered(addDays(today, -1))],
        subscription: 'active',
        displayType: 'DELIVERED',
      };
    case 'delivery-past':
      return {
        boxes: [delivered(addDays(today, -14))],
        subscription: 'active',
        displayType: 'PAST',
      };
    case 'payment-today':
      return {
        boxes: [box(billedToday, richmondBillingDate(billedToday) <= today)],
        subscription: 'active',
        displayType: 'FUTURE',
      };
    case 'payment-soon':
    case null:
      return {
        boxes: [box(deliveryBilledFrom(today, addDays(today, 2)), false)],
        subscription: 'active',
        displayType: 'FUTURE',
      };
    case 'payment-failed':
      return {
        boxes: [box(billedToday, true, ['processing', 'attempt_failed'])],
        subscription: 'active',
        displayType: 'FAILED',
      };
    case 'subscription-paused':
      return {
        boxes: [delivered(addDays(today, -14))],
        subscription: 'paused',
        displayType: 'PAST',
      };
    case 'subscription-cancelled':
      return {
        boxes: [delivered(addDays(today, -14))],
        subscription: 'cancelled',
        displayType: 'PAST',
      };
    default:
      throw new Error(`Unknown test scenario ${String(scenario)}`);
  }
}
