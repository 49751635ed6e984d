import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';
import type { courierEventTypes } from '@pawfresh/contracts/courier';

type CourierEventType = (typeof courierEventTypes)[number];

export interface CourierEvent {
  eventType: CourierEventType;
  trackingId: string;
  invoiceNumber: string;
  payload: Record<string, unknown>;
}

/**
 * What makes two courier events the same: sha256 of the event as JSON with its keys sorted, so a
 * repeat is recognised whatever order the courier wrote its keys in.
 */
export function courierEventHash(event: CourierEvent): string {
  const { eventType, trackingId, invoiceNumber, payload } = event;
  const hashed: CourierEvent = { eventType, trackingId, invoiceNumber, payload };
  return createHash('sha256').update(stringify(hashed)).digest('hex');
}

/** The event that marks its shipment delivered. */
export const completesDelivery = (eventType: CourierEventType): boolean =>
  eventType === 'delivery_completed';
