import { PDFParse } from 'pdf-parse';

/** A PDF read back: its text, page count and first page's size in millimetres. */
export async function readPdf(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = await parser.getText();
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(bytes.toString('latin1'));
    const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72);
    return {
      text: text.text,
      pages: text.total,
      widthMm: box ? mm(box[1]!) : undefined,
      heightMm: box ? mm(box[2]!) : undefined,
    };
  } finally {
    await parser.destroy();
  }
}
