import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '@pawfresh/kit';
import { isUniqueViolation, iso } from '@pawfresh/db';
import type { BoxItem, BoxItemInput } from '@pawfresh/contracts/fulfilment';
import {
  boxItemRows,
  contentChangeRows,
  findBox,
  recordContentChange,
  replaceContents,
  setSerial,
  toBox,
  toBoxItem,
} from '../db/box-store.js';
import { blockedMessage, isBlocked } from '../rules/job-status.js';
import { contentsLoad, overCapacityMessage, sizeFor } from '../rules/packing.js';
import type { FulfilmentContext } from './context.js';

export const boxNotFound = (boxId: string) => notFound(`Box ${boxId} not found`);

const staleBox = (boxId: string, sent: number, at: number) =>
  conflict(
    `Box ${boxId} has changed since version ${sent} (it is at version ${at}): read it again and retry`,
  );

const toItem = (input: BoxItemInput): BoxItem => ({
  type: input.type,
  sku: input.sku,
  name: input.name,
  productCode: input.productCode,
  productVariantName: input.productVariantName,
  productVariantId: input.productVariantId,
  quantity: input.quantity,
  barcode: input.barcode,
  weight: input.weight ?? 0,
  category: input.type === 'extra' ? input.category : null,
});

/**
 * Staff correct a box's contents (services.md §7): refused while its job is the kitchen's, and
 * when the box is not the version the caller read. The box row is locked for the change, so two
 * people changing one box take turns: each change is recorded with what the box held before it,
 * and none is lost.
 */
export async function updateContents(
  ctx: FulfilmentContext,
  boxId: string,
  body: {
    contents: BoxItemInput[];
    reason: string;
    updatedBy: string;
    version?: number | undefined;
  },
) {
  const contents = body.contents.map(toItem);
  const load = contentsLoad(contents);
  const tooMuch = overCapacityMessage(load.grams, load.pouches);
  if (tooMuch) throw badRequest(tooMuch);
  return ctx.db.transaction(async (tx) => {
    const found = await findBox(tx, boxId, true);
    if (!found) throw boxNotFound(boxId);
    if (isBlocked(found.jobStatus)) throw conflict(blockedMessage('Its contents', found.jobStatus));
    if (body.version !== undefined && body.version !== found.box.version) {
      throw staleBox(boxId, body.version, found.box.version);
    }
    const previous = (await boxItemRows(tx, boxId)).map(toBoxItem);
    const now = ctx.clock.now();
    await replaceContents(tx, found.box, contents, sizeFor(load.grams, load.pouches)!.size, now);
    await recordContentChange(tx, {
      id: randomUUID(),
      boxId,
      fromVersion: found.box.version,
      previousContents: previous,
      updatedContents: contents,
      reason: body.reason,
      updatedBy: body.updatedBy,
      createdAt: now,
    });
    return {
      success: true,
      boxId,
      updatedContents: contents,
      message: `Box ${found.box.serialNumber} contents updated by ${body.updatedBy}`,
    };
  });
}

export async function contentsHistory(ctx: FulfilmentContext, boxId: string) {
  if (!(await findBox(ctx.db, boxId))) throw boxNotFound(boxId);
  return (await contentChangeRows(ctx.db, boxId)).map((c) => ({
    id: c.id,
    previousContents: c.previousContents,
    updatedContents: c.updatedContents,
    reason: c.reason,
    updatedBy: c.updatedBy,
    fromVersion: c.fromVersion,
    createdAt: iso(c.createdAt),
  }));
}

/** A new serial number for a box (a relabel); refused once it is palletised, or when another box has it. */
export async function setSerialNumber(
  ctx: FulfilmentContext,
  boxId: string,
  serialNumber: string,
  version: number | undefined,
) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const found = await findBox(tx, boxId, true);
      if (!found) throw boxNotFound(boxId);
      if (found.jobStatus === 'palletised') {
        throw conflict(`Box ${boxId} is palletised: its label is on the pallet and cannot change`);
      }
      if (version !== undefined && version !== found.box.version) {
        throw staleBox(boxId, version, found.box.version);
      }
      const row = await setSerial(tx, boxId, serialNumber, ctx.clock.now());
      return toBox(row, found.fulfilment, await boxItemRows(tx, boxId));
    });
  } catch (err) {
    if (isUniqueViolation(err, 'boxes_serial_number')) {
      throw conflict(`Serial number ${serialNumber} is already on another box`);
    }
    throw err;
  }
}
