import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutralise, safeCell, streamSheet, writeCsv, writeSheet } from './excel.ts';

/** The one spreadsheet writer (docs/security.md "Spreadsheets", issue 27 defect 6). */
const HOSTILE = ['=1+1', '=HYPERLINK("http://evil.test","x")', "+cmd|' /C calc'!A0", "-2+3+cmd|'/C calc'!A0", '@SUM(1+1)', '\t=1+1', '\r=1+1'];

describe('spreadsheets: formula-like texts neutralised by the one writer', () => {
  it('neutralise: an apostrophe before = + - @ tab CR; phone and signed numbers, plain texts as they are; idempotent', () => {
    for (const t of HOSTILE) expect(neutralise(t)).toBe(`'${t}`);
    for (const t of ['+7 900 000-00-00', '-5', '+1 (555) 010-99', 'Ann', "'=1+1", '', 'a=b', 'e-mail']) expect(neutralise(t)).toBe(t);
    for (const t of HOSTILE) expect(neutralise(neutralise(t))).toBe(neutralise(t));
  });

  it('safeCell: texts, rich texts, link texts and formulas become neutral texts; numbers, dates, booleans, null unchanged', () => {
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell({ richText: [{ text: '=1+1' }] })).toEqual({ richText: [{ text: "'=1+1" }] });
    expect(safeCell({ text: '@x', hyperlink: 'https://example.test' })).toEqual({ text: "'@x", hyperlink: 'https://example.test' });
    expect(safeCell({ formula: 'SUM(A1:A2)' } as ExcelJS.CellValue)).toBe("'=SUM(A1:A2)");
    const day = new Date('2026-01-02T00:00:00Z');
    for (const v of [1, -1, day, true, null]) expect(safeCell(v)).toBe(v);
  });

  it('writeSheet and streamSheet: every text cell of the file (header included) neutral, numbers kept as numbers', async () => {
    const check = async (bytes: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as never);
      const values = (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
      expect(values[0]).toEqual(['=head', 'n'].map((t) => neutralise(t)));
      expect(values.slice(1).map((r) => r[0])).toEqual(HOSTILE.map((t) => `'${t}`.replace(/\r/g, '\n')));
      expect(values.slice(1).map((r) => r[1])).toEqual(HOSTILE.map((_, i) => -i - 1));
    };
    await check(
      await writeSheet(
        { name: 'x', header: ['=head', 'n'] },
        HOSTILE.map((t, i) => [t, -i - 1]),
      ),
    );
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const sheet = await streamSheet(out, { name: 'x', header: ['=head', 'n'] });
    HOSTILE.forEach((t, i) => sheet.addRow([t, -i - 1]));
    await sheet.finish();
    await check(Buffer.concat(chunks));
  });

  it('writeCsv: neutral texts, quoted where needed, with a byte-order mark', () => {
    const csv = writeCsv(
      ['a', 'b'],
      [
        ['=1+1', 'x,y'],
        ['+7 900 000-00-00', '@a"b'],
      ],
    ).toString('utf8');
    expect(csv).toBe('\uFEFFa,b\r\n\'=1+1,"x,y"\r\n+7 900 000-00-00,"\'@a""b"\r\n');
  });

  it('is the only writer: no other server file makes a workbook or writes a CSV of its own', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) files.push(join(dir, e.name));
      }
    };
    walk(root);
    const writers = files.filter((f) => /\bnew\s+[\w.]*Workbook(Writer)?\s*\(|\.xlsx\.write(Buffer|File)?\s*\(|\.csv\.write/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(writers).toEqual(['core/excel.ts']);
  });
});
