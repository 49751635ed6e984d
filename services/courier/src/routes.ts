import type { Handlers } from '@pawfresh/kit';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { CourierContext } from './flows/context.js';
import { recordCourierEvent } from './flows/courier-events.js';
import { getDeliverySchedules } from './flows/delivery-schedules.js';
import {
  checkServiceability,
  getPostcodeFacility,
  getPostcodeShippingZone,
  updateSuburbZone,
} from './flows/serviceability.js';
import { createShipment, findShipments, removeShipment } from './flows/shipments.js';

export function courierHandlers(ctx: CourierContext): Handlers<typeof courierContract> {
  return {
    getPostcodeFacility: ({ params }) => getPostcodeFacility(ctx, params.postcode),
    getPostcodeShippingZone: ({ params }) => getPostcodeShippingZone(ctx, params.postcode),
    updateSuburbZone: ({ params, body }) => updateSuburbZone(ctx, params, body),
    checkServiceability: ({ body }) => checkServiceability(ctx, body),
    getDeliverySchedules: ({ query }) => getDeliverySchedules(ctx, query),
    createShipment: async ({ body }) => ({ delivery: await createShipment(ctx, body) }),
    deleteShipment: ({ params }) => removeShipment(ctx, params.shipmentId),
    searchShipments: ({ query }) => findShipments(ctx, query),
    recordCourierEvent: ({ body }) => recordCourierEvent(ctx, body),
  };
}
