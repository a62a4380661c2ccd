import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { media, programs } from '../../db/schema/index.ts';

interface ScoreRow {
  id: string;
  user_id: number;
  program_id: number;
  user_name: string;
  program_title: string;
  status: string | null;
  quiz_percent: number | null;
  project_percent: number | null;
  activity_percent: number | null;
  points: number;
  max_score: number;
}

describe('scores: student activity, settings, approve and revoke', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  let studentId: number;
  let p1: number;
  let p2: number;
  let p3: number;
  const get = async (url: string, token = admin, tenant = 'demo') => api.call({ method: 'GET', url, token, tenant });
  /** The points the parts and the weights give (every part present). */
  const expected = (r: ScoreRow, max: number, w: [number, number, number]) => {
    const parts = [
      [r.quiz_percent, w[0]],
      [r.project_percent, w[1]],
      [r.activity_percent, w[2]],
    ].filter(([c]) => c !== null) as [number, number][];
    const ws = parts.reduce((a, [, x]) => a + x, 0);
    return Math.round((max * parts.reduce((a, [c, x]) => a + c * x, 0) * 100) / (100 * ws)) / 100;
  };
  const grades = async () =>
    (await api.call({ method: 'GET', url: '/api/score', token: student })).json().data as { program_id: number; score: { points: number; max_score: number; status: string | null } }[];

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    student = await api.login('student');
    studentId = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
    [p1, p2, p3] = (await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).orderBy(asc(programs.id)).limit(3)).map((p) => p.id);
  });
  afterAll(() => api.close());

  it('lists every student in every program they are enrolled in (directly or by group) with parts and points', async () => {
    const res = await get('/admin/score');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as ScoreRow[];
    const mine = rows.filter((r) => r.user_id === studentId);
    const [standards] = await api.db
      .select()
      .from(programs)
      .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Открытые стандарты')));
    // p1 directly, p2 through the group, and the demo's "Open standards" (server/seed/standards.ts) directly
    expect(mine.map((r) => r.id).sort()).toEqual([`${studentId}-${p1}`, `${studentId}-${p2}`, `${studentId}-${standards.id}`].sort());
    expect(mine.find((r) => r.program_id === p1)).toMatchObject({ user_name: 'Студентов Алексей', program_title: 'Стратегический менеджмент', status: null, max_score: 100 });
    for (const r of mine) expect(r.points).toBeCloseTo(expected(r, 100, [50, 40, 10]), 2);
    expect(res.json().meta).toMatchObject({ total: rows.length, current_page: 1 });
    // filters, search, status
    expect((await get(`/admin/score?program_id=${p2}`)).json().data.map((r: ScoreRow) => r.program_id)).toEqual([p2]);
    expect((await get(`/admin/score?filter[user_id]=${studentId}&filter[program_id]=${p1}`)).json().meta.total).toBe(1);
    expect((await get('/admin/score?q=Студентов')).json().meta.total).toBe(3);
    expect((await get('/admin/score?q=nobody-like-this')).json().meta.total).toBe(0);
    expect((await get('/admin/score?status=none')).json().meta.total).toBe(3);
    expect((await get('/admin/score?status=approved')).json().meta.total).toBe(0);
    expect((await get('/admin/score?sort=program_title&order=desc')).json().data.map((r: ScoreRow) => r.program_title)).toEqual([
      'Финансы для руководителей',
      'Стратегический менеджмент',
      'Открытые стандарты',
    ]);
    expect((await get('/admin/score?per_page=1&page=2')).json().meta).toMatchObject({ total: 3, last_page: 3, current_page: 2 });
    // bad input and refused roles
    expect((await get('/admin/score?status=lost')).json().errors).toHaveProperty('status');
    expect((await get('/admin/score?filter[program_id]=x')).json().errors).toHaveProperty('program_id');
    for (const role of ['trainer', 'moderator', 'student']) expect((await get('/admin/score', await api.login(role))).statusCode, role).toBe(403);
    // another school sees only its own students
    const north = (await get('/admin/score', await api.login('admin', 'north'), 'north')).json().data as ScoreRow[];
    expect(north.length).toBeGreaterThan(0);
    expect(north.some((r) => r.user_id === studentId)).toBe(false);
  });

  it('shows one score with every quiz, project and material; unknown, unenrolled and foreign ids are 404, bad ids 422', async () => {
    const one = (await get(`/admin/score/${studentId}-${p2}`)).json().data;
    expect(one).toMatchObject({ id: `${studentId}-${p2}`, program_title: 'Финансы для руководителей' });
    expect(one.projects).toEqual([expect.objectContaining({ title: 'Проект: анализ финансовой отчётности', version: 2, status: 'awaiting' })]);
    expect(one.quizzes.map((q: { kind: string }) => q.kind)).not.toContain('poll');
    expect(one.materials.every((m: { kind: string }) => m.kind !== 'project')).toBe(true);
    expect((await get(`/admin/score/${studentId}-${p3}`)).json().name).toBe('NOT_FOUND_SCORE'); // not enrolled in the third program
    expect((await get(`/admin/score/${studentId}-${p1}`, await api.login('admin', 'north'), 'north')).statusCode).toBe(404);
    expect((await get('/admin/score/abc')).statusCode).toBe(422);
    expect((await get(`/admin/score/${studentId}-${p1}`, await api.login('trainer'))).statusCode).toBe(403);
  });

  it('keeps score settings per school; the weights must add up to 100; points follow them', async () => {
    expect((await get('/admin/score/settings')).json().data).toEqual({ max_score: 100, ratios: { quizzes: 50, projects: 40, activity: 10 } });
    const put = (payload: Record<string, unknown>, token = admin, tenant = 'demo') => api.call({ method: 'PUT', url: '/admin/score/settings', token, tenant, payload });
    const bad = await put({ max_score: 10, ratios: { quizzes: 50, projects: 40, activity: 20 } });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { ratios: ['validation.format'] }]);
    expect((await put({ max_score: 0, ratios: { quizzes: 50, projects: 40, activity: 10 } })).json().errors).toHaveProperty('max_score');
    expect((await put({ max_score: 10, ratios: { quizzes: 50, projects: 50 } })).json().errors).toHaveProperty(['ratios.activity']);
    for (const role of ['trainer', 'moderator', 'student'])
      expect((await put({ max_score: 10, ratios: { quizzes: 20, projects: 70, activity: 10 } }, await api.login(role))).statusCode, role).toBe(403);
    const ok = await put({ max_score: 10, ratios: { quizzes: 20, projects: 70, activity: 10 } });
    expect(ok.json().data).toEqual({ max_score: 10, ratios: { quizzes: 20, projects: 70, activity: 10 } });
    expect((await get('/admin/score/settings')).json().data.max_score).toBe(10);
    for (const r of (await get('/admin/score')).json().data as ScoreRow[]) {
      expect(r.max_score).toBe(10);
      expect(r.points).toBeCloseTo(expected(r, 10, [20, 70, 10]), 2);
    }
    // the other school keeps its own
    expect((await get('/admin/score/settings', await api.login('admin', 'north'), 'north')).json().data.max_score).toBe(100);
  });

  it('approves a score (the points are kept for the student) and revokes it', async () => {
    const id = `${studentId}-${p2}`;
    for (const role of ['trainer', 'moderator', 'student']) expect((await api.call({ method: 'POST', url: `/admin/score/${id}/approve`, token: await api.login(role) })).statusCode, role).toBe(403);
    expect((await api.call({ method: 'POST', url: `/admin/score/${id}/approve`, token: await api.login('admin', 'north'), tenant: 'north' })).json().name).toBe('NOT_FOUND_SCORE');
    const before = (await get(`/admin/score/${id}`)).json().data;
    const approved = await api.call({ method: 'POST', url: `/admin/score/${id}/approve`, token: admin });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', approved_points: before.points });
    expect((await grades()).find((g) => g.program_id === p2)?.score).toMatchObject({ status: 'approved', points: before.points, max_score: 10 });
    expect((await grades()).find((g) => g.program_id === p1)?.score).toMatchObject({ status: null });
    expect((await get('/admin/score?status=approved')).json().data.map((r: ScoreRow) => r.id)).toEqual([id]);
    // the live points move (the trainer scores the project), the approved points stay
    const finance = (
      await api.db
        .select()
        .from(media)
        .where(and(eq(media.tenant_id, 1), eq(media.title, 'Проект: анализ финансовой отчётности')))
    )[0];
    await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${finance.id}/updateScore`, token: admin, payload: { score: 100 } });
    const live = (await get(`/admin/score/${id}`)).json().data;
    expect(live.points).toBeGreaterThan(before.points);
    expect(live.approved_points).toBe(before.points);
    expect((await grades()).find((g) => g.program_id === p2)?.score.points).toBe(before.points);
    // revoke: the student sees "revoked" with the live points
    const revoked = await api.call({ method: 'POST', url: `/admin/score/${id}/revoke`, token: admin });
    expect(revoked.json().data).toMatchObject({ status: 'revoked' });
    expect((await grades()).find((g) => g.program_id === p2)?.score).toMatchObject({ status: 'revoked', points: live.points });
    expect((await api.call({ method: 'POST', url: `/admin/score/${studentId}-${p3}/revoke`, token: admin })).statusCode).toBe(404);
  });
});
