import { and, asc, eq, inArray, sql } from '@pawfresh/db/orm';
import { insertJsonRows, iso } from '@pawfresh/db';
import type { Box, BoxItem, Fulfilment, Job, JobStatus } from '@pawfresh/contracts/fulfilment';
import { boxesOf, type FulfilmentDb, type FulfilmentRow } from './box-store.js';
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

/**
 * Writes fulfilments with their boxes, contents and jobs: one multi-row INSERT per table, column
 * by column (`insertJsonRows`, as the order store writes orders). Box serial numbers are the
 * column's default (the sequence), drawn in the same statement. Every column a row may leave out
 * is given for every row: the first row says which columns are written.
 */
export async function insertPlans(db: FulfilmentDb, plans: readonly FulfilmentPlan[], now: Date) {
  await insertJsonRows(
    db,
    fulfilments,
    plans.map(({ fulfilment: f, jobStatus }) => ({
      ...f,
      shipmentId: f.shipmentId ?? null,
      isOnHold: f.isOnHold ?? false,
      isBacklogged: f.isBacklogged ?? false,
      status: f.status ?? jobStatus ?? 'pending',
      version: 1,
    })),
  );
  const all = plans.flatMap((p) => p.boxes.map((box) => ({ plan: p, box })));
  await insertJsonRows(
    db,
    boxes,
    all.map(({ box }) => ({ ...box.row, version: 1 })),
  );
  await insertJsonRows(
    db,
    boxItems,
    all.flatMap(({ box }) =>
      box.items.map((item, position) => ({ ...item, boxId: box.row.id, position })),
    ),
  );
  await insertJsonRows(
    db,
    jobs,
    all.map(({ plan, box }) => ({
      id: box.jobId,
      fulfilmentId: plan.fulfilment.id,
      boxId: box.row.id,
      status: plan.jobStatus ?? 'pending',
      updatedAt: now,
    })),
  );
}

/**
 * Refreshes the planner's statistics of the fulfilment tables: after a bulk load of a whole day,
 * the pick list's plan (hash joins over the day's boxes) depends on them.
 */
