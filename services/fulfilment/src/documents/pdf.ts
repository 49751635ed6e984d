// pdfkit (with its fonts) and bwip-js load at the first document, not with the server: they were
// a fifth of a second of every start, and most processes never draw a label (docs/deployment.md).

/** Points per millimetre (PDF units are 1/72 inch). */
export const MM = 72 / 25.4;

/** A PDF drawn by `draw`, as bytes. The creation date is fixed by the caller for stable output. */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => Promise<void> | void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ ...options, bufferPages: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}

/** A Code 128 barcode as a PNG, with its text under the bars. */
export async function code128(text: string): Promise<Buffer> {
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
}
