import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart, zipFile } from '../../test/forms.ts';
import { media, programTrainers, programs, submittedProjects, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../core/password.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { absolutePath } from '../../core/storage.ts';

type Row = { id: number; media_id: number; status: string };

describe('project review: trainer scoping, removal, per-student material settings', () => {
  let api: TestApi;
  let student: string;
  let trainer: string;
  let trainer2: string;
  let admin: string;
  let studentId: number;
  let strategy: typeof media.$inferSelect;
  let finance: typeof media.$inferSelect;
  let p1: number;
  let p2: number;
  let strategyVersion: number;
  const byTitle = async (title: string, tenant = 1) =>
    (
      await api.db
        .select()
        .from(media)
        .where(and(eq(media.tenant_id, tenant), eq(media.title, title)))
    )[0];
  const ids = (rows: Row[]) => rows.map((r) => r.media_id);

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    trainer = await api.login('trainer');
    admin = await api.login('admin');
    studentId = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
    strategy = await byTitle('Проект: стратегия вашей компании');
    finance = await byTitle('Проект: анализ финансовой отчётности');
    [p1, p2] = (await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).orderBy(asc(programs.id)).limit(2)).map((p) => p.id);
    // a second trainer who teaches only the first program (strategy)
    const [t2] = await api.db
      .insert(users)
      .values({ tenant_id: 1, login: 'trainer2', email: 'trainer2@demo.test', password_hash: await hashPassword(DEMO_PASSWORD), role: 'trainer', name: 'Ольга', surname: 'Вторая' })
      .returning();
    await api.db.insert(programTrainers).values({ tenant_id: 1, program_id: p1, user_id: t2.id });
    trainer2 = await api.login('trainer2');
    const sent = await api.call({
      method: 'POST',
      url: `/api/media/${strategy.id}/submittedProject`,
      token: student,
      ...multipart({ file1: { name: 'strategy.zip', data: zipFile('s1') }, confirm: '1' }),
    });
    expect(sent.statusCode).toBe(201);
    strategyVersion = sent.json().data.id;
  });
  afterAll(() => api.close());

  it('shows a trainer only the versions of the programs assigned to them: list, filters, count', async () => {
    const all = (await api.call({ method: 'GET', url: '/admin/submittedProject', token: trainer })).json();
    expect(new Set(ids(all.data))).toEqual(new Set([strategy.id, finance.id]));
    const mine = (await api.call({ method: 'GET', url: '/admin/submittedProject', token: trainer2 })).json();
    expect(ids(mine.data)).toEqual([strategy.id]);
    expect(mine.meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject?program_id=${p2}`, token: trainer2 })).json().meta.total).toBe(0);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject?filter[program_id]=${p1}&filter[status]=awaiting&filter[user_id]=${studentId}`, token: trainer2 })).json().meta.total).toBe(
      1,
    );
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer })).json().data.count).toBe(2);
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer2 })).json().data.count).toBe(1);
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: admin })).json().data.count).toBe(2);
  });

  it("offers the review screens their choices: students in scope and the school's reviewers", async () => {
    const all = (await api.call({ method: 'GET', url: '/admin/submittedProject/people', token: admin })).json().data;
    expect(all.students).toEqual([{ id: studentId, name: 'Студентов Алексей' }]);
    expect(all.trainers.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Тренеров Пётр', 'Вторая Ольга', 'Админов Иван']));
    expect(all.trainers.map((t: { role: string }) => t.role)).not.toContain('student');
    // a trainer's students are those of their programs only
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/people', token: trainer2 })).json().data.students).toHaveLength(1);
    const northAdmin = await api.login('admin', 'north');
    const north = (await api.call({ method: 'GET', url: '/admin/submittedProject/people', token: northAdmin, tenant: 'north' })).json().data;
    expect(north.trainers.map((t: { name: string }) => t.name)).not.toContain('Вторая Ольга');
    for (const role of ['moderator', 'student']) expect((await api.call({ method: 'GET', url: '/admin/submittedProject/people', token: await api.login(role) })).statusCode, role).toBe(403);
  });

  it('refuses a trainer every version outside their programs with 404, and lets them work on their own', async () => {
    const [fv2] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.media_id, finance.id), eq(submittedProjects.version, 2)));
    const outside = [
      { method: 'GET', url: `/admin/submittedProject/${fv2.id}` },
      { method: 'GET', url: `/api/media/${finance.id}/submittedProject/${fv2.id}` },
      { method: 'PUT', url: `/admin/user/${studentId}/media/${finance.id}/submittedProject/${fv2.id}`, payload: { score: 50 } },
      { method: 'PUT', url: `/admin/submittedProject/${fv2.id}`, payload: { score: 50 } },
      { method: 'POST', url: `/admin/submittedProject/${fv2.id}/approve`, payload: { is_approve: 1 } },
      { method: 'DELETE', url: `/admin/submittedProject/${fv2.id}/deleteFileTrainer` },
      { method: 'DELETE', url: `/admin/submittedProject/${fv2.id}` },
    ] as const;
    for (const c of outside) {
      const res = await api.call({ ...c, token: trainer2 });
      expect([res.statusCode, res.json().name], `${c.method} ${c.url}`).toEqual([404, 'NOT_FOUND_PROJECT']);
    }
    const bulk = await api.call({ method: 'DELETE', url: '/admin/submittedProject', token: trainer2, payload: { ids: [fv2.id] } });
    expect(bulk.json().data).toEqual({ count: 0 });
    expect(await api.db.select().from(submittedProjects).where(eq(submittedProjects.id, fv2.id))).toHaveLength(1);
    // within their program: review, then approve and revoke
    const reviewed = await api.call({
      method: 'PUT',
      url: `/admin/user/${studentId}/media/${strategy.id}/submittedProject/${strategyVersion}`,
      token: trainer2,
      payload: { score: 77, message: 'Сильная работа' },
    });
    expect(reviewed.json().data).toMatchObject({ status: 'checked', score: 77, trainer: 'Вторая Ольга', trainer_message: 'Сильная работа' });
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer2 })).json().data.count).toBe(0);
    const approved = await api.call({ method: 'POST', url: `/admin/submittedProject/${strategyVersion}/approve`, token: trainer2, payload: { is_approve: 1 } });
    expect(approved.json().data).toMatchObject({ status: 'approved', check_admin: true });
    const revoked = await api.call({ method: 'POST', url: `/admin/submittedProject/${strategyVersion}/approve`, token: trainer2, payload: { is_approve: false } });
    expect(revoked.json().data).toMatchObject({ status: 'checked', check_admin: false });
    // the student sees the trainer's score
    const seen = (await api.call({ method: 'GET', url: `/api/media/${strategy.id}/submittedProject`, token: student })).json().data[0];
    expect(seen).toMatchObject({ score: 77, trainer: 'Вторая Ольга', status: 'checked' });
  });

  it('removes one version with its files; refuses other roles, other schools and unknown ids', async () => {
    const sent = await api.call({
      method: 'POST',
      url: `/api/media/${strategy.id}/submittedProject`,
      token: student,
      ...multipart({ file1: { name: 'strategy-v2.zip', data: zipFile('s2') }, confirm: '1' }),
    });
    const id = sent.json().data.id;
    const dir = absolutePath(api.config.dataDir, 'demo', `projects/${id}`);
    expect(existsSync(dir)).toBe(true);
    for (const role of ['moderator', 'student']) expect((await api.call({ method: 'DELETE', url: `/admin/submittedProject/${id}`, token: await api.login(role) })).statusCode, role).toBe(403);
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'DELETE', url: `/admin/submittedProject/${id}`, token: northAdmin, tenant: 'north' })).json().name).toBe('NOT_FOUND_PROJECT');
    expect((await api.call({ method: 'DELETE', url: '/admin/submittedProject/abc', token: admin })).statusCode).toBe(422);
    const res = await api.call({ method: 'DELETE', url: `/admin/submittedProject/${id}`, token: trainer2 });
    expect(res.json()).toEqual({ data: { id } });
    expect(existsSync(dir)).toBe(false);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject/${id}`, token: admin })).statusCode).toBe(404);
    // the method override twin, as the admin app sends it
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${id}`, token: admin, payload: { _method: 'DELETE' } })).statusCode).toBe(404);
  });

  it("sets a student's score for a material; for a project it is the latest version's score", async () => {
    const url = `/admin/user/${studentId}/media/${finance.id}`;
    const before = (await api.call({ method: 'GET', url, token: admin })).json().data;
    expect(before).toMatchObject({ kind: 'project', score: null, count_attempts: 0 });
    expect(before.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'awaiting'],
      [1, 'checked'],
    ]);
    const set = await api.call({ method: 'POST', url: `${url}/updateScore`, token: trainer, payload: { score: 64.5 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ score: 64.5 });
    expect(set.json().data.versions[0]).toMatchObject({ version: 2, status: 'checked', score: 64.5 });
    const grades = (await api.call({ method: 'GET', url: '/api/score', token: student })).json().data;
    expect(grades.flatMap((p: { projects: { media_id: number }[] }) => p.projects).find((p: { media_id: number }) => p.media_id === finance.id)).toMatchObject({
      version: 2,
      score: 64.5,
      status: 'checked',
    });
    // a plain material keeps the score for the reports
    const text = await byTitle('Конспект лекции');
    expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${text.id}/updateScore`, token: admin, payload: { score: 90 } })).json().data).toMatchObject({
      kind: 'text',
      score: 90,
      versions: [],
    });
    expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${text.id}/updateScore`, token: admin, payload: { score: null } })).json().data.score).toBeNull();
    // bad input, roles, other school, not a student
    for (const payload of [{ score: 101 }, { score: -1 }, { score: 'ten' }, {}]) {
      const bad = await api.call({ method: 'POST', url: `${url}/updateScore`, token: admin, payload });
      expect([bad.statusCode, Object.keys(bad.json().errors ?? {})], JSON.stringify(payload)).toEqual([422, ['score']]);
    }
    for (const role of ['moderator', 'student'])
      expect((await api.call({ method: 'POST', url: `${url}/updateScore`, token: await api.login(role), payload: { score: 1 } })).statusCode, role).toBe(403);
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'POST', url: `${url}/updateScore`, token: northAdmin, tenant: 'north', payload: { score: 1 } })).json().name).toBe('USER_DOES_NOT_EXIST');
    const [northStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.role, 'student')));
    expect((await api.call({ method: 'POST', url: `/admin/user/${northStudent.id}/media/${finance.id}/updateScore`, token: northAdmin, tenant: 'north', payload: { score: 1 } })).json().name).toBe(
      'NOT_FOUND_MEDIA',
    );
    const trainerId = (await api.call({ method: 'GET', url: '/api/user', token: trainer })).json().data.id;
    expect((await api.call({ method: 'POST', url: `/admin/user/${trainerId}/media/${finance.id}/updateScore`, token: admin, payload: { score: 1 } })).json().name).toBe('USER_DOES_NOT_EXIST');
    // a trainer outside the material's programs
    const refused = await api.call({ method: 'POST', url: `${url}/updateScore`, token: trainer2, payload: { score: 1 } });
    expect([refused.statusCode, refused.json().name]).toEqual([403, 'ERROR_ACCESS']);
  });

  it('grants extra versions beyond the deadline rule; each refused-by-rule version uses one up', async () => {
    const url = `/admin/user/${studentId}/media/${strategy.id}`;
    const submit = (seed: string) =>
      api.call({ method: 'POST', url: `/api/media/${strategy.id}/submittedProject`, token: student, ...multipart({ file1: { name: `${seed}.zip`, data: zipFile(seed) }, confirm: '1' }) });
    await api.db.update(media).set({ deadline: '2020-01-01' }).where(eq(media.id, strategy.id));
    await api.db.update(submittedProjects).set({ status: 'checked' }).where(eq(submittedProjects.media_id, strategy.id));
    try {
      expect((await submit('x1')).json().name).toBe('ERROR_DEADLINE_PASSED');
      const granted = await api.call({ method: 'POST', url: `${url}/updateCountAttempts`, token: trainer2, payload: { count_attempts: 1 } });
      expect(granted.json().data).toMatchObject({ count_attempts: 1 });
      const extra = await submit('x2');
      expect(extra.statusCode, extra.body).toBe(201);
      expect(extra.json().data).toMatchObject({ late: true, status: 'awaiting' });
      expect((await api.call({ method: 'GET', url, token: admin })).json().data.count_attempts).toBe(0);
      await api.db.update(submittedProjects).set({ status: 'checked' }).where(eq(submittedProjects.media_id, strategy.id));
      expect((await submit('x3')).json().name).toBe('ERROR_DEADLINE_PASSED');
    } finally {
      await api.db.update(media).set({ deadline: strategy.deadline }).where(eq(media.id, strategy.id));
    }
    for (const payload of [{ count_attempts: -1 }, { count_attempts: 21 }, { count_attempts: 1.5 }, {}]) {
      expect((await api.call({ method: 'POST', url: `${url}/updateCountAttempts`, token: admin, payload })).statusCode, JSON.stringify(payload)).toBe(422);
    }
    const text = await byTitle('Конспект лекции');
    expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${text.id}/updateCountAttempts`, token: admin, payload: { count_attempts: 1 } })).json().name).toBe(
      'NOT_FOUND_MEDIA',
    );
    expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${finance.id}/updateCountAttempts`, token: trainer2, payload: { count_attempts: 1 } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `${url}/updateCountAttempts`, token: await api.login('moderator'), payload: { count_attempts: 1 } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `${url}/updateCountAttempts`, token: await api.login('admin', 'north'), tenant: 'north', payload: { count_attempts: 1 } })).statusCode).toBe(404);
  });

  it("marks a material viewed or not for a student, and the student's progress follows", async () => {
    const text = await byTitle('Конспект лекции');
    const viewed = async () => {
      const program = (await api.call({ method: 'GET', url: `/api/program/${p1}`, token: student })).json().data;
      return program.chapters.flatMap((c: { media: { id: number; viewed: boolean }[] }) => c.media).find((m: { id: number }) => m.id === text.id).viewed;
    };
    const url = `/admin/user/${studentId}/media/${text.id}/setViewMedia`;
    expect((await api.call({ method: 'POST', url, token: trainer, payload: { viewed: true } })).json().data).toMatchObject({ viewed: true });
    expect(await viewed()).toBe(true);
    expect((await api.call({ method: 'POST', url, token: trainer, payload: { viewed: true } })).json().data.viewed).toBe(true); // idempotent
    expect((await api.call({ method: 'POST', url, token: admin, payload: { viewed: false } })).json().data).toMatchObject({ viewed: false, viewed_at: null });
    expect(await viewed()).toBe(false);
    expect((await api.call({ method: 'POST', url, token: admin, payload: { viewed: 'yes' } })).statusCode).toBe(422);
    expect((await api.call({ method: 'POST', url, token: admin, payload: {} })).json().errors).toHaveProperty('viewed');
    for (const role of ['moderator', 'student']) expect((await api.call({ method: 'POST', url, token: await api.login(role), payload: { viewed: true } })).statusCode, role).toBe(403);
    expect((await api.call({ method: 'POST', url, token: await api.login('admin', 'north'), tenant: 'north', payload: { viewed: true } })).statusCode).toBe(404);
    const balance = await byTitle('Как читать баланс'); // in the second program only? trainer2 teaches the first
    const inP1 = (await api.call({ method: 'GET', url: `/api/program/${p1}`, token: student }))
      .json()
      .data.chapters.flatMap((c: { media: { id: number }[] }) => c.media)
      .some((m: { id: number }) => m.id === balance.id);
    if (!inP1) expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/media/${balance.id}/setViewMedia`, token: trainer2, payload: { viewed: true } })).statusCode).toBe(403);
  });
});
