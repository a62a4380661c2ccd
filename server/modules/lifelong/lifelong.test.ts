import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { abranches, achievementAwards, events, media, programs, quizAttempts, quizzes, submittedProjects, tenantAccess, users } from '../../db/schema/index.ts';

describe('lifelong learning', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  let studentId: number;
  const call = (method: string, url: string, token: string, payload?: unknown, tenant?: string) => api.call({ method: method as 'GET', url, token, payload: payload as never, tenant });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    student = await api.login('student');
    [{ id: studentId }] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
  });
  afterAll(() => api.close());

  async function branch(title = `Ветка ${Math.random()}`) {
    const res = await call('POST', '/admin/abranch', admin, { title, title_en: 'Branch', description: 'Описание' });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  }
  const demoQuiz = async () => (await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 1)).limit(1))[0];

  it("builds a branch: programs, modules, achievements, the builder's tree, sorting", async () => {
    const b = await branch('Лидерство');
    const [program] = await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).limit(1);
    const quiz = await demoQuiz();
    const p1 = (await call('POST', '/admin/aprogram', admin, { abranch_id: b.id, title: 'Первая' })).json().data;
    const p2 = (await call('POST', '/admin/aprogram', admin, { abranch_id: b.id, title: 'Вторая' })).json().data;
    const m1 = await call('POST', '/admin/amodule', admin, { aprogram_id: p1.id, title: 'Модуль-программа', kind: 'program', program_id: program.id, quiz_id: quiz.id });
    expect(m1.statusCode).toBe(201);
    expect(m1.json().data).toMatchObject({ kind: 'program', program_id: program.id, quiz_id: null });
    const m2 = (await call('POST', '/admin/amodule', admin, { aprogram_id: p1.id, title: 'Модуль-тест', kind: 'quiz', quiz_id: quiz.id })).json().data;
    const a1 = await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Тест сдан', rule: 'quiz_passed', quiz_id: quiz.id, min_percent: 50 });
    expect(a1.statusCode).toBe(201);
    const a2 = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Вручную', rule: 'manual' })).json().data;

    expect((await call('PUT', '/admin/aprogram/sort', admin, { ids: [p2.id, p1.id] })).statusCode).toBe(200);
    expect((await call('PUT', '/admin/amodule/sort', admin, { ids: [m2.id, m1.json().data.id] })).statusCode).toBe(200);
    expect((await call('PUT', '/admin/achievement/sort', admin, { ids: [a2.id, a1.json().data.id] })).statusCode).toBe(200);
    const tree = (await call('GET', `/admin/abranch/${b.id}/tree`, admin)).json().data;
    expect(tree.programs.map((p: { title: string }) => p.title)).toEqual(['Вторая', 'Первая']);
    expect(tree.programs[1].modules.map((m: { title: string }) => m.title)).toEqual(['Модуль-тест', 'Модуль-программа']);
    expect(tree.achievements.map((a: { title: string }) => a.title)).toEqual(['Вручную', 'Тест сдан']);

    const b2 = await branch('Финансы');
    expect((await call('PUT', '/admin/abranch/sort', admin, { ids: [b2.id, b.id] })).statusCode).toBe(200);
    const list = (await call('GET', '/admin/abranch?per_page=100', admin)).json().data.map((x: { id: number }) => x.id);
    expect(list.indexOf(b2.id)).toBeLessThan(list.indexOf(b.id));
    expect((await call('GET', `/admin/aprogram?filter[abranch_id]=${b.id}`, admin)).json().meta.total).toBe(2);

    expect((await call('PUT', `/admin/abranch/${b.id}`, admin, { title: 'Лидерство 2' })).json().data.title).toBe('Лидерство 2');
    expect((await call('PUT', `/admin/aprogram/${p2.id}`, admin, { description: 'x' })).json().data.description).toBe('x');
    expect((await call('PUT', `/admin/achievement/${a2.id}`, admin, { title_en: 'By hand' })).json().data.title_en).toBe('By hand');
    expect((await call('DELETE', `/admin/amodule/${m2.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/aprogram/${p2.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/achievement/${a2.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/admin/abranch/${b2.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/admin/abranch/${b2.id}`, admin)).json().name).toBe('NOT_FOUND_ABRANCH');
  });

  it("refuses other roles, other schools' ids and bad input", async () => {
    for (const login of ['trainer', 'moderator', 'student']) {
      const t = await api.login(login);
      expect((await call('GET', '/admin/abranch', t)).statusCode).toBe(403);
      expect((await call('POST', '/admin/achievement', t, { abranch_id: 1, title: 'x' })).statusCode).toBe(403);
      expect((await call('PUT', '/admin/abranch/sort', t, { ids: [1] })).statusCode).toBe(403);
    }
    const north = await api.login('admin', 'north');
    const nb = (await call('POST', '/admin/abranch', north, { title: 'North branch' }, 'north')).json().data;
    expect((await call('GET', `/admin/abranch/${nb.id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/admin/abranch/${nb.id}`, admin, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/abranch/${nb.id}`, admin)).statusCode).toBe(404);
    expect((await call('POST', '/admin/aprogram', admin, { abranch_id: nb.id, title: 'x' })).json().errors.abranch_id).toEqual(['validation.choice']);
    expect((await call('PUT', '/admin/abranch/sort', admin, { ids: [nb.id] })).json().errors.ids).toEqual(['validation.choice']);
    expect((await call('GET', `/api/abranch/${nb.id}`, student)).statusCode).toBe(404);
    const [northProgram] = await api.db.select().from(programs).where(eq(programs.tenant_id, 2)).limit(1);
    const b = await branch();
    const p = (await call('POST', '/admin/aprogram', admin, { abranch_id: b.id, title: 'P' })).json().data;
    expect((await call('POST', '/admin/amodule', admin, { aprogram_id: p.id, title: 'M', kind: 'program', program_id: northProgram.id })).json().errors.program_id).toEqual(['validation.choice']);
    expect((await call('POST', '/admin/amodule', admin, { aprogram_id: p.id, title: 'M', kind: 'quiz' })).json().errors.quiz_id).toEqual(['validation.required']);
    const bad = await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: '', rule: 'luck', min_percent: 101 });
    expect(bad.statusCode).toBe(422);
    expect((await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'x', rule: 'program_finished' })).json().errors.program_id).toEqual(['validation.required']);
    expect((await call('PUT', `/admin/abranch/${b.id}`, admin, {})).statusCode).toBe(422);
    expect((await call('GET', '/admin/abranch/2147483648', admin)).statusCode).toBe(422);
  });

  it('follows the lifelong_learning flag: refused by the server when it is off', async () => {
    await api.db.update(tenantAccess).set({ lifelong_learning: false }).where(eq(tenantAccess.tenant_id, 1));
    api.app.forgetTenantCaches();
    try {
      expect((await call('GET', '/admin/abranch', admin)).statusCode).toBe(403);
      expect((await call('PUT', '/admin/achievement/sort', admin, { ids: [1] })).statusCode).toBe(403);
      expect((await call('GET', '/api/abranch', student)).statusCode).toBe(403);
      expect((await call('GET', '/api/achievement', student)).statusCode).toBe(403);
    } finally {
      await api.db.update(tenantAccess).set({ lifelong_learning: true }).where(eq(tenantAccess.tenant_id, 1));
      api.app.forgetTenantCaches();
    }
    expect((await call('GET', '/api/abranch', student)).statusCode).toBe(200);
  });

  it('awards on a passed quiz, shows what is missing, and a student sees branches with progress', async () => {
    const b = await branch('Цифра');
    const quiz = await demoQuiz();
    const p = (await call('POST', '/admin/aprogram', admin, { abranch_id: b.id, title: 'Программа' })).json().data;
    const m = (await call('POST', '/admin/amodule', admin, { aprogram_id: p.id, title: 'Тест', kind: 'quiz', quiz_id: quiz.id })).json().data;
    const high = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Отлично', rule: 'quiz_passed', quiz_id: quiz.id, min_percent: 95 })).json().data;
    const done = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Модуль', rule: 'modules_done', module_ids: [m.id] })).json().data;
    const branchAll = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Вся ветка', rule: 'branch_programs', count: 1 })).json().data;
    const before = (await call('GET', '/api/achievement', student)).json().data.find((a: { id: number }) => a.id === done.id);
    expect(before).toMatchObject({ earned: false, missing: [{ kind: 'module', id: m.id }] });

    await api.db.delete(quizAttempts).where(and(eq(quizAttempts.user_id, studentId), eq(quizAttempts.quiz_id, quiz.id)));
    await api.db
      .insert(quizAttempts)
      .values({ tenant_id: 1, quiz_id: quiz.id, user_id: studentId, number: 1, status: 'FINISHED', finished_at: new Date(), question_order: [], option_order: {}, percent: 80, passed: true });
    const mine = (await call('GET', '/api/achievement', student)).json().data as { id: number; earned: boolean; reason: string; missing: { need?: number }[] }[];
    expect(mine.find((a) => a.id === done.id)).toMatchObject({ earned: true });
    expect(mine.find((a) => a.id === branchAll.id)).toMatchObject({ earned: true });
    expect(mine.find((a) => a.id === high.id)).toMatchObject({ earned: false, missing: [{ kind: 'quiz', need: 95 }] });
    const view = (await call('GET', `/api/abranch/${b.id}`, student)).json().data;
    expect(view.programs[0].modules[0]).toMatchObject({ done: true, link: `/quizzes/${quiz.id}` });
    expect(view).toMatchObject({ percent: 100, achievements_earned: 2 });
    expect((await call('GET', '/api/abranch', student)).json().data.find((x: { id: number }) => x.id === b.id)).toMatchObject({ programs_done: 1, programs_total: 1 });
    const [award] = await api.db
      .select()
      .from(achievementAwards)
      .where(and(eq(achievementAwards.achievement_id, done.id), eq(achievementAwards.user_id, studentId)));
    expect(award.reason).toBe('Modules done: Тест');
    expect(award.awarded_at).toBeInstanceOf(Date);
  });

  it("withdraws when a project is sent back, through the review's hook", async () => {
    const b = await branch();
    const [project] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.tenant_id, 1), eq(media.kind, 'project')))
      .limit(1);
    const a = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Проект', rule: 'project_approved', media_id: project.id })).json().data;
    await api.db.delete(submittedProjects).where(and(eq(submittedProjects.user_id, studentId), eq(submittedProjects.media_id, project.id)));
    const [v] = await api.db.insert(submittedProjects).values({ tenant_id: 1, user_id: studentId, media_id: project.id, version: 1, status: 'checked', score: 90 }).returning();
    expect((await call('POST', `/admin/submittedProject/${v.id}/approve`, admin, { is_approve: 1 })).statusCode).toBe(200);
    const award = async () =>
      (
        await api.db
          .select()
          .from(achievementAwards)
          .where(and(eq(achievementAwards.achievement_id, a.id), eq(achievementAwards.user_id, studentId)))
      )[0];
    expect(await award()).toMatchObject({ revoked_at: null, manual: false });
    expect((await call('POST', `/admin/submittedProject/${v.id}/approve`, admin, { is_approve: 0 })).statusCode).toBe(200);
    expect((await award()).revoked_at).toBeInstanceOf(Date);
    expect((await call('POST', `/admin/submittedProject/${v.id}/approve`, admin, { is_approve: 1 })).statusCode).toBe(200);
    expect((await award()).revoked_at).toBeNull();
  });

  it('awards a finished program (the completion rule of programs/progress.ts) and withdraws it when the score is revoked', async () => {
    const b = await branch();
    const p = (await call('POST', '/admin/program', admin, { title: `Короткая программа ${Date.now()}` })).json().data;
    const ch = (await call('POST', '/admin/programChapter', admin, { program_id: p.id, title: 'Глава' })).json().data;
    const [reading] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.tenant_id, 1), eq(media.kind, 'text')))
      .limit(1);
    expect((await call('POST', `/admin/programChapter/${ch.id}/attachMedia`, admin, { media_id: reading.id })).statusCode).toBe(200);
    expect((await call('POST', `/admin/program/${p.id}/setUser`, admin, { users: [studentId] })).statusCode).toBe(200);
    const a = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Выпускник', rule: 'program_finished', program_id: p.id })).json().data;
    const mine = async () => ((await call('GET', '/api/achievement', student)).json().data as { id: number; earned: boolean; missing: unknown[] }[]).find((x) => x.id === a.id)!;
    expect(await mine()).toMatchObject({ earned: false, missing: [{ kind: 'program', id: p.id }] });
    await api.db.insert(events).values({ tenant_id: 1, user_id: studentId, kind: 'media_view', subject_type: 'media', subject_id: reading.id });
    expect(await mine()).toMatchObject({ earned: true });
    expect((await call('POST', `/admin/score/${studentId}-${p.id}/revoke`, admin)).statusCode).toBe(200);
    const [row] = await api.db
      .select()
      .from(achievementAwards)
      .where(and(eq(achievementAwards.achievement_id, a.id), eq(achievementAwards.user_id, studentId)));
    expect(row.revoked_at).toBeInstanceOf(Date);
    expect(row.revoked_reason).toContain('program_finished');
    expect((await call('POST', `/admin/score/${studentId}-${p.id}/approve`, admin)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ earned: true });
  });

  it('grants and withdraws by hand with a reason; a hand withdrawal sticks; no double award under concurrency', async () => {
    const b = await branch();
    const a = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Наставник', rule: 'manual' })).json().data;
    const grants = await Promise.all([1, 2, 3, 4, 5].map(() => call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: 'Помог группе' })));
    expect(grants.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await api.db.select().from(achievementAwards).where(eq(achievementAwards.achievement_id, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ manual: true, reason: 'Помог группе' });
    const list = (await call('GET', `/admin/achievement/${a.id}/award`, admin)).json();
    expect(list.data[0]).toMatchObject({ user_id: studentId, manual: true });
    expect((await call('POST', `/admin/achievement/${a.id}/withdraw`, admin, { user_id: studentId, reason: 'Ошибка' })).json().data).toMatchObject({ revoked_reason: 'Ошибка', revoked_manual: true });
    expect((await call('POST', `/admin/achievement/${a.id}/withdraw`, admin, { user_id: studentId, reason: 'Ещё раз' })).statusCode).toBe(404);
    const [teacher] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'trainer')));
    expect((await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: teacher.id, reason: 'x' })).json().errors.user_id).toEqual(['validation.choice']);
    expect((await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: '' })).statusCode).toBe(422);

    // an automatic rule: racing recomputations write one award
    const quiz = await demoQuiz();
    const auto = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Гонка', rule: 'quiz_passed', quiz_id: quiz.id })).json().data;
    await api.db
      .insert(quizAttempts)
      .values({ tenant_id: 1, quiz_id: quiz.id, user_id: studentId, number: 9, status: 'FINISHED', finished_at: new Date(), question_order: [], option_order: {}, percent: 100, passed: true });
    await Promise.all([1, 2, 3, 4, 5].map(() => call('GET', '/api/achievement', student)));
    expect(await api.db.select().from(achievementAwards).where(eq(achievementAwards.achievement_id, auto.id))).toHaveLength(1);
    // withdrawn by hand: the rule does not give it back
    await call('POST', `/admin/achievement/${auto.id}/withdraw`, admin, { user_id: studentId, reason: 'Списал' });
    await call('GET', '/api/achievement', student);
    const [row] = await api.db.select().from(achievementAwards).where(eq(achievementAwards.achievement_id, auto.id));
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it("signs a credential that verifies with the school's keys; a tampered one does not; a withdrawal shows as revoked", async () => {
    const b = await branch();
    const a = (await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Сертифицирован', rule: 'manual' })).json().data;
    expect((await call('GET', `/api/achievement/${a.id}/credential`, student)).statusCode).toBe(404);
    const award = (await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: 'Экзамен' })).json().data;
    const res = await call('GET', `/api/achievement/${a.id}/credential`, student);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vc+jwt');
    const jwt = res.body;
    const keys = await api.call({ method: 'GET', url: '/api/credential/keys' });
    expect(keys.statusCode).toBe(200);
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(keys.json()), { typ: 'vc+jwt' });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ type: ['VerifiableCredential', 'OpenBadgeCredential'], jti: `urn:uuid:${award.credential_id}`, credentialSubject: { achievement: { name: 'Сертифицирован' } } });
    // another school's keys do not verify it
    const northKeys = (await api.call({ method: 'GET', url: '/api/credential/keys', tenant: 'north' })).json();
    await expect(jwtVerify(jwt, createLocalJWKSet(northKeys))).rejects.toThrow();
    // tampered: a changed payload keeps the signature of the original
    const [h, body, sig] = jwt.split('.');
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString());
    forged.credentialSubject.achievement.name = 'Доктор наук';
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
    await expect(jwtVerify(tampered, createLocalJWKSet(keys.json()))).rejects.toThrow();
    expect((await api.call({ method: 'POST', url: '/api/credential/verify', payload: { credential: tampered } })).json().data).toMatchObject({ signature: false });
    expect((await api.call({ method: 'POST', url: '/api/credential/verify', payload: { credential: jwt } })).json().data).toMatchObject({ signature: true, status: 'valid' });

    const page = await api.call({ method: 'GET', url: `/api/credential/${award.credential_id}` });
    expect(page.json().data).toMatchObject({ status: 'valid', achievement: { title: 'Сертифицирован' }, school: expect.any(String), student: expect.any(String) });
    expect(page.json().data.award).toBeUndefined();
    await call('POST', `/admin/achievement/${a.id}/withdraw`, admin, { user_id: studentId, reason: 'Отозвано' });
    expect((await api.call({ method: 'GET', url: `/api/credential/${award.credential_id}` })).json().data.status).toBe('revoked');
    expect((await api.call({ method: 'POST', url: '/api/credential/verify', payload: { credential: jwt } })).json().data).toMatchObject({ signature: true, status: 'revoked' });
    // another school does not know it
    expect((await api.call({ method: 'GET', url: `/api/credential/${award.credential_id}`, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/api/credential/not-a-uuid' })).statusCode).toBe(422);
  });

  it('keeps one signing key per school', async () => {
    const [a, b2] = await Promise.all([api.call({ method: 'GET', url: '/api/credential/keys', tenant: 'north' }), api.call({ method: 'GET', url: '/api/credential/keys', tenant: 'north' })]);
    expect(a.json().keys[0].kid).toBe(b2.json().keys[0].kid);
    expect(a.json().keys[0].d).toBeUndefined();
    expect(await api.db.select().from(abranches).where(isNull(abranches.image))).toBeTruthy();
  });

  it('stores a branch image and an achievement badge sent as form data, serves them, and refuses a file that is not an image', async () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const branch = await api.call({ method: 'POST', url: '/admin/abranch', token: admin, ...multipart({ title: 'С картинкой', image: { name: 'b.png', data: PNG, type: 'image/png' } }) });
    expect(branch.statusCode, branch.body).toBe(201);
    const b = branch.json().data;
    expect(b.image).toMatch(/^\/api\/files\/abranch\/\d+\/image\?domain=demo&key=/);
    const served = await api.call({ method: 'GET', url: b.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    const badge = await api.call({
      method: 'POST',
      url: `/admin/achievement`,
      token: admin,
      ...multipart({ abranch_id: String(b.id), title: 'Значок', rule: 'manual', image: { name: 'a.png', data: PNG, type: 'image/png' } }),
    });
    expect(badge.statusCode, badge.body).toBe(201);
    expect((await api.call({ method: 'GET', url: badge.json().data.image })).statusCode).toBe(200);
    const fake = await api.call({
      method: 'POST',
      url: '/admin/abranch',
      token: admin,
      ...multipart({ title: 'Подделка', image: { name: 'x.png', data: Buffer.from('<?php echo 1; ?>'), type: 'image/png' } }),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().name).toBe('ERROR_EXT_TYPE');
  });
});
