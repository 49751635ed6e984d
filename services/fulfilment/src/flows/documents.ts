import { binaryReply } from '@pawfresh/kit';
import { boxItemRows, findBox, toBox } from '../db/box-store.js';
import { pickListRows } from '../db/fulfilment-store.js';
import { boxLabel } from '../documents/label.js';
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
