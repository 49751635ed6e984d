import { createHash, randomUUID } from 'node:crypto';
import { badRequest, notFound, type Clock, type Handlers } from '@pawfresh/kit';
import { and, count, desc, eq, sql, type SQL } from '@pawfresh/db/orm';
import { INVOICE_PREFIX, type courierContract, type Shipment } from '@pawfresh/contracts/courier';
import {
  findPostcode,
  overrideSuburb,
  suburbZone,
  suburbZones,
  type CourierDb,
  type SuburbZoneRow,
} from './db/coverage-store.js';
import { courierEvents, shipments } from './db/schema.js';
import { depotByCode } from './coverage/depots.js';
import {
  dayNumber,
  earliestDeliveryDay,
  MAX_SCHEDULE_DAYS,
  schedule,
  slotsOn,
  TIME_WINDOWS,
} from './rules/delivery-schedule.js';
import { SLOT_AM, SLOT_PM } from './coverage/zones.js';

type ShipmentRow = typeof shipments.$inferSelect;

const SEARCH_LIMIT = 100;

function toShipment(row: ShipmentRow): Shipment {
  return {
    status: row.status,
    id: row.id,
    orderId: row.orderId,
    invoiceNumber: row.invoiceNumber,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    deliveryAddress: row.deliveryAddress,
    deliveryContactName: row.deliveryContactName,
    deliveryContactNumber: row.deliveryContactNumber,
    deliveryContactEmail: row.deliveryContactEmail,
    deliveryDate: row.deliveryDate,
    deliveryInstructions: row.deliveryInstructions,
    deliveryTimeWindowStart: row.deliveryTimeWindowStart,
    deliveryTimeWindowEnd: row.deliveryTimeWindowEnd,
    makeDate: row.makeDate,
    dispatchDate: row.dispatchDate,
    boxes: row.boxes,
  };
}

const toSuburbZone = (row: SuburbZoneRow) => ({
  shippingZoneId: row.shippingZoneId,
  name: row.name,
  postcode: row.postcode,
  suburb: row.suburb,
  isServiceable: row.isServiceable,
  cost: row.cost,
  customCost: row.customCost,
});

