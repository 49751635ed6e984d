import { formatDate } from '@pawfresh/contracts/calendar-dates';
import { money, type Invoice } from '../rules/invoice.js';

/** "20 November 2026". */
const longDate = (date: string) => formatDate(date, { weekday: false });

/**
 * The tax invoice as an A4 PDF (pdfkit, its built-in Helvetica). What it shows is decided in
 * rules/invoice.ts; this only lays it out. The creation date is the invoice date, so the same
 * invoice always makes the same bytes.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // Loaded at the first invoice, not with the server (see fulfilment's documents/pdf.ts).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Tax invoice ${invoice.invoiceNumber}`,
      Author: invoice.seller.name,
      CreationDate: new Date(`${invoice.invoiceDate}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = 545;
  doc.font('Helvetica-Bold').fontSize(22).text('Tax invoice', left, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(invoice.seller.name, left, 85);
  doc.text(`ABN ${invoice.seller.abn}`);
  doc.text(invoice.seller.address);

  doc.text(`Invoice number: ${invoice.invoiceNumber}`, 330, 85, {
    width: right - 330,
    align: 'right',
  });
  doc.text(`Invoice date: ${longDate(invoice.invoiceDate)}`, {
    width: right - 330,
    align: 'right',
  });
  doc.text(`Order: #${invoice.orderNumber}`, { width: right - 330, align: 'right' });
  doc.text(`Delivery: ${longDate(invoice.deliveryDate)}`, { width: right - 330, align: 'right' });

  doc.font('Helvetica-Bold').text('Bill to', left, 150);
  doc.font('Helvetica');
  for (const line of invoice.billTo) doc.text(line);

  const columns = { description: left, quantity: 330, unit: 390, amount: 470 };
  let y = 240;
  const row = (cells: [string, string, string, string], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const height = doc.heightOfString(cells[0], { width: columns.quantity - left - 10 });
    doc.text(cells[0], columns.description, y, { width: columns.quantity - left - 10 });
    doc.text(cells[1], columns.quantity, y, { width: 50, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: 70, align: 'right' });
    doc.text(cells[3], columns.amount, y, { width: right - columns.amount, align: 'right' });
    y += Math.max(height, 12) + 6;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  doc
    .moveTo(left, y - 3)
    .lineTo(right, y - 3)
    .stroke();
  for (const line of invoice.lines) {
    row([line.description, String(line.quantity), money(line.unitPrice), money(line.amount)]);
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 8;
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 300, y, { width: 160, align: 'right' });
    doc.text(value, columns.amount, y, { width: right - columns.amount, align: 'right' });
    y += 16;
  };
  total('Subtotal', money(invoice.subtotal));
  const discountLabel = invoice.discountNames.length
    ? `Discounts (${invoice.discountNames.join(', ')})`
    : 'Discounts';
  total(discountLabel, money(-invoice.discount));
  total('Shipping', money(invoice.shipping));
  total('Total (AUD)', money(invoice.total), true);
  total('GST included in total', money(invoice.gst));

  doc.font('Helvetica').fontSize(9);
  doc.text(
    `Paid in full on ${longDate(invoice.invoiceDate)}. Prices include GST. This is a tax invoice for GST purposes.`,
    left,
    y + 20,
    { width: right - left },
  );
  doc.end();
  return done;
}
