import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { events, media, mediaUserScores, quizAttempts, quizzes, users } from '../../db/schema/index.ts';
import { monthsBack } from './windows.ts';

const DAY = 86_400_000;

describe("the specification's time windows in the rating", () => {
  let api: TestApi;
  let admin: string;
  let userId: number;
  const rating = async (qs = '') => {
    const res = await api.call({ method: 'GET', url: `/admin/rating${qs}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const [u] = await api.db.insert(users).values({ tenant_id: 1, login: 'win-1', email: 'win1@demo.test', password_hash: 'x', role: 'student', name: 'Вера', surname: 'Оконная' }).returning();
    userId = u.id;
    const now = Date.now();
    // social: 5 logins and 1 news read within 3 months, 4 logins before; a media view is not social
    await api.db
      .insert(events)
      .values([
        ...Array.from({ length: 5 }, (_, i) => ({ tenant_id: 1, user_id: u.id, kind: 'login', created_at: new Date(now - (i + 1) * 10 * DAY) })),
        { tenant_id: 1, user_id: u.id, kind: 'news_read', created_at: new Date(now - DAY) },
        ...Array.from({ length: 4 }, () => ({ tenant_id: 1, user_id: u.id, kind: 'login', created_at: new Date(now - 120 * DAY) })),
        { tenant_id: 1, user_id: u.id, kind: 'media_view', created_at: new Date(now - DAY) },
      ]);
    // webinars: a video scored 40 a month ago, a link scored 30 now, a video scored 90 four months ago; a pdf is no webinar
    const mk = async (kind: 'video' | 'link' | 'pdf', score: number, at: Date) => {
      const [m] = await api.db
        .insert(media)
        .values({ tenant_id: 1, title: `w-${kind}-${score}`, kind })
        .returning();
      await api.db.insert(mediaUserScores).values({ tenant_id: 1, user_id: u.id, media_id: m.id, score, updated_at: at });
    };
    await mk('video', 40, new Date(now - 30 * DAY));
    await mk('link', 30, new Date(now));
    await mk('video', 90, new Date(now - 125 * DAY));
    await mk('pdf', 70, new Date(now));
    // a quiz finished 3 days ago, worth 8 points: inside a week, outside yesterday
    const [exam] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.kind, 'exam')));
    await api.db
      .insert(quizAttempts)
      .values({ tenant_id: 1, quiz_id: exam.id, user_id: u.id, number: 1, status: 'FINISHED', finished_at: new Date(now - 3 * DAY), question_order: [], option_order: {}, score: 8 });
  });
  afterAll(() => api.close());

  it('averages social activity over 3 months and sums webinar scores of 3 months', async () => {
    const r = await rating();
    const me = r.data.find((x: { user_id: number }) => x.user_id === userId);
    expect(me).toMatchObject({ social_activity: 2, webinar_points: 70 }); // (5 + 1) / 3; 40 + 30
    expect(r.meta).toMatchObject({ social_months: 3, webinar_months: 3 });
    expect(monthsBack(new Date('2026-05-31T10:00:00Z'), 3).toISOString()).toBe('2026-03-03T10:00:00.000Z'); // Feb 31st rolls on, as Date does
  });

  it('takes every report period', async () => {
    const points = async (qs: string) => (await rating(qs)).data.find((x: { user_id: number }) => x.user_id === userId).quiz_points;
    expect(await points('?period=all')).toBe(8);
    expect(await points('?period=week')).toBe(8);
    expect(await points('?period=month')).toBe(8);
    expect(await points('?period=quarter')).toBe(8);
    expect(await points('?period=year')).toBe(8);
    expect(await points('?period=yesterday')).toBe(0);
    const d = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(await points(`?period=range&date_start=${d(Date.now() - 4 * DAY)}&date_end=${d(Date.now() - 2 * DAY)}`)).toBe(8);
    expect(await points(`?period=range&date_start=${d(Date.now() - 2 * DAY)}`)).toBe(0);
    const noRange = await api.call({ method: 'GET', url: '/admin/rating?period=range', token: admin });
    expect(noRange.statusCode).toBe(422);
    expect(noRange.json().errors.date_start).toEqual(['validation.report_range']);
    expect((await api.call({ method: 'GET', url: '/admin/rating?period=range&date_start=2026-05-02&date_end=2026-05-01', token: admin })).json().errors.date_end).toEqual(['validation.after_start']);
    expect((await api.call({ method: 'GET', url: '/admin/rating?period=decade', token: admin })).statusCode).toBe(422);
  });

  it('counts only its own school', async () => {
    const [northUser] = await api.db.select().from(users).where(eq(users.email, 'student@north.test'));
    await api.db.insert(events).values({ tenant_id: 2, user_id: northUser.id, kind: 'login' });
    const r = await rating();
    expect(r.data.map((x: { user_id: number }) => x.user_id)).not.toContain(northUser.id);
  });
});
