import { asc, eq, inArray, sql } from '@pawfresh/db/orm';
import { iso, type Database } from '@pawfresh/db';
import type { Box, BoxItem } from '@pawfresh/contracts/fulfilment';
import {
  boxItems,
  boxes,
  contentChanges,
  fulfilments,
  jobs,
  type FulfilmentSchema,
} from './schema.js';

/** The fulfilment service's view of the database (a transaction fits it too). */
export type FulfilmentDb = Database<FulfilmentSchema>;
export type BoxRow = typeof boxes.$inferSelect;
export type NewBoxRow = typeof boxes.$inferInsert;
export type BoxItemRow = typeof boxItems.$inferSelect;
export type FulfilmentRow = typeof fulfilments.$inferSelect;

export const toBoxItem = (r: BoxItemRow): BoxItem => ({
  type: r.type,
  sku: r.sku,
  name: r.name,
  productCode: r.productCode,
  productVariantName: r.productVariantName,
  productVariantId: r.productVariantId,
  quantity: r.quantity,
  barcode: r.barcode,
  weight: r.weight,
  category: r.category,
});

export const itemRows = (boxId: string, items: readonly BoxItem[]) =>
  items.map((item, position) => ({ boxId, position, ...item }));

export function toBox(row: BoxRow, fulfilment: FulfilmentRow, items: BoxItemRow[]): Box {
  return {
    boxId: row.id,
    fulfilmentId: row.fulfilmentId,
    serialNumber: row.serialNumber,
    orderIds: [fulfilment.orderId],
    boxNumber: row.boxNumber,
    boxCount: row.boxCount,
    boxSize: row.boxSize,
    has5pmCutoff: row.has5pmCutoff,
    customerName: fulfilment.customerName,
    dispatchTimeUTC: iso(row.dispatchAt),
    contents: items.map(toBoxItem),
    version: row.version,
  };
}

/** The boxes of these fulfilments, in box order, each with its contents. */
export async function boxesOf(db: FulfilmentDb, fulfilmentRows: FulfilmentRow[]): Promise<Box[]> {
  if (fulfilmentRows.length === 0) return [];
  const byId = new Map(fulfilmentRows.map((f) => [f.id, f]));
  const rows = await db
    .select()
    .from(boxes)
    .where(inArray(boxes.fulfilmentId, [...byId.keys()]))
    .orderBy(asc(boxes.fulfilmentId), asc(boxes.boxNumber));
  const items = rows.length
    ? await db
        .select()
        .from(boxItems)
        .where(
          inArray(
            boxItems.boxId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(boxItems.boxId), asc(boxItems.position))
    : [];
  const itemsBy = new Map<string, BoxItemRow[]>();
  for (const item of items) {
    const list = itemsBy.get(item.boxId);
    if (list) list.push(item);
    else itemsBy.set(item.boxId, [item]);
  }
  return rows.map((r) => toBox(r, byId.get(r.fulfilmentId)!, itemsBy.get(r.id) ?? []));
}

/** A box with its fulfilment and the status of its job; `lock` holds the box row until commit. */
export async function findBox(db: FulfilmentDb, boxId: string, lock = false) {
  if (lock) {
    const [locked] = await db
      .select({ id: boxes.id })
      .from(boxes)
      .where(eq(boxes.id, boxId))
      .for('update');
    if (!locked) return undefined;
  }
  const [row] = await db
    .select({ box: boxes, fulfilment: fulfilments, jobStatus: jobs.status })
    .from(boxes)
    .innerJoin(fulfilments, eq(fulfilments.id, boxes.fulfilmentId))
    .innerJoin(jobs, eq(jobs.boxId, boxes.id))
    .where(eq(boxes.id, boxId));
  return row;
}

export async function boxItemRows(db: FulfilmentDb, boxId: string) {
  return db
    .select()
    .from(boxItems)
    .where(eq(boxItems.boxId, boxId))
    .orderBy(asc(boxItems.position));
}

/** Replaces a box's contents and size, one version on. */
export async function replaceContents(
  db: FulfilmentDb,
  box: BoxRow,
  items: readonly BoxItem[],
  size: BoxRow['boxSize'],
  now: Date,
): Promise<BoxRow> {
  await db.delete(boxItems).where(eq(boxItems.boxId, box.id));
  await db.insert(boxItems).values(itemRows(box.id, items));
  const [row] = await db
    .update(boxes)
    .set({ boxSize: size, version: sql`${boxes.version} + 1`, updatedAt: now })
    .where(eq(boxes.id, box.id))
    .returning();
  return row!;
}

export async function recordContentChange(
  db: FulfilmentDb,
  change: typeof contentChanges.$inferInsert,
): Promise<void> {
  await db.insert(contentChanges).values(change);
}

export async function contentChangeRows(db: FulfilmentDb, boxId: string) {
  return db
    .select()
    .from(contentChanges)
    .where(eq(contentChanges.boxId, boxId))
    .orderBy(asc(contentChanges.seq));
}

export async function setSerial(db: FulfilmentDb, boxId: string, serialNumber: string, now: Date) {
  const [row] = await db
    .update(boxes)
    .set({ serialNumber, version: sql`${boxes.version} + 1`, updatedAt: now })
    .where(eq(boxes.id, boxId))
    .returning();
  return row!;
}
