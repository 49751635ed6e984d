import { boxesOf } from '../db/box-store.js';
import { notFound } from '@pawfresh/kit';
import {
  findFulfilmentByBoxSerial,
  findFulfilmentByOrder,
  findFulfilmentRow,
  makeDatesOf,
  readFulfilment,
  readFulfilmentsOfDay,
} from '../db/fulfilment-store.js';
import type { FulfilmentContext } from './context.js';
import { fulfilmentNotFound } from './job-moves.js';

/** A fulfilment with its jobs; 404 when there is none with that id. */
export async function fulfilmentWithJobs(ctx: FulfilmentContext, fulfilmentId: string) {
  const row = await findFulfilmentRow(ctx.db, fulfilmentId);
  if (!row) throw fulfilmentNotFound(fulfilmentId);
  return readFulfilment(ctx.db, row);
}

/** The boxes of an order's fulfilment (none when the order has no fulfilment). */
export async function boxesOfOrder(ctx: FulfilmentContext, orderId: string) {
  const row = await findFulfilmentByOrder(ctx.db, orderId);
  return row ? boxesOf(ctx.db, [row]) : [];
}

/** The box with this serial number (the courier's invoice number for it); 404 when none has it. */
export async function boxWithSerialNumber(ctx: FulfilmentContext, serialNumber: string) {
  const row = await findFulfilmentByBoxSerial(ctx.db, serialNumber);
  const box = row
    ? (await boxesOf(ctx.db, [row])).find((b) => b.serialNumber === serialNumber)
    : undefined;
  if (!box) throw notFound(`No box has the serial number ${serialNumber}`);
  return box;
}

/** A kitchen's make date: every fulfilment with its jobs and boxes (the packing floor). */
export async function fulfilmentsOfDay(
  ctx: FulfilmentContext,
  facilityId: number,
  makeDate: string,
) {
  return readFulfilmentsOfDay(ctx.db, facilityId, makeDate);
}

/** The make dates with work at a kitchen, from a day on. */
export async function makeDates(
  ctx: FulfilmentContext,
  facilityId: number,
  from: string,
  limit: number,
) {
  return makeDatesOf(ctx.db, facilityId, from, limit);
}
