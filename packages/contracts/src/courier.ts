import { z } from 'zod';
import { defineContract } from './define.js';
import { calendarDate, instant, paginated, postcode, uuid } from './fields.js';

/** Every invoice number the courier sees begins with this (services.md §3, §5). */
export const INVOICE_PREFIX = 'PFR';
export const INVOICE_PREFIX_MESSAGE = `Invoice number must start with ${INVOICE_PREFIX}`;
export const EVENT_PAYLOAD_MISMATCH = 'Event Type and Payload must match.';

/** services.md §8. */
export const deliveryExceptionReasonCodes = [
  'CNX',
  'R',
  'RREC',
  'GNR',
  'G',
  'U',
  'DG',
  'BC',
  'BA',
  'A',
  'I',
  'S',
  'D',
  'BT',
  'ORC',
  'O',
] as const;
export const courierEventTypes = [
  'delivery_completed',
  'delivery_scheduled',
  'delivery_exception',
  'unknown_event_received',
] as const;
export const shipmentStatuses = ['pending', 'delivered'] as const;
export const timePreferences = ['AM', 'PM'] as const;

const nonEmpty = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` });
const invoiceNumber = z
  .string({ error: INVOICE_PREFIX_MESSAGE })
  .trim()
  .max(50)
  .refine((v) => v.startsWith(INVOICE_PREFIX) && v.length > INVOICE_PREFIX.length, {
    error: INVOICE_PREFIX_MESSAGE,
  });

/** The bit of each delivery slot in a day's `slotAvailability` (0 none, 1 AM, 2 PM, 3 both). */
const SLOT_BITS = { AM: 1, PM: 2 } as const;

/** Whether a day's slot availability offers the slot. */
export const slotOffered = (availability: number, slot: keyof typeof SLOT_BITS): boolean =>
  (availability & SLOT_BITS[slot]) !== 0;

/** The slots a day's availability offers, morning first. */
export const slotsOffered = (availability: number): (keyof typeof SLOT_BITS)[] =>
  (['AM', 'PM'] as const).filter((slot) => slotOffered(availability, slot));

export const slotAvailabilitySchema = z
  .object({
    deliveryDate: z.string().describe('YYYY-MM-DD'),
    slotAvailability: z.number().int().min(0).max(3).describe('0 none, 1 AM, 2 PM, 3 both'),
  })
  .meta({ id: 'DeliverySlotAvailability' });

export const serviceabilitySchema = z
  .object({ serviceable: z.boolean(), postcode: z.string(), suburb: z.string() })
  .meta({ id: 'PostcodeServiceability' });

export const postcodeFacilitySchema = z
  .object({ facilityId: z.number().int(), depotCode: z.string() })
  .meta({ id: 'PostcodeFacility' });

export const suburbZoneSchema = z
  .object({
    shippingZoneId: z.number().int(),
    name: z.string(),
    postcode: z.string(),
    suburb: z.string(),
    isServiceable: z.boolean(),
    cost: z.number().int().describe('Integer cents'),
    customCost: z.number().int().nullable().describe('Staff override, integer cents'),
  })
  .meta({ id: 'SuburbZone' });

export const addressSchema = z
  .object({
    address1: nonEmpty('address1').max(200),
    address2: z.string().trim().max(200).nullish(),
    city: nonEmpty('city').max(100),
    state: z.string().trim().min(2).max(3).toUpperCase(),
    postcode,
  })
  .strict();

export const contactSchema = z
  .object({
    phone1: z.string().trim().min(1, { error: 'phone1 must not be empty' }).max(30).optional(),
    phone2: z.string().trim().min(1, { error: 'phone2 must not be empty' }).max(30).optional(),
    email: z
      .string()
      .trim()
      .pipe(z.email({ error: 'Contact email must be valid' }).max(254)),
  })
  .strict();

export const customerDetailsSchema = z
  .object({
    id: uuid('customer.id'),
    name: z
      .string({ error: 'Customer name must be at least 1 character' })
      .trim()
      .min(1, { error: 'Customer name must be at least 1 character' })
      .max(200),
    contact: contactSchema,
    address: addressSchema,
  })
  .strict();

export const deliveryPreferenceSchema = z
  .object({
    instructions: z.string().max(1000),
    date: calendarDate,
    timePreference: z.enum(timePreferences, { error: 'timePreference must be AM or PM' }),
  })
  .strict();

export const createShipmentInput = z
  .object({
    makeDate: calendarDate,
    orderId: uuid('orderId').optional(),
    customer: customerDetailsSchema,
    delivery: deliveryPreferenceSchema,
  })
  .strict();

export const shipmentSchema = z
  .object({
    status: z.enum(shipmentStatuses),
    id: z.uuid(),
    orderId: z.uuid().nullable(),
    invoiceNumber: z.string(),
    trackingNumber: z.string(),
    createdAt: instant,
    deliveryAddress: z.object({
      address1: z.string(),
      address2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      postcode: z.string(),
    }),
    deliveryContactName: z.string(),
    deliveryContactNumber: z.string().nullable(),
    deliveryContactEmail: z.string(),
    deliveryDate: z.string(),
    deliveryInstructions: z.string(),
    deliveryTimeWindowStart: z.string().describe('Local time at the depot, HH:mm'),
    deliveryTimeWindowEnd: z.string().describe('Local time at the depot, HH:mm'),
    makeDate: z.string(),
    dispatchDate: z.string().nullable(),
    boxes: z.array(z.object({ boxId: z.string(), serialNumber: z.string() })),
  })
  .meta({ id: 'Shipment' });

const payloadBase = {
  tracking: z.string().min(1).max(100),
  invoice: invoiceNumber,
  ticket: z.string().max(100).optional(),
};
export const eventPayloadSchemas = {
  delivery_completed: z
    .object({
      ...payloadBase,
      time: z.string().min(1).max(50),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      signed_by: z.string().max(200),
    })
    .strict(),
  delivery_scheduled: z
    .object({ ...payloadBase, date: calendarDate, eta: z.string().min(1).max(50) })
    .strict(),
  delivery_exception: z
    .object({
      ...payloadBase,
      status: z.string().min(1).max(100),
      time: z.string().min(1).max(50),
      reason_code: z.enum(deliveryExceptionReasonCodes),
    })
    .strict(),
  unknown_event_received: z.object(payloadBase).passthrough(),
} as const;

export const courierEventInput = z
  .object({
    trackingId: nonEmpty('trackingId').max(100),
    invoiceNumber,
    eventType: z.enum(courierEventTypes),
    payload: z.record(z.string(), z.unknown()),
  })
  .strict()
  .superRefine((event, ctx) => {
    const parsed = eventPayloadSchemas[event.eventType].safeParse(event.payload);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['payload'], message: EVENT_PAYLOAD_MISMATCH });
      return;
    }
    if (parsed.data.tracking !== event.trackingId || parsed.data.invoice !== event.invoiceNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['payload'],
        message: 'Payload tracking and invoice must match trackingId and invoiceNumber',
      });
    }
  });

/**
 * The courier's topics (docs/architecture.md): what it announces to its subscribers through its
 * outbox rather than calling them. `shipment_delivered`: a delivery_completed event marked a
 * shipment delivered; the order service marks the shipment's order delivered.
 */
export const courierTopics = ['shipment_delivered'] as const;
export type CourierTopic = (typeof courierTopics)[number];

/** What a subscriber of the courier's topics receives (its `id` is the Idempotency-Key too). */
export const courierTopicInput = z
  .object({
    id: uuid('id').describe('The event id: a redelivery carries the same one'),
    topic: z.enum(courierTopics, { error: `topic must be one of ${courierTopics.join(', ')}` }),
    shipmentId: uuid('shipmentId'),
    orderId: uuid('orderId')
      .nullable()
      .describe("The shipment's order, when it was booked for one"),
    occurredAt: instant,
  })
  .strict();
export type CourierTopicInput = z.output<typeof courierTopicInput>;

export type Shipment = z.infer<typeof shipmentSchema>;
export type SuburbZone = z.infer<typeof suburbZoneSchema>;
export type CreateShipmentInput = z.input<typeof createShipmentInput>;
export type CourierEventInput = z.input<typeof courierEventInput>;

const postcodeParams = z.object({ postcode });

export const courierContract = defineContract({
  service: 'courier',
  title: 'Courier service',
  description:
    'Delivery coverage (every Australian postcode and suburb, its depot, facility and shipping zone), delivery slots, shipments and courier events.',
  version: '1.0.0',
  endpoints: {
    createShipment: {
      method: 'POST',
      path: '/api/v1/couriers/becool/shipments',
      summary: 'Book a delivery with the courier',
      body: createShipmentInput,
      response: z.object({ delivery: shipmentSchema }),
      errors: [400, 404, 500],
    },
    searchShipments: {
      method: 'GET',
      path: '/api/v1/couriers/becool/shipments/search',
      summary:
        'Shipments by tracking number, invoice number and/or order, newest first (at most 100 items)',
      query: z.object({
        trackingNumber: z.string().trim().min(1).max(100).optional(),
        invoiceNumber: z.string().trim().min(1).max(100).optional(),
        orderId: uuid('orderId').optional().describe("The order's shipments"),
      }),
      response: paginated(shipmentSchema, 'ShipmentPage'),
      errors: [400, 500],
    },
    deleteShipment: {
      method: 'DELETE',
      path: '/api/v1/couriers/becool/shipments/:shipmentId',
      summary: 'Cancel a pending shipment',
      params: z.object({ shipmentId: uuid('shipmentId') }),
      status: 204,
      response: z.void(),
      errors: [400, 404, 500],
    },
    getPostcodeFacility: {
      method: 'GET',
      path: '/api/v1/couriers/becool/postcodes/:postcode/facility',
      summary: "A postcode's facility and depot",
      params: postcodeParams,
      response: postcodeFacilitySchema,
      errors: [400, 404, 500],
    },
    getPostcodeShippingZone: {
      method: 'GET',
      path: '/api/v1/couriers/becool/postcodes/:postcode/shipping-zone',
      summary: "A postcode's suburbs with their shipping zone, cost and serviceability",
      params: postcodeParams,
      response: z.array(suburbZoneSchema),
      errors: [400, 404, 500],
    },
    updateSuburbZone: {
      method: 'PATCH',
      path: '/api/v1/couriers/becool/postcodes/:postcode/suburbs/:suburb',
      summary: "Staff override of a suburb's serviceability or cost (null clears an override)",
      params: z.object({ postcode, suburb: nonEmpty('suburb').max(100) }),
      body: z
        .object({
          isServiceable: z.boolean().nullable().optional(),
          customCost: z.number().int().min(0).max(2147483647).nullable().optional(),
        })
        .strict(),
      response: suburbZoneSchema,
      errors: [400, 404, 500],
    },
    checkServiceability: {
      method: 'POST',
      path: '/api/v1/couriers/becool/serviceability-check',
      summary: 'Whether the courier delivers to a postcode and suburb (unknown pair: false)',
      body: z.object({ postcode, suburb: nonEmpty('suburb').max(100) }).strict(),
      response: serviceabilitySchema,
      errors: [400, 500],
    },
    getDeliverySchedules: {
      method: 'GET',
      path: '/api/v1/couriers/becool/delivery-schedules',
      summary: 'Delivery slots for each date of a range (at most 31 days)',
      query: z.object({
        postcode,
        suburb: nonEmpty('suburb').max(100),
        fromDate: calendarDate,
        toDate: calendarDate,
      }),
      response: z.array(slotAvailabilitySchema),
      errors: [400, 404, 500],
    },
    recordCourierEvent: {
      method: 'POST',
      path: '/api/v1/couriers/becool/courier/events',
      summary: 'Record a courier event (a repeat answers with the first id)',
      status: 201,
      body: courierEventInput,
      response: z.object({ id: z.uuid() }),
      errors: [400, 500],
    },
  },
});
