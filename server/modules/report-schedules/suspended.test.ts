import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { reportSchedules, users } from '../../db/schema/index.ts';
import { resumeSchool, suspendSchool } from '../../schools/schools.ts';
import { runDueSchedules } from './index.ts';

/**
 * A suspended school's scheduled reports (docs/operations.md "Suspension"): no mail goes out while it is suspended and
 * its schedules are left as they were; another school's due schedule goes out meanwhile; after `resume` the first
 * tick sends the school's overdue report once and moves its next run.
 */
describe('scheduled reports of a suspended school', () => {
  let api: TestApi;
  // The ticks' clock is fixed on a Wednesday noon, far from the weekly send (Monday 06:00 UTC): from the real clock a
  // run just before Monday 06:00 made north's schedule due again two minutes later, and the count came out 2.
  const now = new Date('2026-11-25T12:00:00Z');
  const outbox = (slug: string) => {
    try {
      return readdirSync(join(api.config.dataDir, 'outbox', slug)).sort();
    } catch {
      return [];
    }
  };
  /** A weekly schedule of `slug`'s admin mailing themselves, made through the back office and due a minute before `now`. */
  async function dueSchedule(slug: string) {
    const token = await api.login('admin', slug);
    const saved = await api.call({ method: 'POST', url: '/admin/reports', token, tenant: slug, payload: { name: 'Tests', type: 'quizScoreResults', params: { period: 'all' } } });
    expect(saved.statusCode, saved.body).toBe(201);
    const [me] = await api.db
      .select()
      .from(users)
      .where(eq(users.email, `admin@${slug}.test`));
    const res = await api.call({
      method: 'POST',
      url: '/admin/report_schedule',
      token,
      tenant: slug,
      payload: { saved_report_id: saved.json().data.id, frequency: 'weekly', recipients: [me.id], lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id: number = res.json().data.id;
    await api.db
      .update(reportSchedules)
      .set({ next_run_at: new Date(now.getTime() - 60_000) })
      .where(eq(reportSchedules.id, id));
    return id;
  }
  const rowsOf = (ids: number[]) => api.db.select().from(reportSchedules).where(inArray(reportSchedules.id, ids));

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sends nothing of a suspended school and leaves its schedule due; another school is mailed; after resume it goes out once', async () => {
    const demoId = await dueSchedule('demo');
    const northId = await dueSchedule('north');
    const [demoBefore] = await rowsOf([demoId]);
    const before = { demo: outbox('demo'), north: outbox('north') };

    await suspendSchool(api.db, 'demo');
    expect(await runDueSchedules(api.app, now)).toBe(1); // north's only
    expect(outbox('demo')).toEqual(before.demo);
    expect(outbox('north').filter((f) => !before.north.includes(f))).toHaveLength(1);
    const [demoWhile] = await rowsOf([demoId]);
    // untouched: still due, never run, not claimed
    expect(demoWhile).toEqual(demoBefore);
    expect(demoWhile.last_run_at).toBeNull();
    // a later tick while it is still suspended: nothing either
    expect(await runDueSchedules(api.app, new Date(now.getTime() + 60_000))).toBe(0);
    expect(outbox('demo')).toEqual(before.demo);

    await resumeSchool(api.db, 'demo');
    const later = new Date(now.getTime() + 120_000);
    expect(await runDueSchedules(api.app, later)).toBe(1);
    expect(outbox('demo').filter((f) => !before.demo.includes(f))).toHaveLength(1);
    const [demoAfter] = await rowsOf([demoId]);
    expect(demoAfter).toMatchObject({ last_status: 'outbox', last_error: null, claimed_at: null });
    expect(demoAfter.next_run_at.getTime()).toBeGreaterThan(later.getTime());
    // once: nothing due any more
    expect(await runDueSchedules(api.app, later)).toBe(0);
    expect((await rowsOf([northId]))[0].last_status).toBe('outbox');
  });
});
