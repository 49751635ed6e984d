import { slotOffered } from '@pawfresh/contracts/courier';
import type { HttpError } from '@pawfresh/kit';
import {
  badRequest,
  conflict,
  notFound,
  orNotFound,
  passRefusals,
  upstream,
  isPassedRefusal,
} from '@pawfresh/kit';
import { addDays } from '@pawfresh/contracts/calendar-dates';
import type { Address } from '@pawfresh/contracts/fields';
import { orderRefusalTypes, type Order, type OrderAddressInput } from '@pawfresh/contracts/order';
import type {
  DeliveryDateInput,
  SkippedOrder,
} from '@pawfresh/contracts/orchestration-order-changes';
import type { deliverySlots } from '@pawfresh/contracts/subscription';
import {
  firstDeliveryDay,
  nextOfferedDates,
  orderAddressOf,
  orderAddressWith,
  ordersFrom,
  dayInWords,
  deliveryInWords,
  refusalInWords,
  refusedDateMessage,
  type NewAddress,
} from '../../rules/delivery-changes.js';
import type { Saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';

export type DeliverySlot = (typeof deliverySlots)[number];

/** Whether the courier delivers to the address on the date in the slot (its schedule). */
export async function courierDelivers(
  { services, step, clock }: WorkflowContext,
  place: { postcode: string; suburb: string },
  date: DeliveryDateInput,
): Promise<boolean> {
  return step('check-delivery-date', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    if (date.deliveryDate < today) return false;
    const schedule = await passRefusals('Reading the delivery schedule', () =>
      services.courier.getDeliverySchedules({
        query: { ...place, fromDate: date.deliveryDate, toDate: date.deliveryDate },
      }),
    ).catch((err: unknown) => {
      if (isPassedRefusal(err, 404)) {
        throw badRequest(`We do not deliver to ${place.suburb} ${place.postcode}`);
      }
      throw err;
    });
    const day = schedule.find((d) => d.deliveryDate === date.deliveryDate);
    return day !== undefined && slotOffered(day.slotAvailability, date.deliverySlotId);
  });
}

/**
 * The dates to offer instead of a refused one: the next days the order service's dates rule
 * accepts for the order in the slot (its delivery options: what the date picker offers).
 */
async function offeredDates(
  { services, step }: WorkflowContext,
  orderId: string,
  date: DeliveryDateInput,
): Promise<string[]> {
  return step('read-delivery-options', async () => {
    const answer = await upstream('Reading the delivery options', () =>
      services.order.getDeliveryOptions({ params: { orderId }, query: {} }),
    );
    return nextOfferedDates(answer.options, date.deliverySlotId, date.deliveryDate);
  });
}

/**
 * The 400 for a day the courier does not deliver to the place: with the order's next accepted
 * days when the place is the order's own address (a new address has no delivery options yet).
 */
export async function notDelivered(
  ctx: WorkflowContext,
  order: { id: string; address: { postcode: string; suburb: string } },
  place: { postcode: string; suburb: string },
  date: DeliveryDateInput,
) {
  const ownPlace =
    order.address.postcode === place.postcode &&
    order.address.suburb.trim().toLowerCase() === place.suburb.trim().toLowerCase();
  return badRequest(
    refusedDateMessage(
      `We do not deliver to ${place.suburb} ${place.postcode} on ${deliveryInWords(date.deliveryDate, date.deliverySlotId)}`,
      ownPlace ? await offeredDates(ctx, order.id, date) : null,
    ),
  );
}

/**
 * An order's change: the order as it now is, or why the order service left it, in the
 * customer's words (`tooLate`: the new date's changes have closed already).
 */
type Change = { order: Order } | { refused: string; tooLate?: boolean };

/** The order service's 409 as a Change, told by its `type` (its words are for staff). */
const refusedBy = (err: HttpError): Change => ({
  refused: refusalInWords(err.options.type),
  tooLate: err.options.type === orderRefusalTypes.tooLate,
});

/** An order to a date and slot: the moved order, or why the order service refused (409). */
async function redate(
  { services, step }: WorkflowContext,
  order: { id: string },
  date: { deliveryDate: string; deliverySlotId: DeliverySlot },
  actor: string,
): Promise<Change> {
  return step('move-delivery', async () => {
    try {
      const moved = await passRefusals('Moving the delivery', () =>
        services.order.patchOrder({
          params: { orderId: order.id },
          body: {
            deliveryDate: date.deliveryDate,
            expectedDeliverySlotId: date.deliverySlotId,
            updatedBy: actor,
          },
        }),
      );
      return { order: moved };
    } catch (err) {
      if (isPassedRefusal(err, 409)) return refusedBy(err);
      throw err;
    }
  });
}

