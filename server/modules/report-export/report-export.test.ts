import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { exportJobs, quizAttempts, quizzes, users } from '../../db/schema/index.ts';
import { runExportJob } from './jobs.ts';
import { DURATION_FORMAT, INT_FORMAT, DEC_FORMAT } from './xlsx.ts';

async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  return wb.worksheets[0];
}

describe('/admin/excel/export', () => {
  let api: TestApi;
  let admin: string;
  let userId: number;
  let quizId: number;
  const finished = new Date(Date.now() - 3600_000);

  /** Polls a job until it leaves queued/running (the job runs in this process; each poll is a real request). */
  async function settle(id: number, token = admin) {
    for (let i = 0; i < 500; i++) {
      const j = (await api.call({ method: 'GET', url: `/admin/excel/export/${id}`, token })).json().data;
      if (j.status === 'done' || j.status === 'failed') return j;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`job ${id} did not finish`);
  }

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const [u] = await api.db
      .insert(users)
      .values({ tenant_id: 1, login: 'xl-1', email: 'xl1@demo.test', password_hash: 'x', role: 'student', surname: '=HYPERLINK("http://evil.test","x")', name: 'Ann' })
      .returning();
    userId = u.id;
    const [q] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 1)).limit(1);
    quizId = q.id;
    await api.db.insert(quizAttempts).values({
      tenant_id: 1,
      quiz_id: q.id,
      user_id: u.id,
      number: 1,
      status: 'FINISHED',
      started_at: new Date(finished.getTime() - 3661_000),
      finished_at: finished,
      question_order: [],
      option_order: {},
      score: 12345,
      max_score: 20000,
      percent: 61.7,
      passed: true,
    });
  });
  afterAll(() => api.close());

  it("downloads a real .xlsx at once: headers in the caller's language, numbers, dates and durations typed, a formula-like name neutralised", async () => {
    const res = await api.call({ method: 'GET', url: `/admin/excel/export?type=quizScoreResults&period=all&user_id=${userId}`, token: admin, headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/Quiz score results \d{4}-\d{2}-\d{2}\.xlsx/);
    const ws = await readXlsx(res.rawPayload);
    expect(ws.rowCount).toBe(2);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Student', 'Login', 'Quiz', 'Attempt', 'Score', 'Out of', 'Percent', 'Passed', 'Finished', 'Time spent']);
    const row = ws.getRow(2);
    const cell = (title: string) => row.getCell(header.indexOf(title) + 1);
    expect(cell('Student').value).toBe('\'=HYPERLINK("http://evil.test","x") Ann');
    expect(cell('Student').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Score').value).toBe(12345);
    expect(cell('Score').numFmt).toBe(INT_FORMAT);
    expect(cell('Percent').value).toBeCloseTo(61.7, 3);
    expect(cell('Percent').numFmt).toBe(DEC_FORMAT);
    expect(cell('Passed').value).toBe('Yes');
    expect(cell('Finished').value).toBeInstanceOf(Date);
    expect(Math.abs((cell('Finished').value as Date).getTime() - finished.getTime())).toBeLessThan(1000);
    // stored as 3661/86400 of a day; exceljs reads a time-formatted number back as a Date of Excel's day zero
    expect((cell('Time spent').value as Date).toISOString()).toBe('1899-12-30T01:01:01.000Z');
    expect(cell('Time spent').numFmt).toBe(DURATION_FORMAT);

    const ru = await api.call({ method: 'GET', url: `/admin/excel/export?type=quizScoreResults&period=all&user_id=${userId}`, token: admin, headers: { 'accept-language': 'ru' } });
    const wsRu = await readXlsx(ru.rawPayload);
    expect(wsRu.getRow(1).getCell(1).value).toBe('Студент');
    expect(wsRu.getRow(2).getCell(header.indexOf('Passed') + 1).value).toBe('Да');
  });

  it('runs a large export in the background with progress, and its file matches the report table', async () => {
    // 2 500 more attempts of the student: three batches of the report's keyset stream
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      tenant_id: 1,
      quiz_id: quizId,
      user_id: userId,
      number: i + 2,
      status: 'FINISHED' as const,
      started_at: finished,
      finished_at: new Date(finished.getTime() + (i + 1) * 1000),
      question_order: [],
      option_order: {},
      score: i,
      max_score: 2500,
      percent: (i / 2500) * 100,
      passed: i % 2 === 0,
    }));
    for (let i = 0; i < rows.length; i += 500) await api.db.insert(quizAttempts).values(rows.slice(i, i + 500));
    const start = await api.call({ method: 'POST', url: '/admin/excel/export', token: admin, payload: { type: 'quizScoreResults', params: { period: 'all', user_id: userId } } });
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json().data).toMatchObject({ status: 'queued', progress: 0, download_url: null });
    const job = await settle(start.json().data.id);
    expect(job).toMatchObject({ status: 'done', rows_done: 2501, rows_total: 2501, progress: 100 });
    const file = await api.call({ method: 'GET', url: job.download_url, token: admin });
    expect(file.statusCode).toBe(200);
    const ws = await readXlsx(file.rawPayload);
    expect(ws.rowCount).toBe(2502);
    // the same rows as the report's table (sorted by attempt, first page)
    const table = (await api.call({ method: 'GET', url: `/admin/report/quizScoreResults?period=all&user_id=${userId}&sort=attempt&order=asc&per_page=5`, token: admin })).json().data;
    const fileRows = new Map<number, number>();
    ws.eachRow((r, n) => {
      if (n > 1) fileRows.set(Number(r.getCell(4).value), Number(r.getCell(5).value));
    });
    for (const t of table) expect(fileRows.get(t.attempt)).toBe(t.score);

    // the finished file over a real socket with range requests, as a browser resuming a broken download asks for it
    const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (range?: string) => fetch(`${base}${job.download_url}`, { headers: { domain: 'demo', authorization: `Bearer ${admin}`, ...(range ? { range } : {}) } });
    const whole = Buffer.from(await (await get()).arrayBuffer());
    const size = whole.length;
    expect(size).toBe(file.rawPayload.length);
    expect(file.headers['accept-ranges']).toBe('bytes');
    const head = await get('bytes=0-999');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-999/${size}`);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('content-type')).toContain('spreadsheetml');
    const first = Buffer.from(await head.arrayBuffer());
    const rest = await get('bytes=1000-');
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    // the two parts put together are the file, and it opens
    const joined = Buffer.concat([first, Buffer.from(await rest.arrayBuffer())]);
    expect(joined.equals(whole)).toBe(true);
    expect((await readXlsx(joined)).rowCount).toBe(2502);
    const tail = await get('bytes=-16');
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(size - 16))).toBe(true);
    // a range past the end: 416 naming the size, the error in the body, no file name
    const past = await get(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(past.headers.get('content-disposition')).toBeNull();
    expect(await past.json()).toMatchObject({ name: 'ERROR_RANGE', variables: { size } });
    expect((await get('bytes=abc')).status).toBe(416);
  });

  it('shows a failed export as failed with its error, and a job whose process died as failed', async () => {
    const [me] = await api.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const [bad] = await api.db
      .insert(exportJobs)
      .values({ tenant_id: 1, user_id: me.id, type: 'quizScoreResults', params: { period: 'all', quiz_id: 2147483000 }, file_name: 'x.xlsx' })
      .returning();
    await runExportJob(api.app, api.app.schoolDb(1), 'demo', bad.id);
    const j = (await api.call({ method: 'GET', url: `/admin/excel/export/${bad.id}`, token: admin })).json().data;
    expect(j).toMatchObject({ status: 'failed', error: 'NOT_FOUND_QUIZ', download_url: null });
    expect((await api.call({ method: 'GET', url: `/admin/excel/export/${bad.id}/download`, token: admin })).json().name).toBe('NOT_FOUND_FILE');
    const [dead] = await api.db
      .insert(exportJobs)
      .values({ tenant_id: 1, user_id: me.id, type: 'quizScoreResults', params: { period: 'all' }, file_name: 'x.xlsx', status: 'running', heartbeat_at: new Date(Date.now() - 10 * 60_000) })
      .returning();
    expect((await api.call({ method: 'GET', url: `/admin/excel/export/${dead.id}`, token: admin })).json().data).toMatchObject({ status: 'failed', error: 'ERROR_REPORT_FATAL' });
  });

  it("refuses other roles, other people's and other schools' jobs, and bad input", async () => {
    const start = await api.call({ method: 'POST', url: '/admin/excel/export', token: admin, payload: { type: 'quizScoreResults', params: { period: 'week' } } });
    const id = start.json().data.id;
    await settle(id);
    for (const role of ['trainer', 'student']) {
      const token = await api.login(role);
      for (const [method, url] of [
        ['GET', '/admin/excel/export?type=quizScoreResults&period=all'],
        ['POST', '/admin/excel/export'],
        ['GET', `/admin/excel/export/${id}`],
        ['GET', `/admin/excel/export/${id}/download`],
      ] as const) {
        const res = await api.call({ method, url, token, payload: method === 'POST' ? { type: 'quizScoreResults', params: { period: 'all' } } : undefined });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().name).toBe('ERROR_ACCESS');
      }
    }
    // a moderator reads reports too, but not the admin's own job
    const moderator = await api.login('moderator');
    expect((await api.call({ method: 'GET', url: `/admin/excel/export/${id}`, token: moderator })).json().name).toBe('NOT_FOUND_EXPORT');
    const north = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: `/admin/excel/export/${id}/download`, token: north, tenant: 'north' })).statusCode).toBe(404);
    const [northQuiz] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 2)).limit(1);
    expect((await api.call({ method: 'GET', url: `/admin/excel/export?type=quizScoreResults&period=all&quiz_id=${northQuiz.id}`, token: admin })).json().name).toBe('NOT_FOUND_QUIZ');
    expect((await api.call({ method: 'POST', url: '/admin/excel/export', token: admin, payload: { type: 'quizScoreResults', params: { quiz_id: northQuiz.id, period: 'all' } } })).statusCode).toBe(
      404,
    );
    // no period: "Report creation requires a date range"; end before start; an unknown report type
    const noRange = await api.call({ method: 'GET', url: '/admin/excel/export?type=quizScoreResults', token: admin });
    expect(noRange.statusCode).toBe(422);
    expect(noRange.json().errors.date_start).toEqual(['validation.report_range']);
    expect(
      (await api.call({ method: 'POST', url: '/admin/excel/export', token: admin, payload: { type: 'quizScoreResults', params: { date_start: '2026-05-01', date_end: '2026-04-01' } } })).json().errors
        .date_end,
    ).toEqual(['validation.after_start']);
    expect((await api.call({ method: 'GET', url: '/admin/excel/export?type=noSuchReport&period=all', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/excel/export/abc', token: admin })).statusCode).toBe(422);
  });
});
