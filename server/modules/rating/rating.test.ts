import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';
import { hashPassword } from '../../core/password.ts';

describe('rating', () => {
  let api: TestApi;
  /** Students a school ranks: every student who is not blocked (the demo seed grows, so count rather than hard-code). */
  const rankedStudents = async (tenantId: number) =>
    (
      await api.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), eq(users.role, 'student'), eq(users.is_blocked, false)))
    ).length;
  /** The rows of an admin rating list that have points (students without any come last and are not the subject here). */
  const withPoints = (body: { data: { name: string; points: number }[]; meta: Record<string, unknown> }) => ({ ...body, data: body.data.filter((r) => r.points > 0) });
  let student: string;
  let admin: string;
  let second: number;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    admin = await api.login('admin');
    // a second student in demo with a finished exam worth 10 points in November 2026 and an older attempt of 4
    const [u] = await api.db
      .insert(users)
      .values({ tenant_id: 1, login: 'olga', email: 'olga@demo.test', password_hash: await hashPassword('Demo12345'), role: 'student', name: 'Ольга', surname: 'Андреева' })
      .returning();
    second = u.id;
    const [exam] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.kind, 'exam')));
    await api.db.insert(quizAttempts).values([
      { tenant_id: 1, quiz_id: exam.id, user_id: second, number: 1, status: 'FINISHED', finished_at: new Date('2026-10-05T10:00:00Z'), question_order: [], option_order: {}, score: 4 },
      { tenant_id: 1, quiz_id: exam.id, user_id: second, number: 2, status: 'FINISHED', finished_at: new Date('2026-11-05T10:00:00Z'), question_order: [], option_order: {}, score: 10 },
    ]);
  });
  afterAll(() => api.close());

  it("gives the student a place among the school's students: best quiz score + latest reviewed project version", async () => {
    const res = await api.call({ method: 'GET', url: '/api/user/getRating', token: student });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    // the demo student: the seeded finance project, version 1 checked with 6 (version 2 awaits review)
    expect(r).toMatchObject({ place: 2, total: await rankedStudents(1), points: 6, project_points: 6, quiz_points: 0 });
    // the school's other students (the networking demo members) have no points yet and come after them
    expect(r.top.slice(0, 2)).toEqual([
      { place: 1, name: 'Андреева Ольга', points: 10, me: false },
      { place: 2, name: 'Студентов Алексей', points: 6, me: true },
    ]);
  });

  it('counts only the latest reviewed version of a project, approved ones included', async () => {
    const [v2] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.tenant_id, 1), eq(submittedProjects.version, 2)));
    await api.db
      .update(submittedProjects)
      .set({ status: 'approved', check_admin: true, score: 9, checked_at: new Date('2026-11-20T10:00:00Z') })
      .where(eq(submittedProjects.id, v2.id));
    const r = (await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).json().data;
    expect(r).toMatchObject({ place: 2, points: 9 });
    await api.db.update(submittedProjects).set({ score: 12 }).where(eq(submittedProjects.id, v2.id));
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).json().data).toMatchObject({ place: 1, points: 12 });
  });

  it('is for students only, and refused when the school switches the rating off', async () => {
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: admin })).json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'GET', url: '/api/user/getRating' })).statusCode).toBe(401);
    const north = await api.login('student', 'north');
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: north })).statusCode).toBe(401); // a north token in demo
    const inNorth = (await api.call({ method: 'GET', url: '/api/user/getRating', token: north, tenant: 'north' })).json().data;
    expect(inNorth).toMatchObject({ place: 1, total: await rankedStudents(2), points: 6 }); // the other school's students are not ranked here
    await setAccessFlag(api.app.schoolDb(1), 'rating', false);
    api.app.forgetTenantCaches();
    try {
      const off = await api.call({ method: 'GET', url: '/api/user/getRating', token: student });
      expect(off.statusCode).toBe(403);
      expect(off.json().name).toBe('ERROR_ACCESS');
      expect((await api.call({ method: 'GET', url: '/admin/rating', token: admin })).statusCode).toBe(403);
    } finally {
      await setAccessFlag(api.app.schoolDb(1), 'rating', true);
      api.app.forgetTenantCaches();
    }
  });

  it("answers the school's rating by month and year for admins", async () => {
    const all = withPoints((await api.call({ method: 'GET', url: '/admin/rating', token: admin })).json());
    expect(all.data.map((r: { name: string; points: number }) => [r.name, r.points])).toEqual([
      ['Студентов Алексей', 12],
      ['Андреева Ольга', 10],
    ]);
    const nov = withPoints((await api.call({ method: 'GET', url: '/admin/rating?month=11&year=2026', token: admin })).json());
    expect(nov.data.map((r: { name: string; points: number }) => [r.name, r.points])).toEqual([
      ['Студентов Алексей', 12],
      ['Андреева Ольга', 10],
    ]);
    const oct = withPoints((await api.call({ method: 'GET', url: '/admin/rating?month=10&year=2026', token: admin })).json());
    // October: Olga's first attempt (4) and the seeded version 1, checked on 25 October (6)
    expect(oct.data.map((r: { name: string; points: number }) => [r.name, r.points])).toEqual([
      ['Студентов Алексей', 6],
      ['Андреева Ольга', 4],
    ]);
    expect(oct.meta).toMatchObject({ month: 10, year: 2026, total: await rankedStudents(1) });
    const year = (await api.call({ method: 'GET', url: '/admin/rating?year=2025', token: admin })).json();
    expect(year.data.every((r: { points: number }) => r.points === 0)).toBe(true);
    for (const [qs, field] of [
      ['month=13&year=2026', 'month'],
      ['month=11', 'year'],
      ['year=abc', 'year'],
    ]) {
      const bad = await api.call({ method: 'GET', url: `/admin/rating?${qs}`, token: admin });
      expect(bad.statusCode, qs).toBe(422);
      expect(Object.keys(bad.json().errors), qs).toContain(field);
    }
    for (const role of ['student', 'trainer', 'moderator']) {
      expect((await api.call({ method: 'GET', url: '/admin/rating', token: await api.login(role) })).statusCode, role).toBe(403);
    }
  });

  it('ranks neither staff nor blocked students (blocked now or from a blocking date that has come)', async () => {
    const [exam] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.kind, 'exam')));
    const make = async (login: string, extra: Partial<typeof users.$inferInsert>) => {
      const [u] = await api.db
        .insert(users)
        .values({ tenant_id: 1, login, email: `${login}@demo.test`, password_hash: 'x', role: 'student', name: login, surname: 'Я', ...extra })
        .returning();
      await api.db
        .insert(quizAttempts)
        .values({ tenant_id: 1, quiz_id: exam.id, user_id: u.id, number: 1, status: 'FINISHED', finished_at: new Date(), question_order: [], option_order: {}, score: 50 });
      return u.id;
    };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const blocked = await make('blocked1', { is_blocked: true });
    const dated = await make('blocked2', { date_block: new Date().toISOString().slice(0, 10) });
    const later = await make('blocked3', { date_block: tomorrow });
    const trainer = await make('trainer50', { role: 'trainer' });
    const rows = (await api.call({ method: 'GET', url: '/admin/rating', token: admin })).json().data as { user_id: number; place: number }[];
    const ids = rows.map((r) => r.user_id);
    expect(ids).not.toContain(blocked);
    expect(ids).not.toContain(dated);
    expect(ids).not.toContain(trainer);
    expect(rows.find((r) => r.user_id === later)).toMatchObject({ place: 1 }); // blocked only from tomorrow: still ranked
    expect(rows.map((r) => r.place)).toEqual(rows.map((_, i) => i + 1));
    const mine = (await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).json().data;
    expect(mine.total).toBe(rows.length);
    expect(mine.top.map((r: { name: string }) => r.name)).not.toContain('Я blocked1');
  });
});