/** Moves an order to a date and slot; a date whose changes have closed is a 400 with others. */
export async function moveDelivery(
  ctx: WorkflowContext,
  order: { id: string },
  date: { deliveryDate: string; deliverySlotId: DeliverySlot },
  actor: string,
): Promise<Order> {
  const result = await redate(ctx, order, date, actor);
  if ('order' in result) return result.order;
  if (result.tooLate) {
    throw badRequest(
      refusedDateMessage(
        `Too late for a delivery on ${dayInWords(date.deliveryDate)}: changes for it have closed`,
        await offeredDates(ctx, order.id, date),
      ),
    );
  }
  throw conflict(`Your box can no longer move: ${result.refused}`);
}

/** An order as it was, to put back if the workflow fails later. */
interface Before {
  id: string;
  address: Order['address'];
  deliveryNote: string | null;
  deliveryDate: string;
  billingCutoffDate: string;
  expectedDeliverySlotId: DeliverySlot;
}

export const before = (o: Order): Before => ({
  id: o.id,
  address: o.address,
  deliveryNote: o.deliveryNote,
  deliveryDate: o.deliveryDate,
  billingCutoffDate: o.billingCutoffDate,
  expectedDeliverySlotId: o.expectedDeliverySlotId,
});

/**
 * A new address on one order (and its delivery note): the changed order, or why it was left. Not
 * a step of its own: `readdressAll` writes every order's address in one.
 */
async function readdress(
  { services }: WorkflowContext,
  order: Before,
  address: OrderAddressInput,
  deliveryNote: string | null | undefined,
  actor: string,
): Promise<Change> {
  try {
    let changed = await passRefusals('Changing the address', () =>
      services.order.replaceAddress({
        params: { orderId: order.id, addressId: order.address.addressId },
        body: address,
      }),
    );
    if (deliveryNote !== undefined && deliveryNote !== order.deliveryNote) {
      changed = await passRefusals('Changing the delivery note', () =>
        services.order.patchOrder({
          params: { orderId: order.id },
          body: { deliveryNote, updatedBy: actor },
        }),
      );
    }
    return { order: changed };
  } catch (err) {
    if (isPassedRefusal(err, 409)) return refusedBy(err);
    throw err;
  }
}

/** An order's address and note put back as they were (the undo of an address change). */
const putAddressBack = ({ services }: WorkflowContext, was: Before) =>
  upstream('Putting the address back', async () => {
    await services.order.replaceAddress({
      params: { orderId: was.id, addressId: was.address.addressId },
      body: orderAddressOf(was.address),
    });
    await services.order.patchOrder({
      params: { orderId: was.id },
      body: { deliveryNote: was.deliveryNote, updatedBy: 'orchestration' },
    });
  });

/** The customer's live orders from a date on, the given one first. */
export async function futureOrders(
  { services, step }: WorkflowContext,
  userId: string,
  fromDate: string,
  first?: string,
): Promise<Before[]> {
  return step('list-future-orders', async () => {
    const page = await upstream('Reading the orders', () =>
      services.order.listOrders({
        query: { userId, orderBy: 'deliveryDate', direction: 'ASC', offset: 0, limit: 100 },
      }),
    );
    return ordersFrom(page.data, fromDate, first).map(before);
  });
}

/**
 * A change to each order in turn, each checkpointed with its undo (`undoOf`) in the saga:
 * `change` answers the changed order, why the order service left it (the order is named in
 * skippedOrders and keeps what it had), or nothing when it is not to change.
 */
async function changeEach(
  saga: Saga,
  targets: readonly Before[],
  change: (target: Before, n: number) => Promise<Change | undefined>,
  undoOf: (was: Before) => { name: string; run: () => Promise<unknown> },
) {
  const orders: Order[] = [];
  const skippedOrders: SkippedOrder[] = [];
  for (const [n, target] of targets.entries()) {
    const result = await saga.around(`change:${target.id}`, () => change(target, n), {
      ...undoOf(target),
      needed: (done) => done !== undefined && 'order' in done,
    });
    if (!result) continue;
    if ('refused' in result) {
      skippedOrders.push({
        orderId: target.id,
        deliveryDate: target.deliveryDate,
        reason: result.refused,
      });
      continue;
    }
    orders.push(result.order);
  }
  return { orders, skippedOrders };
}

/**
 * The new address on each order, in one checkpointed step (`change-addresses`): an order written
 * before a crash is written the same again when the step runs again, which the order service takes
 * as no change, so the orders need no step each (docs/order-changes.md). The first order's refusal
 * fails the workflow (`refuseFirst`) before any other is written; a later one's leaves that order
 * as it was, named in skippedOrders. Undone (`compensate-addresses`) by putting back each order
 * the step changed; when the step itself failed part way, every order but the one it failed on
 * (which order an earlier life of the run reached is not known; putting back an order that did
 * not change is no change).
 */
