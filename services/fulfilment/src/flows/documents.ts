import { badRequest, binaryReply } from '@pawfresh/kit';
import { boxItemRows, findBox, toBox } from '../db/box-store.js';
import { fulfilmentRowsOfDay, pickListRows, readFulfilmentsOfDay } from '../db/fulfilment-store.js';
import { boxLabel, boxLabels, type LabelFacts } from '../documents/label.js';
import { pickListCsv, pickListPdf } from '../documents/pick-list.js';
import { boxNotFound } from './boxes.js';
import type { FulfilmentContext } from './context.js';

export async function labelPdf(ctx: FulfilmentContext, boxId: string) {
  const found = await findBox(ctx.db, boxId);
  if (!found) throw boxNotFound(boxId);
  const { fulfilment } = found;
  const box = toBox(found.box, fulfilment, await boxItemRows(ctx.db, boxId));
  const pdf = await boxLabel(
    {
      box,
      suburb: fulfilment.suburb,
      postcode: fulfilment.postcode,
      deliveryDate: fulfilment.deliveryDate,
      slot: fulfilment.deliverySlot,
      depotCode: fulfilment.depotCode,
    },
    ctx.clock.now(),
  );
  return binaryReply(pdf, 'application/pdf', { filename: `label-${box.serialNumber}.pdf` });
}

/** The format asked for: `format=`, else a PDF when Accept names it before CSV, else CSV. */
export function pickListFormat(format: 'csv' | 'pdf' | undefined, accept: string | undefined) {
  if (format) return format;
  const a = (accept ?? '').toLowerCase();
  const pdf = a.indexOf('application/pdf');
  const csv = a.indexOf('text/csv');
  return pdf >= 0 && (csv < 0 || pdf < csv) ? 'pdf' : 'csv';
}

export async function pickList(
  ctx: FulfilmentContext,
  facilityId: number,
  makeDate: string,
  format: 'csv' | 'pdf',
) {
  const totals = await pickListRows(ctx.db, facilityId, makeDate);
  const list = { facilityId, makeDate, ...totals };
  const filename = `pick-list-${facilityId}-${makeDate}.${format}`;
  return format === 'pdf'
    ? binaryReply(await pickListPdf(list, ctx.clock.now()), 'application/pdf', { filename })
    : binaryReply(pickListCsv(list), 'text/csv; charset=utf-8', { filename });
}

/** The most labels one PDF holds: a bigger day is printed per depot. */
export const MAX_LABELS_AT_ONCE = 2_000;

/**
 * A make date's labels in one PDF, one page per box whose job is not cancelled, by depot, then
 * customer, then box number (the board's order); optionally one depot's only.
 */
export async function dayLabels(
  ctx: FulfilmentContext,
  facilityId: number,
  makeDate: string,
  depotCode: string | undefined,
) {
  const [rows, fulfilments] = await Promise.all([
    fulfilmentRowsOfDay(ctx.db, facilityId, makeDate),
    readFulfilmentsOfDay(ctx.db, facilityId, makeDate),
  ]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const labels: LabelFacts[] = fulfilments
    .filter((f) => depotCode === undefined || f.depotCode === depotCode)
    .flatMap((f) => {
      const row = rowOf.get(f.fulfilmentId)!;
      const live = new Set(f.jobs.filter((j) => j.status !== 'cancelled').map((j) => j.boxId));
      return f.boxes
        .filter((b) => live.has(b.boxId))
        .map((box) => ({
          box,
          suburb: row.suburb,
          postcode: row.postcode,
          deliveryDate: row.deliveryDate,
          slot: row.deliverySlot,
          depotCode: row.depotCode,
        }));
    });
  if (labels.length > MAX_LABELS_AT_ONCE) {
    throw badRequest(
      `${labels.length} boxes on ${makeDate}: at most ${MAX_LABELS_AT_ONCE} labels at once; print them per depot (depotCode)`,
    );
  }
  const name = `labels-${facilityId}-${makeDate}${depotCode ? `-${depotCode}` : ''}`;
  const pdf = await boxLabels(labels, ctx.clock.now(), `Labels ${facilityId} ${makeDate}`);
  return binaryReply(pdf, 'application/pdf', { filename: `${name}.pdf` });
}
