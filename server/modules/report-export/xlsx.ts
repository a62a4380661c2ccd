import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { neutralise, sheetName as excelSheetName, streamSheet } from '../../core/excel.ts';
import type { Db } from '../../db/client.ts';
import type { ReportColumn, ReportDef, ReportInput } from '../reports/index.ts';
import type { Lang } from '../../mail/texts.ts';

/**
 * Number formats with a space between thousands whatever the reader's locale (the specification: "the thousands
 * separator is a space"). In an Excel format a space is a literal, so each size gets its own section.
 */
export const INT_FORMAT = '[>=1000000]# ### ##0;[>=1000]# ##0;0';
export const DEC_FORMAT = '[>=1000000]# ### ##0.00;[>=1000]# ##0.00;0.00';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const DATETIME_FORMAT = 'dd.mm.yyyy hh:mm:ss';
/** Seconds stored as a fraction of a day, shown hh:mm:ss (hours past 24 keep counting). */
export const DURATION_FORMAT = '[hh]:mm:ss';

const YES_NO = { ru: ['Да', 'Нет'], en: ['Yes', 'No'] } as const;

/** One report value as an Excel cell value and its number format. */
export function cellOf(col: ReportColumn, v: unknown, lang: Lang): { value: ExcelJS.CellValue; numFmt?: string } {
  if (v === null || v === undefined || v === '') return { value: null };
  switch (col.kind) {
    case 'number':
    case 'percent': {
      const n = Number(v);
      if (!Number.isFinite(n)) return { value: neutralise(String(v)) };
      return { value: n, numFmt: Number.isInteger(n) ? INT_FORMAT : DEC_FORMAT };
    }
    case 'date': {
      const s = v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
      return /^\d{4}-\d{2}-\d{2}$/.test(s) ? { value: new Date(`${s}T00:00:00Z`), numFmt: DATE_FORMAT } : { value: neutralise(String(v)) };
    }
    case 'datetime': {
      const d = v instanceof Date ? v : new Date(String(v));
      return Number.isNaN(d.getTime()) ? { value: neutralise(String(v)) } : { value: d, numFmt: DATETIME_FORMAT };
    }
    case 'duration': {
      const n = Number(v);
      return Number.isFinite(n) ? { value: n / 86400, numFmt: DURATION_FORMAT } : { value: null };
    }
    case 'boolean':
      return { value: YES_NO[lang][v === true || v === 't' || v === 1 ? 0 : 1] };
    case 'state':
      return { value: neutralise(col.states?.[String(v)]?.[lang] ?? String(v)) };
    default:
      return { value: neutralise(String(v)) };
  }
}

/**
 * Reads an async source ahead of its consumer, up to `max` items: the database works on the next batch while the
 * previous one is being written (the two together take about the time of the slower one instead of their sum).
 */
export async function* readAhead<T>(src: AsyncIterable<T>, max = 3000): AsyncGenerator<T> {
  const it = src[Symbol.asyncIterator]();
  let buf: T[] = [];
  let head = 0;
  let done = false;
  let failed: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  let room: (() => void) | undefined;
  const pump = (async () => {
    try {
      for (;;) {
        if (buf.length - head >= max) await new Promise<void>((r) => (room = r));
        const next = await it.next();
        if (next.done) break;
        buf.push(next.value);
        wake?.();
        wake = undefined;
      }
    } catch (error) {
      failed = { error };
    } finally {
      done = true;
      wake?.();
    }
  })();
  for (;;) {
    if (head < buf.length) {
      const v = buf[head++];
      if (head > 1000 && head * 2 > buf.length) {
        buf = buf.slice(head);
        head = 0;
      }
      room?.();
      room = undefined;
      yield v;
      continue;
    }
    if (failed) throw failed.error;
    if (done) break;
    await new Promise<void>((r) => (wake = r));
  }
  await pump;
}

/** A worksheet name Excel accepts (core/excel.ts), 'Report' when nothing of the title is left. */
export const sheetName = (title: string) => excelSheetName(title, 'Report');

/** `<title> <YYYY-MM-DD>.xlsx`, safe as a file name. */
export const exportFileName = (def: ReportDef, lang: Lang, now = new Date()) => `${def.title[lang].replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ').trim()} ${now.toISOString().slice(0, 10)}.xlsx`;

/**
 * Streams a report into an .xlsx: the header row in `lang`, then each row of `def.rows()` written and committed as it
 * comes (exceljs' streaming writer), so memory holds one batch of the report at a time, never the whole of it.
 * `onRow(n)` is called after every row (the export job throttles its progress writes). Resolves with the row count.
 */
export async function writeReportXlsx(db: Db, def: ReportDef, input: ReportInput, lang: Lang, out: Writable, onRow?: (n: number) => void | Promise<void>): Promise<number> {
  // the one spreadsheet writer (core/excel.ts): every text neutralised there, whatever cellOf made of it
  const sheet = await streamSheet(out, {
    name: sheetName(def.title[lang]),
    header: def.columns.map((c) => c.title[lang]),
    widths: def.columns.map((c) => Math.min(Math.max(c.title[lang].length + 2, c.kind === 'text' ? 24 : 14), 48)),
    frozenHeader: true,
  });
  // one style object per number format, shared by every cell that uses it: exceljs caches a style by its object
  // (a fresh object per cell, which `cell.numFmt = …` makes, costs a style lookup per cell: 3× slower)
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  const styleOf = (numFmt: string | undefined) => {
    if (!numFmt) return undefined;
    let st = styles.get(numFmt);
    if (!st) styles.set(numFmt, (st = { numFmt }));
    return st;
  };
  let n = 0;
  for await (const r of readAhead(def.rows(db, input))) {
    const cells = def.columns.map((c) => cellOf(c, r[c.key], lang));
    sheet.addRow(
      cells.map((c) => c.value),
      cells.map((c) => styleOf(c.numFmt)),
    );
    n++;
    if (onRow) await onRow(n);
  }
  await sheet.finish();
  return n;
}