export async function readdressAll(
  ctx: WorkflowContext,
  saga: Saga,
  targets: readonly Before[],
  next: NewAddress,
  deliveryNote: string | null | undefined,
  actor: string,
  refuseFirst: (reason: string) => Error,
) {
  let failedOn: string | undefined;
  const changes = await saga.step(
    'change-addresses',
    async () => {
      const done: { target: Before; change: Change }[] = [];
      for (const target of targets) {
        if (done.length > 0) await ctx.between();
        const address = orderAddressWith(target.address, next);
        failedOn = target.id;
        const change = await readdress(ctx, target, address, deliveryNote, actor);
        failedOn = undefined;
        done.push({ target, change });
        if (done.length === 1 && 'refused' in change) break;
      }
      return done;
    },
    {
      name: 'compensate-addresses',
      needed: (done) => done.some(({ change }) => 'order' in change),
      run: async (done) => {
        const back = done
          ? done.flatMap(({ target, change }) => ('order' in change ? [target] : []))
          : targets.filter((t) => t.id !== failedOn);
        for (const was of back) await putAddressBack(ctx, was);
      },
    },
    { undoOnFailure: 'any' },
  );
  const orders: Order[] = [];
  const skippedOrders: SkippedOrder[] = [];
  for (const [n, { target, change }] of changes.entries()) {
    if ('order' in change) orders.push(change.order);
    else if (n === 0) throw refuseFirst(change.refused);
    else
      skippedOrders.push({
        orderId: target.id,
        deliveryDate: target.deliveryDate,
        reason: change.refused,
      });
  }
  return { orders, skippedOrders };
}

/** The first day on or after `from` the courier delivers to the place in the slot (a week ahead). */
async function deliveryDayFrom(
  { services, step }: WorkflowContext,
  place: { postcode: string; suburb: string },
  from: string,
  slot: DeliverySlot,
): Promise<string | undefined> {
  return step('check-delivery-date', async () => {
    const schedule = await passRefusals('Reading the delivery schedule', () =>
      services.courier.getDeliverySchedules({
        query: { ...place, fromDate: from, toDate: addDays(from, 6) },
      }),
    );
    return firstDeliveryDay(schedule, slot, from);
  });
}

/** Undo of a move: the order back on its date and slot. */
export const dateBack = ({ services }: WorkflowContext, was: Before) => ({
  name: 'compensate-delivery-date',
  run: () =>
    upstream('Putting the delivery date back', () =>
      services.order.patchOrder({
        params: { orderId: was.id },
        body: {
          deliveryDate: was.deliveryDate,
          expectedDeliverySlotId: was.expectedDeliverySlotId,
          updatedBy: 'orchestration',
        },
      }),
    ),
});

/** The subscription's cadence in days (an order without one has no cadence: null). */
export async function cadenceDaysOf({ services, step }: WorkflowContext, order: Order) {
  const subscriptionId = order.subscriptionId;
  if (!subscriptionId) return null;
  return step('read-cadence', async () => {
    const subscription = await upstream('Reading the subscription', () =>
      services.subscription.getSubscription({ params: { id: subscriptionId }, query: {} }),
    );
    return subscription.cadenceInWeeks * 7;
  });
}

/**
 * The later orders (after the first of `targets`) to the new date's cadence: the k-th one to the
 * new date + k × the subscription's cadence (the courier's next day in the slot when it does not
 * deliver on that one). An order that cannot move (the courier, or the order service's refusal)
 * keeps its date and is named.
 */
export function moveAllLater(
  ctx: WorkflowContext,
  saga: Saga,
  targets: readonly Before[],
  leave: ReadonlySet<string>,
  place: { postcode: string; suburb: string },
  date: DeliveryDateInput,
  cadenceDays: number,
  actor: string,
) {
  return changeEach(
    saga,
    targets,
    async (target, k) => {
      if (k === 0 || leave.has(target.id)) return undefined;
      const due = addDays(date.deliveryDate, k * cadenceDays);
      const day = await deliveryDayFrom(ctx, place, due, date.deliverySlotId);
      if (day) return redate(ctx, target, { ...date, deliveryDate: day }, actor);
      return {
        refused: `we do not deliver to ${place.suburb} ${place.postcode} in that slot in the week from ${dayInWords(due)}`,
      };
    },
    (was) => dateBack(ctx, was),
  );
}

/** Undo of a new default address: the one before the workflow (none before: nothing to put back). */
export const defaultBack = (
  { services }: WorkflowContext,
  userId: string,
  previous: Address | null | undefined,
) => ({
  name: 'compensate-default-address',
  needed: () => Boolean(previous),
  run: () => {
    const {
      addressId: _a,
      cognitoUserId: _c,
      isDefault: _d,
      countryCode: _cc,
      ...back
    } = previous!;
    return upstream('Putting the default address back', () =>
      services.identity.putDefaultAddress({ params: { userId }, body: back }),
    );
  },
});

/** The address sent must be the order's own or the customer's default one: else not found. */
export async function checkAddressId(
  { services, step }: WorkflowContext,
  order: Order,
  addressId: string,
) {
  if (order.address.addressId === addressId) return;
  const known = await step('check-address', async () => {
    const found = await upstream('Reading the default address', () =>
      orNotFound(services.identity.getDefaultAddress({ params: { userId: order.userId } })),
    );
    return found?.addressId === addressId;
  });
  if (!known) throw notFound(`Address ${addressId} not found`);
}
