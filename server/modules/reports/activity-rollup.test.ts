import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { chapterMedia, chapters, eventDays, eventMonths, events, media, programUsers, programs, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../core/password.ts';

/**
 * The per-user-and-day rollup of the event log (`event_days`, migration 0018) that user activity reads: kept by the
 * triggers on `events` through inserts (several rows in one statement, or one), deletes and moves, and never touched
 * by a call made in demo mode. Figures counted by hand.
 */
describe('event_days: the activity rollup', () => {
  let api: TestApi;
  let admin: string;
  let dina: number;
  const T = 1;
  const at = (s: string) => new Date(`${s}Z`);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    [{ id: dina }] = await api.db
      .insert(users)
      .values({ tenant_id: T, login: 'roll_dina', email: 'roll_dina@demo.test', password_hash: await hashPassword('Demo12345'), role: 'student', name: 'D', surname: 'Рольная' })
      .returning();
  });
  afterAll(() => api.close());

  const days = async () =>
    (
      await api.db
        .select({ day: eventDays.day, first: eventDays.first_at, last: eventDays.last_at, logins: eventDays.logins, actions: eventDays.actions })
        .from(eventDays)
        .where(eq(eventDays.user_id, dina))
        .orderBy(asc(eventDays.day))
    ).map((d) => [d.day, d.first.toISOString().slice(11, 19), d.last.toISOString().slice(11, 19), d.logins, d.actions]);
  // event_months must always be event_days summed per month (its trigger keeps it so)
  const monthsAgree = async () => {
    const kept = await api.db
      .select({ month: eventMonths.month, days: eventMonths.days, seconds: eventMonths.seconds, logins: eventMonths.logins, actions: eventMonths.actions, last: eventMonths.last_at })
      .from(eventMonths)
      .where(eq(eventMonths.user_id, dina))
      .orderBy(asc(eventMonths.month));
    const month = sql<string>`to_char(${eventDays.day}, 'YYYY-MM-01')`;
    const summed = await api.db
      .select({
        month,
        days: sql<number>`count(*)::int`,
        seconds: sql<string>`sum(extract(epoch from (${eventDays.last_at} - ${eventDays.first_at})))::text`,
        logins: sql<number>`sum(${eventDays.logins})::int`,
        actions: sql<number>`sum(${eventDays.actions})::int`,
        last: sql<number>`extract(epoch from max(${eventDays.last_at}))::float8`,
      })
      .from(eventDays)
      .where(eq(eventDays.user_id, dina))
      .groupBy(month)
      .orderBy(month);
    const norm = (r: { month: string; days: number; seconds: string; logins: number; actions: number }, last: number) => [r.month, r.days, Number(r.seconds), r.logins, r.actions, last];
    expect(kept.map((r) => norm(r, r.last.getTime() / 1000))).toEqual(summed.map((r) => norm(r, Number(r.last))));
    return kept.length;
  };
  const report = async (period = 'period=all') => {
    const [r] = (await api.call({ method: 'GET', url: `/admin/report/getUserActivity?user_id=${dina}&${period}`, token: admin })).json().data;
    return [r.logins, r.actions, r.days, r.per_day, r.seconds];
  };

  it('inserts, deletes and moves of events keep the days and the report right', async () => {
    // one statement, two UTC days (23:59:59 is still the 1st, midnight is the 2nd)
    const ids = await api.db
      .insert(events)
      .values([
        { tenant_id: T, user_id: dina, kind: 'login', created_at: at('2026-04-01T09:00:00') },
        { tenant_id: T, user_id: dina, kind: 'media_view', created_at: at('2026-04-01T09:20:00') },
        { tenant_id: T, user_id: dina, kind: 'news_read', created_at: at('2026-04-01T23:59:59') },
        { tenant_id: T, user_id: dina, kind: 'login', created_at: at('2026-04-02T00:00:00') },
      ])
      .returning({ id: events.id });
    expect(await days()).toEqual([
      ['2026-04-01', '09:00:00', '23:59:59', 1, 2],
      ['2026-04-02', '00:00:00', '00:00:00', 1, 0],
    ]);
    // 09:00 → 23:59:59 is 53 999 s; the 2nd has one event: 0 s
    expect(await report()).toEqual([2, 2, 2, 1, 53999]);
    expect(await monthsAgree()).toBe(1);

    // one more, earlier on the 1st: the day starts at 08:00
    await api.db.insert(events).values({ tenant_id: T, user_id: dina, kind: 'quiz_answer', created_at: at('2026-04-01T08:00:00') });
    expect(await days()).toEqual([
      ['2026-04-01', '08:00:00', '23:59:59', 1, 3],
      ['2026-04-02', '00:00:00', '00:00:00', 1, 0],
    ]);
    expect(await report()).toEqual([2, 3, 2, 1.5, 57599]);
    expect(await monthsAgree()).toBe(1);

    // the 23:59:59 event deleted: the 1st is counted again from what is left (08:00 → 09:20)
    await api.db.delete(events).where(eq(events.id, ids[2].id));
    expect(await days()).toEqual([
      ['2026-04-01', '08:00:00', '09:20:00', 1, 2],
      ['2026-04-02', '00:00:00', '00:00:00', 1, 0],
    ]);
    // the 2nd's login moved to the 1st at 10:00: the 2nd is empty and gone
    await api.db
      .update(events)
      .set({ created_at: at('2026-04-01T10:00:00') })
      .where(eq(events.id, ids[3].id));
    expect(await days()).toEqual([['2026-04-01', '08:00:00', '10:00:00', 2, 2]]);
    expect(await report()).toEqual([2, 2, 1, 2, 7200]);
    expect(await monthsAgree()).toBe(1);
    // an update of the data alone changes nothing
    await api.db
      .update(events)
      .set({ data: { x: 1 } })
      .where(eq(events.id, ids[1].id));
    expect(await days()).toEqual([['2026-04-01', '08:00:00', '10:00:00', 2, 2]]);
    // a period is whole UTC days of the rollup
    expect(await report('date_start=2026-04-02&date_end=2026-04-02')).toEqual([0, 0, 0, 0, 0]);
    expect(await report('date_start=2026-04-01&date_end=2026-04-01')).toEqual([2, 2, 1, 2, 7200]);
    // another month: a period of whole months and edge days adds up the same as the days
    await api.db.insert(events).values([
      { tenant_id: T, user_id: dina, kind: 'login', created_at: at('2026-05-31T22:00:00') },
      { tenant_id: T, user_id: dina, kind: 'news_read', created_at: at('2026-05-31T23:00:00') },
      { tenant_id: T, user_id: dina, kind: 'login', created_at: at('2026-06-01T10:00:00') },
    ]);
    expect(await monthsAgree()).toBe(3);
    expect(await report()).toEqual([4, 3, 3, 1, 10800]);
    expect(await report('date_start=2026-03-15&date_end=2026-06-01')).toEqual([4, 3, 3, 1, 10800]);
    expect(await report('date_start=2026-04-02&date_end=2026-06-30')).toEqual([2, 1, 2, 0.5, 3600]);
    expect(await report('date_start=2026-04-01&date_end=2026-05-31')).toEqual([3, 3, 2, 1.5, 10800]);
    expect(await report('date_start=2026-05-01&date_end=2026-05-31')).toEqual([1, 1, 1, 1, 3600]);
    // the last day of May deleted: May is gone, the figures follow
    await api.db.delete(events).where(and(eq(events.user_id, dina), sql`${events.created_at} >= ${at('2026-05-31T00:00:00')} and ${events.created_at} < ${at('2026-06-01T00:00:00')}`));
    expect(await monthsAgree()).toBe(2);
    expect(await report()).toEqual([3, 2, 2, 1, 7200]);
  });

  it("the portal's own calls count; a call made in demo mode never does", async () => {
    const [program] = await api.db.insert(programs).values({ tenant_id: T, title: 'Роллап' }).returning();
    const [ch] = await api.db.insert(chapters).values({ tenant_id: T, program_id: program.id, title: 'Глава', sort: 1 }).returning();
    const [video] = await api.db.insert(media).values({ tenant_id: T, title: 'Роллап-видео', kind: 'video' }).returning();
    await api.db.insert(chapterMedia).values({ tenant_id: T, chapter_id: ch.id, media_id: video.id, sort: 1 });
    await api.db.insert(programUsers).values({ tenant_id: T, program_id: program.id, user_id: dina });
    const today = new Date().toISOString().slice(0, 10);
    const todays = async () => (await days()).filter((d) => d[0] === today).map((d) => [d[3], d[4]]);
    const token = await api.login('roll_dina');
    expect(await todays()).toEqual([[1, 0]]);
    const put = (tok: string, headers: Record<string, string> = {}) =>
      api.call({ method: 'PUT', url: `/api/media/${video.id}/progress`, token: tok, headers, payload: { watched: 40, position: 240, duration: 600 } });
    expect((await put(token)).json().data.recorded).toBe(true);
    expect(await todays()).toEqual([[1, 1]]);
    const demo = (await api.call({ method: 'POST', url: `/admin/user/${dina}/authorization`, token: admin })).json().access_token;
    expect((await put(demo, { demo: '1' })).json().data.recorded).toBe(false);
    expect(await todays()).toEqual([[1, 1]]);
    const stored = await api.db
      .select()
      .from(events)
      .where(and(eq(events.user_id, dina), eq(events.kind, 'video_progress')));
    expect(stored.length).toBe(1);
  });
});
