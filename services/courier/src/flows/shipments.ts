import { badRequest, notFound } from '@pawfresh/kit';
import type { createShipmentInput, Shipment } from '@pawfresh/contracts/courier';
import type { z } from 'zod';
import { suburbZone } from '../db/coverage-store.js';
import {
  deleteShipment,
  findShipment,
  insertShipment,
  SEARCH_LIMIT,
  searchShipments,
  toShipment,
} from '../db/shipment-store.js';
import { dayNumber } from '@pawfresh/contracts/calendar-dates';
import {
  depotTimeZone,
  earliestDeliveryDay,
  slotsOn,
  TIME_WINDOWS,
} from '../rules/delivery-schedule.js';
import {
  deliveryContactNumber,
  makeDateRefusal,
  notServiceable,
  slotRefusal,
} from '../rules/shipment-booking.js';
import type { CourierContext } from './context.js';

/**
 * Books a delivery to a serviceable suburb (the address's city), in a slot its zone has open on
 * that date, made no later than it is delivered.
 */
export async function createShipment(
  ctx: CourierContext,
  input: z.output<typeof createShipmentInput>,
): Promise<Shipment> {
  const { customer, delivery } = input;
  const { address } = customer;
  const lateMake = makeDateRefusal(input.makeDate, delivery.date);
  if (lateMake) throw badRequest(lateMake);
  const zone = await suburbZone(ctx.db, address.postcode, address.city);
  if (!zone || !zone.isServiceable)
    throw badRequest(notServiceable(address.city, address.postcode));
  const now = ctx.clock.now();
  const slots = slotsOn(
    dayNumber(delivery.date),
    { serviceable: true, deliveryDays: zone.deliveryDays, slots: zone.slots },
    earliestDeliveryDay(now, depotTimeZone(zone.depotCode)),
  );
  const noSlot = slotRefusal(slots, delivery, address.postcode);
  if (noSlot) throw badRequest(noSlot);
  const window = TIME_WINDOWS[delivery.timePreference];
  const row = await insertShipment(ctx.db, {
    orderId: input.orderId ?? null,
    customerId: customer.id,
    deliveryAddress: {
      address1: address.address1,
      address2: address.address2 ?? null,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
    },
    deliveryContactName: customer.name,
    deliveryContactNumber: deliveryContactNumber(customer.contact),
    deliveryContactEmail: customer.contact.email,
    deliveryDate: delivery.date,
    deliveryInstructions: delivery.instructions,
    deliveryTimeWindowStart: window.start,
    deliveryTimeWindowEnd: window.end,
    makeDate: input.makeDate,
    createdAt: now,
  });
  return toShipment(row);
}

/** Cancels a booking that has not been delivered. */
export async function removeShipment(ctx: CourierContext, shipmentId: string): Promise<void> {
  const shipment = await findShipment(ctx.db, shipmentId);
  if (!shipment) throw notFound(`Shipment ${shipmentId} not found`);
  if (shipment.status === 'delivered') throw badRequest('A delivered shipment cannot be deleted');
  await deleteShipment(ctx.db, shipmentId);
}

export async function findShipments(
  ctx: CourierContext,
  by: {
    trackingNumber?: string | undefined;
    invoiceNumber?: string | undefined;
    orderId?: string | undefined;
  },
) {
  const { total, rows } = await searchShipments(ctx.db, by);
  return { data: rows.map(toShipment), meta: { total, offset: 0, limit: SEARCH_LIMIT } };
}