export async function refreshStatistics(db: FulfilmentDb) {
  await db.execute(
    sql`analyze fulfilment.fulfilments, fulfilment.boxes, fulfilment.box_items, fulfilment.jobs`,
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

/** The fulfilment holding the box with this serial number (boxes_serial_number answers it). */
export async function findFulfilmentByBoxSerial(db: FulfilmentDb, serial: string) {
  const [row] = await db
    .select({ fulfilment: fulfilments })
    .from(boxes)
    .innerJoin(fulfilments, eq(fulfilments.id, boxes.fulfilmentId))
    .where(eq(boxes.serialNumber, serial));
  return row?.fulfilment;
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
  return assembleFulfilment(row, boxList, jobList);
}

/**
 * A kitchen's fulfilments of one make date with their jobs and boxes (the packing floor), by
 * depot then customer name: three queries whatever their number.
 */
export async function readFulfilmentsOfDay(
  db: FulfilmentDb,
  facilityId: number,
  makeDate: string,
): Promise<Fulfilment[]> {
  const rows = await fulfilmentRowsOfDay(db, facilityId, makeDate);
  if (rows.length === 0) return [];
  const [boxList, jobList] = await Promise.all([
    boxesOf(db, rows),
    db
      .select()
      .from(jobs)
      .innerJoin(fulfilments, eq(fulfilments.id, jobs.fulfilmentId))
      .where(and(eq(fulfilments.facilityId, facilityId), eq(fulfilments.makeDate, makeDate)))
      .then((found) => found.map((r) => r.jobs)),
  ]);
  const boxesBy = groupBy(boxList, (b) => b.fulfilmentId);
  const jobsBy = groupBy(jobList, (j) => j.fulfilmentId);
  return rows.map(
    (row) =>
      assembleFulfilment(row, boxesBy.get(row.id) ?? [], jobsBy.get(row.id) ?? []).fulfilment,
  );
}

/** A kitchen's fulfilment rows of one make date, by depot then customer name. */
export function fulfilmentRowsOfDay(db: FulfilmentDb, facilityId: number, makeDate: string) {
  return db
    .select()
    .from(fulfilments)
    .where(and(eq(fulfilments.facilityId, facilityId), eq(fulfilments.makeDate, makeDate)))
    .orderBy(asc(fulfilments.depotCode), asc(fulfilments.customerName), asc(fulfilments.id));
}

/** The make dates a kitchen has fulfilments for, from a day on, soonest first, with their count. */
export async function makeDatesOf(
  db: FulfilmentDb,
  facilityId: number,
  from: string,
  limit: number,
): Promise<{ makeDate: string; fulfilments: number }[]> {
  return db
    .select({ makeDate: fulfilments.makeDate, fulfilments: sql<number>`count(*)::int` })
    .from(fulfilments)
    .where(and(eq(fulfilments.facilityId, facilityId), sql`${fulfilments.makeDate} >= ${from}`))
    .groupBy(fulfilments.makeDate)
    .orderBy(asc(fulfilments.makeDate))
    .limit(limit);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const found = new Map<string, T[]>();
  for (const item of items) {
    const list = found.get(key(item));
    if (list) list.push(item);
    else found.set(key(item), [item]);
  }
  return found;
}

function assembleFulfilment(
  row: FulfilmentRow,
  boxList: readonly Box[],
  jobList: readonly JobRow[],
): { fulfilment: Fulfilment; jobs: Job[] } {
  const boxById = new Map(boxList.map((b) => [b.boxId, b]));
  const fullJobs: Job[] = jobList
    .map((j) => {
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
    })
    .sort((a, b) => a.box.boxNumber - b.box.boxNumber);
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
      boxes: [...boxList],
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

/**
 * A kitchen's make-date totals per item, over every box of the day that is not cancelled: first
 * per box (a box may list an item twice after a correction), then per item, both by hashing.
 */
export async function pickListRows(
  db: FulfilmentDb,
  facilityId: number,
  makeDate: string,
): Promise<{ rows: PickRow[]; boxes: number; orders: number }> {
  return db.transaction(async (tx) => {
    // A day's items (about 80,000 for 10,000 orders) are grouped per box in memory: with the
    // default 4 MB of work memory the grouping spilled to disk (five batches, bench plan).
    await tx.execute(sql`set local work_mem = '32MB'`);
    return pickListTotals(tx, facilityId, makeDate);
  });
}

async function pickListTotals(
  db: FulfilmentDb,
  facilityId: number,
  makeDate: string,
): Promise<{ rows: PickRow[]; boxes: number; orders: number }> {
  const where = and(
    eq(fulfilments.facilityId, facilityId),
    eq(fulfilments.makeDate, makeDate),
    sql`${jobs.status} <> 'cancelled'`,
  );
  const perBox = db
    .select({
      boxId: boxItems.boxId,
      type: boxItems.type,
      sku: boxItems.sku,
      name: sql<string>`min(${boxItems.name})`.as('name'),
      productVariantName: sql<string | null>`min(${boxItems.productVariantName})`.as('variant'),
      weight: boxItems.weight,
      category: boxItems.category,
      quantity: sql<number>`sum(${boxItems.quantity})`.as('quantity'),
    })
    .from(boxItems)
    .innerJoin(jobs, eq(jobs.boxId, boxItems.boxId))
    .innerJoin(fulfilments, eq(fulfilments.id, jobs.fulfilmentId))
    .where(where)
    .groupBy(boxItems.boxId, boxItems.type, boxItems.sku, boxItems.weight, boxItems.category)
    .as('per_box');
  const rows = await db
    .select({
      type: perBox.type,
      sku: perBox.sku,
      name: sql<string>`min(${perBox.name})`,
      productVariantName: sql<string | null>`min(${perBox.productVariantName})`,
      weight: perBox.weight,
      category: perBox.category,
      quantity: sql<number>`sum(${perBox.quantity})::int`,
      boxes: sql<number>`count(*)::int`,
    })
    .from(perBox)
    .groupBy(perBox.type, perBox.sku, perBox.weight, perBox.category)
    .orderBy(asc(perBox.type), asc(perBox.sku), asc(perBox.weight));
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
