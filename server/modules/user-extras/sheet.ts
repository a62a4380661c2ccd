import { createReadStream } from 'node:fs';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../core/excel.ts';
import { AppError } from '../../core/errors.ts';

/** One line of an uploaded sheet: its 1-based line number (the header is line 1) and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export const importFormatError = (reason: string, variables: Record<string, unknown> = {}) =>
  new AppError(422, 'ERROR_IMPORT_FORMAT', `Not an .xlsx or .csv file with a header row: ${reason}`, { reason, ...variables });

/** What the first bytes say: a zip (xlsx), an old binary Office file, or text (csv). */
export function sheetKind(head: Buffer): 'xlsx' | 'csv' {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  if (head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0) throw importFormatError('xls');
  if (head.includes(0)) throw importFormatError('binary');
  return 'csv';
}

/** Streams the rows of a file recognised by content (never by its name). */
export function readSheet(path: string, head: Buffer): AsyncGenerator<SheetRow> {
  return sheetKind(head) === 'xlsx' ? readXlsx(path) : readCsv(path);
}

/** Text of an exceljs cell value: rich text, hyperlinks (e-mails become links in Excel), formulas, dates, numbers. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string; error?: string };
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    if (typeof o.hyperlink === 'string') return o.hyperlink.replace(/^mailto:/i, '').trim();
  }
  return '';
}

/** What exceljs' streaming reader has read before the worksheets (internal fields of its WorkbookReader). */
interface ReaderState {
  sharedStrings?: unknown[];
  workbookRels?: unknown[];
  model?: unknown;
}

/**
 * The first worksheet of an xlsx, row by row, with exceljs' streaming reader: the file is never held in memory, and
 * a caller that stops early (the import's row limit) stops the reading there.
 *
 * Excel and exceljs store the shared strings after the worksheets; meeting a worksheet first, exceljs' reader would
 * unpack the whole of it into a temporary file before the first row (and leave that file behind when the caller
 * stops early). So the file is read twice: first everything but the worksheets (shared strings, relations, workbook;
 * the worksheets are unpacked and dropped as they stream by), then the worksheet rows, streamed from the zip itself.
 */
async function* readXlsx(path: string): AsyncGenerator<SheetRow> {
  const ExcelJS = await loadExcel();
  const inputs: ReturnType<typeof createReadStream>[] = [];
  const open = (options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>, preset: ReaderState) => {
    const input = createReadStream(path);
    inputs.push(input);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'cache', styles: 'ignore', entries: 'emit', ...options });
    // with these set, exceljs streams a worksheet as it meets it instead of unpacking it into a temporary file
    return Object.assign(reader, { sharedStrings: [], workbookRels: [], model: { sheets: [] }, ...preset });
  };
  let sheets = 0;
  try {
    const before = open({ worksheets: 'ignore', hyperlinks: 'ignore' }, {});
    for await (const _ of before); // yields no worksheet: it reads the parts the rows need
    const { sharedStrings, model } = before as unknown as ReaderState;
    const reader = open({ worksheets: 'emit' }, { sharedStrings, ...(model ? { model } : {}) });
    for await (const sheet of reader) {
      if (sheets++) break; // only the first worksheet
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]).slice(1) : [];
        yield { line: row.number, cells: Array.from({ length: values.length }, (_, i) => cellText(values[i])) };
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw importFormatError('xlsx');
  } finally {
    for (const input of inputs) input.destroy();
  }
  if (!sheets) throw importFormatError('xlsx');
}

/**
 * CSV as Excel writes it (RFC 4180): `,`, `;` or tab (guessed from the header line), quoted fields with `""` and
 * line breaks inside quotes, CRLF or LF, a UTF-8 byte-order mark. Parsed from the file stream chunk by chunk.
 */
export async function* readCsv(path: string): AsyncGenerator<SheetRow> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  let delimiter: string | undefined;
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  let first = true;
  let pending = '';
  const finishRow = (): SheetRow => {
    row.push(field.trim());
    const r = { line: rowLine, cells: row };
    field = '';
    row = [];
    rowLine = line;
    return r;
  };
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = pending + chunk;
    pending = '';
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text.includes('\uFFFD')) throw importFormatError('encoding');
    }
    if (!delimiter) {
      const nl = text.search(/\r?\n/);
      if (nl < 0 && text.length < 64 * 1024) {
        pending = text; // wait for the whole header line
        continue;
      }
      const header = nl < 0 ? text : text.slice(0, nl);
      const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length] as const).sort((a, b) => b[1] - a[1]);
      delimiter = counts[0][1] > 1 ? counts[0][0] : ',';
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (i + 1 === text.length) {
            pending = '"'; // decide with the next chunk whether it is `""`
            break;
          }
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else {
          if (c === '\n') line++;
          field += c;
        }
        continue;
      }
      if (c === '"' && field.trim() === '' && !afterQuote) {
        quoted = true;
        field = '';
      } else if (c === delimiter) {
        row.push(field.trim());
        field = '';
        afterQuote = false;
      } else if (c === '\n') {
        line++;
        afterQuote = false;
        yield finishRow();
      } else if (c === '\r') {
        // CR of CRLF
      } else if (!afterQuote) {
        field += c;
      }
    }
  }
  if (pending && !delimiter) {
    delimiter = [',', ';', '\t'].map((d) => [d, pending.split(d).length] as const).sort((a, b) => b[1] - a[1])[0][0];
    const cells = pending.split(delimiter).map((s) => s.trim().replace(/^"(.*)"$/, '$1'));
    yield { line: 1, cells };
    return;
  }
  if (quoted) throw importFormatError('csv');
  if (field !== '' || row.length) yield finishRow();
}
