import { and, asc, eq, inArray, sql } from '@pawfresh/db/orm';
import { iso } from '@pawfresh/db';
import type { BoxItem, Fulfilment, Job, JobStatus } from '@pawfresh/contracts/fulfilment';
import {
  boxesOf,
  insertChunked,
  itemRows,
  type FulfilmentDb,
  type FulfilmentRow,
} from './box-store.js';
import { boxItems, boxes, fulfilments, jobs } from './schema.js';

export type NewFulfilmentRow = typeof fulfilments.$inferInsert;
export type JobRow = typeof jobs.$inferSelect;

/** A fulfilment ready to write: its row, and each box with its contents and job. */
export interface FulfilmentPlan {
  fulfilment: NewFulfilmentRow & { id: string };
  /** Its jobs' status (pending unless said: demo data starts further on). */
  jobStatus?: JobStatus;
  boxes: {
    row: Omit<typeof boxes.$inferInsert, 'serialNumber'> & { id: string };
    items: BoxItem[];
    jobId: string;
  }[];
}

/** Which of these orders already have a fulfilment, and its id. */
export async function fulfilmentIdsByOrder(
  db: FulfilmentDb,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < orderIds.length; i += 5_000) {
    const rows = await db
      .select({ id: fulfilments.id, orderId: fulfilments.orderId })
      .from(fulfilments)
      .where(inArray(fulfilments.orderId, orderIds.slice(i, i + 5_000)));
    for (const r of rows) found.set(r.orderId, r.id);
  }
  return found;
}

/** Writes fulfilments with their boxes, contents and jobs: one multi-row INSERT per table and chunk. */
export async function insertPlans(db: FulfilmentDb, plans: readonly FulfilmentPlan[], now: Date) {
  const allBoxes = plans.flatMap((p) => p.boxes);
  await insertChunked(
    plans.map((p) => p.fulfilment),
    (chunk) => db.insert(fulfilments).values(chunk),
  );
  await insertChunked(
    allBoxes.map((b) => b.row),
    (chunk) => db.insert(boxes).values(chunk),
  );
  await insertChunked(
    allBoxes.flatMap((b) => itemRows(b.row.id, b.items)),
    (chunk) => db.insert(boxItems).values(chunk),
  );
  await insertChunked(
    plans.flatMap((p) =>
      p.boxes.map((b) => ({
        id: b.jobId,
        fulfilmentId: p.fulfilment.id,
        boxId: b.row.id,
        status: p.jobStatus ?? 'pending',
        updatedAt: now,
      })),
    ),
    (chunk) => db.insert(jobs).values(chunk),
  );
}

/** The ids of these fulfilments' orders, boxes and jobs, by fulfilment. */
export async function jobsOfFulfilments(db: FulfilmentDb, fulfilmentIds: readonly string[]) {
  const found = new Map<
    string,
    { fulfilmentId: string; orderId: string; boxIds: string[]; jobIds: string[] }
  >();
  if (fulfilmentIds.length === 0) return found;
  const rows = await db
    .select({
      fulfilmentId: fulfilments.id,
      orderId: fulfilments.orderId,
      boxId: jobs.boxId,
      jobId: jobs.id,
    })
    .from(fulfilments)
    .innerJoin(jobs, eq(jobs.fulfilmentId, fulfilments.id))
    .innerJoin(boxes, eq(boxes.id, jobs.boxId))
    .where(inArray(fulfilments.id, [...fulfilmentIds]))
    .orderBy(asc(fulfilments.id), asc(boxes.boxNumber));
  for (const r of rows) {
    const entry = found.get(r.fulfilmentId) ?? {
      fulfilmentId: r.fulfilmentId,
      orderId: r.orderId,
      boxIds: [],
      jobIds: [],
    };
    entry.boxIds.push(r.boxId);
    entry.jobIds.push(r.jobId);
    found.set(r.fulfilmentId, entry);
  }
  return found;
}

