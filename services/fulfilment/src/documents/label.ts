import type { Box } from '@pawfresh/contracts/fulfilment';
import { MM, code128, renderPdf } from './pdf.js';

/** What a box label shows (docs/fulfilment.md "Labels"). */
export interface LabelFacts {
  box: Box;
  suburb: string;
  postcode: string;
  deliveryDate: string;
  slot: string;
  depotCode: string;
}

export const LABEL_WIDTH_MM = 100;
export const LABEL_HEIGHT_MM = 150;

/** A 100 x 150 mm courier label: the serial number as a Code 128 barcode, who, where, when. */
export async function boxLabel(facts: LabelFacts, createdAt: Date): Promise<Buffer> {
  return boxLabels([facts], createdAt, `Box ${facts.box.serialNumber}`);
}

/** Many labels in one PDF, one 100 x 150 mm page each (a make date's, for the label printer). */
export async function boxLabels(
  labels: readonly LabelFacts[],
  createdAt: Date,
  title: string,
): Promise<Buffer> {
  const width = LABEL_WIDTH_MM * MM;
  const size = [width, LABEL_HEIGHT_MM * MM];
  const margin = 5 * MM;
  return renderPdf(
    {
      size,
      margin,
      autoFirstPage: false,
      info: { Title: title, Creator: 'Pawfresh fulfilment', CreationDate: createdAt },
    },
    async (doc) => {
      for (const facts of labels) {
        doc.addPage({ size, margin });
        await drawLabel(doc, facts, width, margin);
      }
    },
  );
}

async function drawLabel(
  doc: PDFKit.PDFDocument,
  facts: LabelFacts,
  width: number,
  margin: number,
) {
  const { box } = facts;
  const barcode = await code128(box.serialNumber);
  const inner = width - 2 * margin;
  doc.font('Helvetica-Bold').fontSize(11).text(`Depot ${facts.depotCode}`, { width: inner });
  doc.image(barcode, margin, doc.y + 4, { fit: [inner, 28 * MM], align: 'center' });
  doc.y += 30 * MM;
  doc.font('Helvetica-Bold').fontSize(16).text(box.customerName, margin, doc.y, { width: inner });
  doc.font('Helvetica').fontSize(13).text(`${facts.suburb} ${facts.postcode}`, { width: inner });
  doc.moveDown(0.5);
  doc.fontSize(11).text(`Delivery ${facts.deliveryDate} ${facts.slot}`, { width: inner });
  doc.text(`Box ${box.boxNumber} of ${box.boxCount} (${box.boxSize})`, { width: inner });
  doc.text(`Serial ${box.serialNumber}`, { width: inner });
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(22).text('KEEP FROZEN', { width: inner, align: 'center' });
}
