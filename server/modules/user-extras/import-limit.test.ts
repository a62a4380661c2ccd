import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { users } from '../../db/schema/index.ts';
import { MAX_IMPORT_LINES, MAX_IMPORT_ROWS } from './import.ts';

type Report = { created: number; refused: { row: number; login: string; email: string; errors: string[] }[] };

/**
 * The import stops at its row limit: one IMPORT_TOO_MANY_ROWS entry, an answer the size of the limit, and the rest of
 * the file left unread (a black-box probe sent 62 KB of xlsx holding 338,000 rows and got 22 MB back, one entry a row).
 */
describe('user import: the row limit', () => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  const send = (name: string, data: Buffer) => api.call({ method: 'POST', url: '/admin/user/import', token: admin, ...multipart({ file: { name, data } }) });
  /** Temporary files exceljs' streaming reader makes in the OS temporary folder (named after this process). */
  const spooled = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`));

  it('stops an xlsx of 30,000 rows at the limit with one message and a small answer, unpacking nothing to disk', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow(['login', 'email', 'name', 'surname']);
    for (let i = 0; i < 30_000; i++) ws.addRow(['x', 'not-an-email', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const before = spooled();

    const res = await send('many.xlsx', file);
    expect(res.statusCode).toBe(200);
    const { refused }: Report = res.json().data;
    const limitEntries = refused.filter((r) => r.errors.includes('IMPORT_TOO_MANY_ROWS'));
    expect(limitEntries).toEqual([{ row: MAX_IMPORT_ROWS + 2, login: 'x', email: 'not-an-email', errors: ['IMPORT_TOO_MANY_ROWS'] }]);
    expect(refused).toHaveLength(MAX_IMPORT_ROWS + 1);
    expect(refused.at(-1)).toBe(refused.find((r) => r.errors.includes('IMPORT_TOO_MANY_ROWS')));
    expect(res.body.length).toBeLessThan(400 * 1024);
    // exceljs would unpack the whole worksheet into a temporary file (shared strings come after it) and leave it there
    expect(spooled()).toEqual(before);
  });

  it('leaves the rest of a csv unread past the limit (a broken tail is never reached)', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => 'x,not-an-email,,').join('\r\n');
    const res = await send('many.csv', Buffer.from(`login,email,name,surname\r\n${rows}\r\n"a quote that never closes,\r\n`));
    expect(res.statusCode).toBe(200);
    const { refused }: Report = res.json().data;
    expect(refused.filter((r) => r.errors.includes('IMPORT_TOO_MANY_ROWS'))).toHaveLength(1);
    expect(refused).toHaveLength(MAX_IMPORT_ROWS + 1);
  });

  it('stops after as many lines of any kind, empty ones included, and imports nothing past them', async () => {
    const blank = Array.from({ length: MAX_IMPORT_LINES + 100 }, () => ',,,').join('\r\n');
    const csv = `login,email,name,surname\r\nlim.first,lim.first@mail.test,A,B\r\n${blank}\r\nlim.last,lim.last@mail.test,C,D\r\n`;
    const res = await send('blank.csv', Buffer.from(csv));
    expect(res.json().data).toEqual({ created: 1, refused: [{ row: MAX_IMPORT_LINES + 2, login: '', email: '', errors: ['IMPORT_TOO_MANY_ROWS'] }] });
    expect(
      await api.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenant_id, 1), eq(users.login, 'lim.last'))),
    ).toHaveLength(0);
    // the created user's welcome mail is written in the background: let it land before the data folder goes
    await expect.poll(() => existsSync(join(api.config.dataDir, 'outbox', 'demo')) && readdirSync(join(api.config.dataDir, 'outbox', 'demo')).length).toBe(1);
  });
});
