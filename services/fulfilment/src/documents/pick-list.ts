import type { PickRow } from '../db/fulfilment-store.js';
import { MM, renderPdf } from './pdf.js';

export interface PickList {
  facilityId: number;
  makeDate: string;
  orders: number;
  boxes: number;
  rows: PickRow[];
}

const COLUMNS = ['type', 'category', 'sku', 'name', 'variant', 'grams_each', 'quantity', 'boxes'];

/** A CSV field: quoted when it holds a comma, quote or line break; formula starts neutralised. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The day's totals per meal and pouch size, per extra and per ice pack, one line each (RFC 4180). */
export function pickListCsv(list: PickList): string {
  const lines = [COLUMNS.join(',')];
  for (const r of list.rows) {
    lines.push(
      [r.type, r.category, r.sku, r.name, r.productVariantName, r.weight, r.quantity, r.boxes]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const TYPE_TITLE: Record<PickRow['type'], string> = {
  meal: 'Meals (pouches by size)',
  extra: 'Extras',
  icepack_bottom: 'Ice packs (bottom layer)',
  icepack_top: 'Ice packs (top layer)',
};

/** The same totals as an A4 PDF, a section per item type, new pages as they fill. */
export function pickListPdf(list: PickList, createdAt: Date): Promise<Buffer> {
  const margin = 15 * MM;
  return renderPdf(
    {
      size: 'A4',
      margin,
      info: {
        Title: `Pick list facility ${list.facilityId} ${list.makeDate}`,
        Creator: 'Pawfresh fulfilment',
        CreationDate: createdAt,
      },
    },
    (doc) => {
      const bottom = doc.page.height - margin;
      const x = [margin, margin + 95 * MM, margin + 130 * MM, margin + 155 * MM];
      const row = (cells: string[], bold = false) => {
        if (doc.y + 14 > bottom) doc.addPage();
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
        cells.forEach((cell, i) =>
          doc.text(cell, x[i]!, y, { width: [93, 33, 23, 25][i]! * MM, lineBreak: false }),
        );
        doc.x = margin;
        doc.y = y + 13;
      };
      doc.font('Helvetica-Bold').fontSize(16).text(`Pick list: facility ${list.facilityId}`);
      doc.font('Helvetica').fontSize(11).text(`Make date ${list.makeDate}`);
      doc.text(`${list.orders} orders, ${list.boxes} boxes`);
      doc.moveDown(1);
      for (const type of ['meal', 'extra', 'icepack_bottom', 'icepack_top'] as const) {
        const rows = list.rows.filter((r) => r.type === type);
        if (rows.length === 0) continue;
        if (doc.y + 40 > bottom) doc.addPage();
        doc.font('Helvetica-Bold').fontSize(12).text(TYPE_TITLE[type], margin, doc.y);
        doc.moveDown(0.3);
        row(['Item', 'SKU', 'Quantity', 'Boxes'], true);
        for (const r of rows) {
          const name = r.productVariantName ?? r.name;
          row([
            r.category ? `${name} (${r.category})` : name,
            r.sku,
            String(r.quantity),
            String(r.boxes),
          ]);
        }
        doc.moveDown(1);
      }
    },
  );
}
