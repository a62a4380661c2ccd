import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { PDF_FONT } from '../../core/pdf.ts';
import type { Placeholder } from './placeholders.ts';
import { fillTemplate } from './placeholders.ts';
import { type TemplateLayout, pageSize } from './layout.ts';

const font = (file: string) => fileURLToPath(new URL(`../../assets/fonts/${file}`, import.meta.url));
/** The layout's fonts: DejaVu, bundled, so Cyrillic renders on any machine and is embedded (selectable text). */
const FONT_FILES = { sans: PDF_FONT, 'sans-bold': font('DejaVuSans-Bold.ttf'), serif: font('DejaVuSerif.ttf'), 'serif-bold': font('DejaVuSerif-Bold.ttf') } as const;

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;

export type PlaceholderValues = Partial<Record<Placeholder, string | null | undefined>>;

export interface RenderInput {
  title: string;
  /** Null: the body printed line by line under the title (templates made before the designer). */
  layout: TemplateLayout | null;
  body: string;
  values: PlaceholderValues;
  /** The template's images a layout draws: id → absolute path of the stored file. */
  images: Map<number, string>;
  /** What the QR code holds: the public verification page's address. */
  qrText: string;
}

/** Draws a QR code as vector squares (crisp at any zoom, no image to embed). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
  doc.fill().restore();
}

/**
 * The document as a PDF, a stream already ended (pipe it): the layout's page with its background, text blocks filled
 * (real text in embedded fonts), images and the QR code where the template put them; without a layout, the body.
 * A placeholder without a value is refused (ERROR_GENERATION_CONFIG) before anything is drawn.
 */
export function renderPdf(input: RenderInput): PDFKit.PDFDocument {
  const { layout } = input;
  if (!layout) {
    const lines = fillTemplate(input.body, input.values).split(/\n/);
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: input.title } });
    doc.font(PDF_FONT).fontSize(20).text(input.title).moveDown();
    doc.fontSize(12);
    for (const l of lines) doc.text(l.trimEnd()).moveDown(0.5);
    doc.end();
    return doc;
  }
  const texts = layout.blocks.map((b) => (b.type === 'text' ? fillTemplate(b.text, input.values) : ''));
  const [w, h] = pageSize(layout);
  const doc = new PDFDocument({ size: [pt(w), pt(h)], margin: 0, autoFirstPage: true, info: { Title: input.title } });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  if (layout.background) {
    const bg = input.images.get(layout.background);
    if (bg) doc.image(bg, 0, 0, { width: pt(w), height: pt(h) });
  }
  layout.blocks.forEach((b, i) => {
    if (b.type === 'text') {
      doc
        .font(b.font ?? 'sans')
        .fontSize(b.font_size ?? 12)
        .fillColor(b.color ?? '#000000')
        // lineBreak within the block's width; a page break never (a block past the bottom is cut, not moved)
        .text(texts[i], pt(b.x), pt(b.y), { width: pt(b.width), align: b.align ?? 'left', height: pt(h - b.y), ellipsis: false });
    } else if (b.type === 'image') {
      const file = input.images.get(b.image_id);
      if (file) doc.image(file, pt(b.x), pt(b.y), b.height ? { width: pt(b.width), height: pt(b.height) } : { width: pt(b.width) });
    } else drawQr(doc, input.qrText, pt(b.x), pt(b.y), pt(b.size));
  });
  doc.end();
  return doc;
}

/** Writes a rendered document to a file. */
export function writePdf(path: string, doc: PDFKit.PDFDocument) {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('finish', () => resolve());
    out.on('error', reject);
    doc.on('error', reject);
    doc.pipe(out);
  });
}

/** A rendered document as bytes (the back office's preview). */
export function pdfBytes(doc: PDFKit.PDFDocument) {
  return new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
}
