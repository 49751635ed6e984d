import { HttpError } from '@pawfresh/kit';
import { slotsOffered } from '@pawfresh/contracts/courier';
import {
  blockedFulfilmentStatuses,
  boxChangeRefusalType,
  orderRefusalTypes,
  type FulfilmentStatus,
  type PaymentStatus,
} from '@pawfresh/contracts/order';
import { isPastCutoff, orderDates, type DeliverySlot } from './order-dates.js';

/**
 * Whether a customer-visible part of an order (its date, address, line items, discounts) may
 * still change: not after its cut-off, and not while the kitchen is working on it.
 */
export type ChangeRefusal =
  | { reason: 'past_cutoff'; cutoffAt: Date }
  | { reason: 'blocked'; fulfilmentStatus: FulfilmentStatus };

export const isBlockedFulfilmentStatus = (status: FulfilmentStatus) =>
  (blockedFulfilmentStatuses as readonly string[]).includes(status);

/** The contracts' `boxChangeRefusalType`, with what the 409's words name. */
export function changeRefusal(
  order: { cutoffAt: Date; fulfilmentStatus: FulfilmentStatus },
  now: Date,
): ChangeRefusal | undefined {
  switch (boxChangeRefusalType(order, now)) {
    case orderRefusalTypes.beingMade:
      return { reason: 'blocked', fulfilmentStatus: order.fulfilmentStatus };
    case orderRefusalTypes.changesClosed:
      return { reason: 'past_cutoff', cutoffAt: order.cutoffAt };
    default:
      return undefined;
  }
}

/**
 * Whether the delivery date may move. As any box change, except that a box whose payment failed
 * may move after its cut-off: it was never charged nor made, and dunning moves it once to a later
 * delivery (docs/dunning.md), whose own cut-off must not have passed.
 */
export function deliveryMoveRefusal(
  order: { cutoffAt: Date; fulfilmentStatus: FulfilmentStatus; paymentStatus: PaymentStatus },
  now: Date,
): ChangeRefusal | undefined {
  const refusal = changeRefusal(order, now);
  if (refusal?.reason === 'past_cutoff' && order.paymentStatus === 'attempt_failed')
    return undefined;
  return refusal;
}

/** The 409's words: why, and what is still possible. */
export function changeRefusalMessage(what: string, refusal: ChangeRefusal): string {
  if (refusal.reason === 'blocked') {
    return `The ${what} cannot change: the kitchen is working on this order (fulfilment ${refusal.fulfilmentStatus}). Notes and flags can still change.`;
  }
  return `The ${what} cannot change: changes closed at ${refusal.cutoffAt.toISOString()} (5pm at the depot on the billing cut-off date). Notes and flags can still change, and later orders until their own cut-off.`;
}

/** The 409 of a box that cannot change: its words, and its `type` for callers. */
export const changeRefused = (what: string, refusal: ChangeRefusal) =>
  new HttpError(409, changeRefusalMessage(what, refusal), {
    type:
      refusal.reason === 'blocked' ? orderRefusalTypes.beingMade : orderRefusalTypes.changesClosed,
  });

/** Why a box may not move to a day and slot the courier offers (null: it may). */
export type DeliveryOptionRefusal = 'box_closed' | 'past_cutoff' | null;

export interface DeliveryOption {
  deliveryDate: string;
  slot: DeliverySlot;
  /** When changes to the box would close, delivered on that day in that slot. */
  cutoffAt: Date;
  refusal: DeliveryOptionRefusal;
}

/**
 * The days and slots a box may move to: every slot the courier offers on each day of its
 * schedule, with the cut-off the box would have there (`orderDates` from the box's depot and
 * kitchen, the slot included), refused when the box itself can no longer move
 * (`deliveryMoveRefusal`) or when that day's own cut-off has passed — the same checks a PATCH of
 * the date makes (flows/delivery-dates.ts), so a day offered here is a day the PATCH takes.
 */
export function deliveryOptions(input: {
  box: { cutoffAt: Date; fulfilmentStatus: FulfilmentStatus; paymentStatus: PaymentStatus };
  place: { depotCode: string; facilityId: number };
  schedule: readonly { deliveryDate: string; slotAvailability: number }[];
  now: Date;
}): DeliveryOption[] {
  const boxClosed = deliveryMoveRefusal(input.box, input.now) !== undefined;
  return slotCutoffs(input.place, input.schedule).map((option) => ({
    ...option,
    refusal: boxClosed
      ? 'box_closed'
      : isPastCutoff(option.cutoffAt, input.now)
        ? 'past_cutoff'
        : null,
  }));
}

/** Every slot the courier offers on each day, with the cut-off an order there would have. */
function slotCutoffs(
  place: { depotCode: string; facilityId: number },
  schedule: readonly { deliveryDate: string; slotAvailability: number }[],
): Omit<DeliveryOption, 'refusal'>[] {
  const out: Omit<DeliveryOption, 'refusal'>[] = [];
  for (const day of schedule) {
    for (const slot of slotsOffered(day.slotAvailability)) {
      const dates = orderDates({
        deliveryDate: day.deliveryDate,
        slot,
        depotCode: place.depotCode,
        facilityId: place.facilityId,
      });
      if (typeof dates === 'string') continue;
      out.push({ deliveryDate: day.deliveryDate, slot, cutoffAt: dates.cutoffAt });
    }
  }
  return out;
}

/**
 * The days and slots a new customer's first order may be on (docs/sign-up.md): the courier's,
 * each whose cut-off (the dates rule) is still ahead — what checkout's orders will take.
 */
export function firstDeliveryOptions(input: {
  place: { depotCode: string; facilityId: number };
  schedule: readonly { deliveryDate: string; slotAvailability: number }[];
  now: Date;
}): Omit<DeliveryOption, 'refusal'>[] {
  return slotCutoffs(input.place, input.schedule).filter(
    (option) => !isPastCutoff(option.cutoffAt, input.now),
  );
}