/** JSON with object keys sorted, so the same event hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const trackingNumber = () => `BC${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;

export function courierHandlers(db: CourierDb, clock: Clock): Handlers<typeof courierContract> {
  const timeZoneOf = (depotCode: string) =>
    depotByCode.get(depotCode)?.timeZone ?? 'Australia/Sydney';

  return {
    getPostcodeFacility: async ({ params }) => {
      const row = await findPostcode(db, params.postcode);
      if (!row) throw notFound(`Postcode ${params.postcode} not found`);
      return { facilityId: row.facilityId, depotCode: row.depotCode };
    },

    getPostcodeShippingZone: async ({ params }) => {
      const rows = await suburbZones(db, params.postcode);
      if (rows.length === 0) throw notFound(`Postcode ${params.postcode} not found`);
      return rows.map(toSuburbZone);
    },

    updateSuburbZone: async ({ params, body }) => {
      const changes: { isServiceableOverride?: boolean | null; customCost?: number | null } = {};
      if (body.isServiceable !== undefined) changes.isServiceableOverride = body.isServiceable;
      if (body.customCost !== undefined) changes.customCost = body.customCost;
      const found = await overrideSuburb(db, params.postcode, params.suburb, changes);
      const row = found ? await suburbZone(db, params.postcode, params.suburb) : undefined;
      if (!row) throw notFound(`Suburb ${params.suburb} ${params.postcode} not found`);
      return toSuburbZone(row);
    },

    checkServiceability: async ({ body }) => {
      const row = await suburbZone(db, body.postcode, body.suburb);
      return {
        serviceable: row?.isServiceable ?? false,
        postcode: body.postcode,
        suburb: body.suburb,
      };
    },

    getDeliverySchedules: async ({ query }) => {
      const from = dayNumber(query.fromDate);
      const to = dayNumber(query.toDate);
      if (to < from) throw badRequest('toDate must not be before fromDate');
      if (to - from + 1 > MAX_SCHEDULE_DAYS) {
        throw badRequest(`The date range must be at most ${MAX_SCHEDULE_DAYS} days`);
      }
      const row = await suburbZone(db, query.postcode, query.suburb);
      if (!row) throw notFound(`Suburb ${query.suburb} ${query.postcode} not found`);
      const earliest = earliestDeliveryDay(clock.now(), timeZoneOf(row.depotCode));
      return schedule(
        query.fromDate,
        query.toDate,
        { serviceable: row.isServiceable, deliveryDays: row.deliveryDays, slots: row.slots },
        earliest,
      );
    },

    createShipment: async ({ body }) => {
      const { customer, delivery } = body;
      if (dayNumber(body.makeDate) > dayNumber(delivery.date)) {
        throw badRequest('makeDate must not be after the delivery date');
      }
      const zone = await suburbZone(db, customer.address.postcode, customer.address.city);
      if (!zone || !zone.isServiceable) {
        throw badRequest(
          `We do not deliver to ${customer.address.city} ${customer.address.postcode}`,
        );
      }
      const now = clock.now();
      const slots = slotsOn(
        dayNumber(delivery.date),
        { serviceable: true, deliveryDays: zone.deliveryDays, slots: zone.slots },
        earliestDeliveryDay(now, timeZoneOf(zone.depotCode)),
      );
      const wanted = delivery.timePreference === 'AM' ? SLOT_AM : SLOT_PM;
      if ((slots & wanted) === 0) {
        throw badRequest(
          `No ${delivery.timePreference} delivery to ${customer.address.postcode} on ${delivery.date}`,
        );
      }
      const window = TIME_WINDOWS[delivery.timePreference];
      const [row] = await db
        .insert(shipments)
        .values({
          id: randomUUID(),
          orderId: body.orderId ?? null,
          invoiceNumber: sql`${INVOICE_PREFIX}::text || nextval('courier.invoice_number_seq')::text`,
          trackingNumber: trackingNumber(),
          customerId: customer.id,
          deliveryAddress: {
            address1: customer.address.address1,
            address2: customer.address.address2 ?? null,
            city: customer.address.city,
            state: customer.address.state,
            postcode: customer.address.postcode,
          },
          deliveryContactName: customer.name,
          deliveryContactNumber: customer.contact.phone1 ?? customer.contact.phone2 ?? null,
          deliveryContactEmail: customer.contact.email,
          deliveryDate: delivery.date,
          deliveryInstructions: delivery.instructions,
          deliveryTimeWindowStart: window.start,
          deliveryTimeWindowEnd: window.end,
          makeDate: body.makeDate,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('Inserting a shipment returned no row');
      return { delivery: toShipment(row) };
    },

    deleteShipment: async ({ params }) => {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, params.shipmentId));
      if (!row) throw notFound(`Shipment ${params.shipmentId} not found`);
      if (row.status === 'delivered') throw badRequest('A delivered shipment cannot be deleted');
      await db.delete(shipments).where(eq(shipments.id, params.shipmentId));
    },

    searchShipments: async ({ query }) => {
      const filters: SQL[] = [];
      if (query.trackingNumber) filters.push(eq(shipments.trackingNumber, query.trackingNumber));
      if (query.invoiceNumber) filters.push(eq(shipments.invoiceNumber, query.invoiceNumber));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(shipments)
          .where(where)
          .orderBy(desc(shipments.createdAt), desc(shipments.seq))
          .limit(SEARCH_LIMIT),
        db.select({ n: count() }).from(shipments).where(where),
      ]);
      return { total: total?.n ?? 0, items: rows.map(toShipment) };
    },

    recordCourierEvent: async ({ body }) => {
      const eventHash = createHash('sha256')
        .update(
          canonical({
            eventType: body.eventType,
            trackingId: body.trackingId,
            invoiceNumber: body.invoiceNumber,
            payload: body.payload,
          }),
        )
        .digest('hex');
      return db.transaction(async (tx) => {
        const [shipment] = await tx
          .select({ id: shipments.id })
          .from(shipments)
          .where(eq(shipments.invoiceNumber, body.invoiceNumber));
        const [inserted] = await tx
          .insert(courierEvents)
          .values({
            id: randomUUID(),
            eventType: body.eventType,
            trackingId: body.trackingId,
            invoiceNumber: body.invoiceNumber,
            payload: body.payload,
            eventHash,
            shipmentId: shipment?.id ?? null,
            receivedAt: clock.now(),
          })
          .onConflictDoNothing({ target: courierEvents.eventHash })
          .returning({ id: courierEvents.id });
        if (!inserted) {
          const [first] = await tx
            .select({ id: courierEvents.id })
            .from(courierEvents)
            .where(eq(courierEvents.eventHash, eventHash));
          if (!first) throw new Error('A repeated courier event vanished');
          return { id: first.id };
        }
        if (body.eventType === 'delivery_completed' && shipment) {
          await tx
            .update(shipments)
            .set({ status: 'delivered', deliveredAt: clock.now() })
            .where(eq(shipments.id, shipment.id));
        }
        return { id: inserted.id };
      });
    },
  };
}