export async function findFulfilmentRow(db: FulfilmentDb, id: string, lock = false) {
  const query = db.select().from(fulfilments).where(eq(fulfilments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findFulfilmentByOrder(db: FulfilmentDb, orderId: string) {
  const [row] = await db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row;
}

export async function jobRows(db: FulfilmentDb, fulfilmentId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .innerJoin(boxes, eq(boxes.id, jobs.boxId))
    .where(eq(jobs.fulfilmentId, fulfilmentId))
    .orderBy(asc(boxes.boxNumber))
    .then((rows) => rows.map((r) => r.jobs));
}

/** A fulfilment with its jobs and boxes, as the contract shows it. */
export async function readFulfilment(
  db: FulfilmentDb,
  row: FulfilmentRow,
): Promise<{ fulfilment: Fulfilment; jobs: Job[] }> {
  const [boxList, jobList] = await Promise.all([boxesOf(db, [row]), jobRows(db, row.id)]);
  const boxById = new Map(boxList.map((b) => [b.boxId, b]));
  const fullJobs: Job[] = jobList.map((j) => {
    const box = boxById.get(j.boxId)!;
    return {
      jobId: j.id,
      fulfilmentId: row.id,
      facilityId: row.facilityId,
      boxId: j.boxId,
      boxSerialNumber: box.serialNumber,
      status: j.status,
      customerId: row.customerId,
      customerName: row.customerName,
      shipmentId: row.shipmentId,
      stationId: j.stationId,
      boxingStationId: j.boxingStationId,
      pnpWorkerId: j.pnpWorkerId,
      box,
    };
  });
  return {
    jobs: fullJobs,
    fulfilment: {
      fulfilmentId: row.id,
      orderId: row.orderId,
      makeDate: row.makeDate,
      deliveryDate: row.deliveryDate,
      customerId: row.customerId,
      depotCode: row.depotCode,
      shipmentId: row.shipmentId,
      facilityId: row.facilityId,
      isOnHold: row.isOnHold,
      isBacklogged: row.isBacklogged,
      status: row.status,
      boxIds: boxList.map((b) => b.boxId),
      jobs: fullJobs.map(({ box: _box, ...job }) => job),
      boxes: boxList,
      version: row.version,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    },
  };
}

/** Sets these jobs' status (and stations), all at once. */
export async function updateJobs(
  db: FulfilmentDb,
  ids: readonly string[],
  set: Partial<Pick<JobRow, 'status' | 'stationId' | 'boxingStationId' | 'pnpWorkerId'>>,
  now: Date,
) {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ ...set, updatedAt: now })
    .where(inArray(jobs.id, [...ids]));
}

export async function updateFulfilmentRow(
  db: FulfilmentDb,
  id: string,
  set: Partial<Pick<FulfilmentRow, 'status' | 'isOnHold' | 'isBacklogged' | 'shipmentId'>>,
  now: Date,
) {
  const [row] = await db
    .update(fulfilments)
    .set({ ...set, version: sql`${fulfilments.version} + 1`, updatedAt: now })
    .where(eq(fulfilments.id, id))
    .returning();
  return row!;
}

export async function deleteFulfilmentRow(db: FulfilmentDb, id: string) {
  await db.delete(fulfilments).where(eq(fulfilments.id, id));
}

/** Job statuses of a fulfilment (for has-started and the blocked checks). */
export async function jobStatuses(db: FulfilmentDb, fulfilmentId: string): Promise<JobStatus[]> {
  const rows = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(eq(jobs.fulfilmentId, fulfilmentId));
  return rows.map((r) => r.status);
}

/** One line of a pick list: a make date's total of one product variant (or ice pack size). */
export interface PickRow {
  type: BoxItem['type'];
  sku: string;
  name: string;
  productVariantName: string | null;
  weight: number | null;
  category: BoxItem['category'];
  quantity: number;
  boxes: number;
}

/** A kitchen's make-date totals per item, over every box of the day that is not cancelled. */
export async function pickListRows(
  db: FulfilmentDb,
  facilityId: number,
  makeDate: string,
): Promise<{ rows: PickRow[]; boxes: number; orders: number }> {
  const where = and(
    eq(fulfilments.facilityId, facilityId),
    eq(fulfilments.makeDate, makeDate),
    sql`${jobs.status} <> 'cancelled'`,
  );
  const rows = await db
    .select({
      type: boxItems.type,
      sku: boxItems.sku,
      name: sql<string>`min(${boxItems.name})`,
      productVariantName: sql<string | null>`min(${boxItems.productVariantName})`,
      weight: boxItems.weight,
      category: boxItems.category,
      quantity: sql<number>`sum(${boxItems.quantity})::int`,
      boxes: sql<number>`count(distinct ${boxItems.boxId})::int`,
    })
    .from(boxItems)
    .innerJoin(jobs, eq(jobs.boxId, boxItems.boxId))
    .innerJoin(fulfilments, eq(fulfilments.id, jobs.fulfilmentId))
    .where(where)
    .groupBy(boxItems.type, boxItems.sku, boxItems.weight, boxItems.category)
    .orderBy(asc(boxItems.type), asc(boxItems.sku), asc(boxItems.weight));
  const [totals] = await db
    .select({
      boxes: sql<number>`count(*)::int`,
      orders: sql<number>`count(distinct ${fulfilments.id})::int`,
    })
    .from(jobs)
    .innerJoin(fulfilments, eq(fulfilments.id, jobs.fulfilmentId))
    .where(where);
  return { rows, boxes: totals?.boxes ?? 0, orders: totals?.orders ?? 0 };
}
