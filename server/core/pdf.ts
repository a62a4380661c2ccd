import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

/** A font with Cyrillic, bundled so that PDFs render Russian on any machine. */
export const PDF_FONT = fileURLToPath(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url));

/** Writes a simple text PDF (title and paragraphs) to a file. */
export function writeTextPdf(path: string, title: string, paragraphs: string[]) {
  return new Promise<void>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const out = createWriteStream(path);
    out.on('finish', () => resolve());
    out.on('error', reject);
    doc.pipe(out);
    doc.font(PDF_FONT).fontSize(20).text(title).moveDown();
    doc.fontSize(12);
    for (const p of paragraphs) doc.text(p).moveDown(0.5);
    doc.end();
  });
}
