import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { reportSchedules, savedReports, users } from '../../db/schema/index.ts';
import { nextRun, runDueSchedules } from './index.ts';
import { claimDueSchedules } from './due.ts';

/** The .xlsx attached to an .eml written by the outbox (base64 part after its headers). */
async function attachmentOf(eml: string) {
  const m = /Content-Type:\s+application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(eml);
  if (!m) throw new Error('no xlsx attachment');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(m[1].replace(/\n/g, ''), 'base64') as never);
  return wb.worksheets[0];
}

describe('scheduled reports', () => {
  let api: TestApi;
  let admin: string;
  let savedId: number;
  let staff: { admin: number; moderator: number; student: number; northAdmin: number };
  const outbox = () => {
    try {
      return readdirSync(join(api.config.dataDir, 'outbox', 'demo')).sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const saved = await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: 'Тесты за всё время', type: 'quizScoreResults', params: { period: 'all' } } });
    expect(saved.statusCode, saved.body).toBe(201);
    savedId = saved.json().data.id;
    const id = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].id;
    staff = { admin: await id('admin@demo.test'), moderator: await id('moderator@demo.test'), student: await id('student@demo.test'), northAdmin: await id('admin@north.test') };
  });
  afterAll(() => api.close());

  it('computes the next run: next day, next Monday, next 1st, at 06:00 UTC', () => {
    const from = new Date('2026-11-24T10:00:00Z'); // a Tuesday
    expect(nextRun('daily', from).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(nextRun('weekly', from).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRun('monthly', from).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextRun('daily', new Date('2026-11-24T05:00:00Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });

  it('mails a due schedule once, with the report as an .xlsx attachment, and moves its next run', async () => {
    const res = await api.call({
      method: 'POST',
      url: '/admin/report_schedule',
      token: admin,
      payload: { saved_report_id: savedId, frequency: 'weekly', recipients: [staff.admin, staff.moderator], lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data;
    expect(new Date(s.next_run_at).getUTCDay()).toBe(1);
    const now = new Date();
    await api.db
      .update(reportSchedules)
      .set({ next_run_at: new Date(now.getTime() - 60_000) })
      .where(eq(reportSchedules.id, s.id));
    const before = outbox();
    // two ticks at once (two processes): the row is claimed by one of them only
    const [a, b] = await Promise.all([runDueSchedules(api.app, now), runDueSchedules(api.app, now)]);
    expect(a + b).toBe(1);
    const mails = outbox().filter((f) => !before.includes(f));
    expect(mails).toHaveLength(1);
    const eml = readFileSync(join(api.config.dataDir, 'outbox', 'demo', mails[0]), 'utf8');
    expect(eml).toContain('admin@demo.test');
    expect(eml).toContain('moderator@demo.test');
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Demo_Business_School=3A_report_/m); // the school's name and the report's, encoded
    const ws = await attachmentOf(eml);
    expect(ws.getRow(1).getCell(1).value).toBe('Student');
    const [after] = await api.db.select().from(reportSchedules).where(eq(reportSchedules.id, s.id));
    expect(after).toMatchObject({ last_status: 'outbox', last_error: null, claimed_at: null });
    expect(after.next_run_at.getTime()).toBeGreaterThan(now.getTime());
    expect(after.next_run_at.getUTCDay()).toBe(1);
    // nothing due any more
    expect(await runDueSchedules(api.app, now)).toBe(0);
  });

  it('takes again a claim left by a process that died, and records a run that failed', async () => {
    const [s] = await api.db
      .insert(reportSchedules)
      .values({ tenant_id: 1, saved_report_id: savedId, frequency: 'daily', recipients: [staff.admin], next_run_at: new Date(Date.now() - 1000), claimed_at: new Date(Date.now() - 60_000) })
      .returning();
    expect((await claimDueSchedules(api.app, new Date())).map((r) => r.id)).not.toContain(s.id); // claimed a minute ago: alive
    const later = new Date(Date.now() + 11 * 60_000);
    expect((await claimDueSchedules(api.app, later)).map((r) => r.id)).toContain(s.id);
    // the report's saved parameters no longer hold (a quiz of no one): the run fails and says why
    await api.db
      .update(savedReports)
      .set({ params: { period: 'all', quiz_id: 2147483000 } })
      .where(eq(savedReports.id, savedId));
    await api.db.update(reportSchedules).set({ claimed_at: null }).where(eq(reportSchedules.id, s.id));
    await runDueSchedules(api.app, new Date());
    const [after] = await api.db.select().from(reportSchedules).where(eq(reportSchedules.id, s.id));
    expect(after).toMatchObject({ last_status: 'failed', last_error: 'NOT_FOUND_QUIZ' });
    await api.db
      .update(savedReports)
      .set({ params: { period: 'all' } })
      .where(eq(savedReports.id, savedId));
    await api.db.delete(reportSchedules).where(and(eq(reportSchedules.id, s.id)));
  });

  it("refuses other roles, another school's report and staff, students as recipients, and bad input", async () => {
    for (const role of ['trainer', 'student']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/report_schedule', token })).statusCode).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/report_schedule', token, payload: { saved_report_id: savedId, frequency: 'daily', recipients: [staff.admin] } })).json().name).toBe(
        'ERROR_ACCESS',
      );
    }
    expect((await api.call({ method: 'GET', url: '/admin/report_schedule', token: await api.login('moderator') })).statusCode).toBe(200);
    const north = await api.login('admin', 'north');
    const northSaved = (await api.call({ method: 'POST', url: '/admin/reports', token: north, tenant: 'north', payload: { name: 'N', type: 'quizScoreResults', params: { period: 'all' } } })).json()
      .data;
    expect(
      (await api.call({ method: 'POST', url: '/admin/report_schedule', token: admin, payload: { saved_report_id: northSaved.id, frequency: 'daily', recipients: [staff.admin] } })).json().name,
    ).toBe('NOT_FOUND_REPORT');
    expect(
      (await api.call({ method: 'POST', url: '/admin/report_schedule', token: admin, payload: { saved_report_id: savedId, frequency: 'daily', recipients: [staff.student] } })).json().errors
        .recipients,
    ).toEqual(['validation.choice']);
    expect(
      (await api.call({ method: 'POST', url: '/admin/report_schedule', token: admin, payload: { saved_report_id: savedId, frequency: 'daily', recipients: [staff.northAdmin] } })).json().errors
        .recipients,
    ).toEqual(['validation.choice']);
    const bad = await api.call({ method: 'POST', url: '/admin/report_schedule', token: admin, payload: { saved_report_id: savedId, frequency: 'hourly', recipients: [] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['frequency', 'recipients']);
    const [northSchedule] = await api.db
      .insert(reportSchedules)
      .values({ tenant_id: 2, saved_report_id: northSaved.id, frequency: 'daily', recipients: [staff.northAdmin], next_run_at: new Date(Date.now() + 3600_000) })
      .returning();
    expect((await api.call({ method: 'PUT', url: `/admin/report_schedule/${northSchedule.id}`, token: admin, payload: { frequency: 'monthly' } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/report_schedule/${northSchedule.id}`, token: admin })).statusCode).toBe(404);
    const mine = (await api.call({ method: 'POST', url: '/admin/report_schedule', token: admin, payload: { saved_report_id: savedId, frequency: 'daily', recipients: [staff.admin] } })).json().data;
    const moved = (await api.call({ method: 'PUT', url: `/admin/report_schedule/${mine.id}`, token: admin, payload: { frequency: 'monthly' } })).json().data;
    expect(new Date(moved.next_run_at).getUTCDate()).toBe(1);
    expect((await api.call({ method: 'DELETE', url: `/admin/report_schedule/${mine.id}`, token: admin })).statusCode).toBe(200);
  });
});
