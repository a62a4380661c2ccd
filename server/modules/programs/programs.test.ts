import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { attemptPassed, programCompletion } from './progress.ts';
import { chapterMedia, chapters, events, groups, media, programs, questionOptions, submittedProjects, users } from '../../db/schema/index.ts';

describe('programs and materials', () => {
  let api: TestApi;
  let student: string;
  let admin: string;
  const programId = async (title: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, title), eq(programs.tenant_id, tenantId)))
    )[0].id;
  const mediaId = async (kind: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(media)
        .where(and(eq(media.kind, kind as never), eq(media.tenant_id, tenantId)))
    )[0].id;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('lists only the programs a student is enrolled in, directly or through a group, with progress', async () => {
    const res = await api.call({ method: 'GET', url: '/api/program', token: student });
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.map((p: { title: string }) => p.title);
    // the third is the demo's "Open standards" with the SCORM package and the LTI tool (server/seed/standards.ts)
    expect(titles).toEqual(['Стратегический менеджмент', 'Финансы для руководителей', 'Открытые стандарты']);
    expect(res.json().data[0].progress).toMatchObject({ state: 'not_started', done: 0, passed: false });
    expect(res.json().meta.total).toBe(3);
    expect((await api.call({ method: 'GET', url: '/api/program?filter[done]=1', token: student })).json().data).toEqual([]);
    expect((await api.call({ method: 'GET', url: '/api/program', token: admin })).json().data).toHaveLength(4);
  });

  it('shows a program with chapters, materials and quizzes in order; refuses one the student is not enrolled in', async () => {
    const res = await api.call({ method: 'GET', url: `/api/program/${await programId('Стратегический менеджмент')}`, token: student });
    const data = res.json().data;
    expect(data.chapters.map((c: { title: string }) => c.title)).toEqual(['Введение в стратегию', 'Анализ отрасли']);
    expect(data.chapters[0].media.map((m: { kind: string }) => m.kind)).toEqual(['video', 'text']);
    expect(data.chapters[1].quizzes[0]).toMatchObject({ title: 'Экзамен по стратегии', result: null });
    const other = await api.call({ method: 'GET', url: `/api/program/${await programId('Маркетинг')}`, token: student });
    expect(other.statusCode).toBe(403);
    expect(other.json().name).toBe('ERROR_ACCESS');
    const north = await api.call({ method: 'GET', url: `/api/program/${await programId('Стратегический менеджмент', 2)}`, token: student });
    expect(north.json().name).toBe('NOT_FOUND_PROGRAM');
    expect((await api.call({ method: 'GET', url: '/api/program/abc', token: student })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/program' })).statusCode).toBe(401);
  });

  it('streams the video with range requests and records one view', async () => {
    const id = await mediaId('video');
    const full = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${id}`, token: student });
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = Number(full.headers['content-length']);
    expect(full.rawPayload.length).toBe(size);
    const part = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${id}`, token: student, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${id}`, token: student, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(full.rawPayload.subarray(size - 10))).toBe(true);
    const bad = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${id}`, token: student, headers: { range: `bytes=${size + 5}-` } });
    expect(bad.statusCode).toBe(416);
    const views = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'media_view'), eq(events.subject_id, id)));
    expect(views).toHaveLength(1);
    const progress = (await api.call({ method: 'GET', url: '/api/program', token: student })).json().data[0].progress;
    expect(progress.state).toBe('in_process');
    expect((await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${await mediaId('video', 2)}`, token: student })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/api/streamVideo', token: student })).statusCode).toBe(422);
    // a <video> element passes the token and school in the query; a north token is refused in demo
    const viaQuery = await api.app.inject({ method: 'GET', url: `/api/streamVideo?media_id=${id}&access_token=${student}&domain=demo`, headers: { range: 'bytes=0-9' } });
    expect(viaQuery.statusCode).toBe(206);
    const northToken = await api.login('student', 'north');
    expect((await api.app.inject({ method: 'GET', url: `/api/streamVideo?media_id=${id}&access_token=${northToken}&domain=demo` })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: `/api/media/${id}?access_token=${student}&domain=demo` })).statusCode).toBe(401);
  });

  it('serves material info and the PDF download under its name', async () => {
    const id = await mediaId('pdf');
    const info = (await api.call({ method: 'GET', url: `/api/media/${id}`, token: student })).json().data;
    expect(info).toMatchObject({ kind: 'pdf', file_url: `/api/media/${id}/file` });
    expect(info.path).toBeUndefined();
    const file = await api.call({ method: 'GET', url: `/api/media/${id}/file`, token: student });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('Руководство по стратегии.pdf'));
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.call({ method: 'GET', url: `/api/media/${id}`, token: await api.login('moderator') })).statusCode).toBe(403);
  });

  it('enrols users and groups of the school, and removes them', async () => {
    const id = await programId('Маркетинг');
    const [northStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.login, 'student')));
    expect((await api.call({ method: 'POST', url: `/admin/program/${id}/setUser`, token: admin, payload: { users: [northStudent.id] } })).statusCode).toBe(404);
    const [group] = await api.db
      .select()
      .from(groups)
      .where(and(eq(groups.tenant_id, 1), eq(groups.title, 'MBA-2026')));
    const res = await api.call({ method: 'POST', url: `/admin/program/${id}/setGroup`, token: admin, payload: { groups: [group.id] } });
    expect(res.json().data.groups.map((g: { title: string }) => g.title)).toEqual(['MBA-2026']);
    // the student of that group now sees the program
    expect((await api.call({ method: 'GET', url: `/api/program/${id}`, token: student })).statusCode).toBe(200);
    await api.call({ method: 'POST', url: `/admin/program/${id}/destroyGroup`, token: admin, payload: { groups: [group.id] } });
    expect((await api.call({ method: 'GET', url: `/api/program/${id}`, token: student })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `/admin/program/${id}/setGroup`, token: admin, payload: { groups: [] } })).json().name).toBe('NOT_CHECK_ID_GROUP');
    expect((await api.call({ method: 'POST', url: `/admin/program/${id}/setGroup`, token: await api.login('trainer'), payload: { groups: [group.id] } })).statusCode).toBe(403);
  });

  it('administers programs: list, create, edit, delete; short description at most 120 characters', async () => {
    const list = await api.call({ method: 'GET', url: '/admin/program?q=Марк', token: admin });
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual(['Маркетинг']);
    const created = await api.call({ method: 'POST', url: '/admin/program', token: admin, payload: { title: 'Лидерство', days_to_study: 30 } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await api.call({ method: 'PUT', url: `/admin/program/${id}`, token: admin, payload: { short_description: 'x'.repeat(121) } })).statusCode).toBe(422);
    expect((await api.call({ method: 'PUT', url: `/admin/program/${id}`, token: admin, payload: { short_description: 'Коротко' } })).json().data.short_description).toBe('Коротко');
    const market = {
      skills: ['Переговоры', 'Делегирование'],
      knowledge: ['Модели лидерства'],
      logo: 'https://example.com/logo.png',
      price: 50000,
      discount_price: 45000,
      category: 'Менеджмент',
      language: 'ru',
      duration: '2 месяца',
      requirements: 'Опыт управления',
      full_description: 'Полное описание',
      ects: 3.5,
      payment_currency: 'RUB',
      extra_currency: 'USD',
      consulting_count: 2,
      consulting_days: 10,
      technical_name: 'LEAD-01',
      main_name: 'Лидерство',
      documents_title: 'Лидерство и команда',
    };
    const saved = await api.call({ method: 'PUT', url: `/admin/program/${id}`, token: admin, payload: market });
    expect(saved.json().data).toMatchObject(market);
    expect((await api.call({ method: 'GET', url: `/admin/program/${id}`, token: admin })).json().data).toMatchObject(market);
    expect((await api.call({ method: 'PUT', url: `/admin/program/${id}`, token: admin, payload: { payment_currency: 'GBP' } })).json().errors.payment_currency).toBeDefined();
    expect((await api.call({ method: 'POST', url: '/admin/program', token: admin, payload: { days_to_study: 5 } })).json().errors.title).toBeDefined();
    expect((await api.call({ method: 'POST', url: '/admin/program', token: student, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'DELETE', url: `/admin/program/${id}`, token: await api.login('trainer') })).statusCode).toBe(403);
    expect((await api.call({ method: 'DELETE', url: `/admin/program/${await programId('Маркетинг', 2)}`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/program/${id}`, token: admin })).statusCode).toBe(200);
  });

  it('lets a trainer see and edit only the programs assigned to them; admins assign trainers of the school', async () => {
    const trainer = await api.login('trainer');
    const [me] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'trainer')));
    const [northTrainer] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.login, 'trainer')));
    const [demoStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
    const strategy = await programId('Стратегический менеджмент');
    const marketing = await programId('Маркетинг');
    const titles = async () => (await api.call({ method: 'GET', url: '/admin/program?sort=id&order=asc', token: trainer })).json().data.map((p: { title: string }) => p.title);
    expect(await titles()).toEqual(['Стратегический менеджмент', 'Финансы для руководителей']);
    expect((await api.call({ method: 'GET', url: `/admin/program/${marketing}`, token: trainer })).json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'PUT', url: `/admin/program/${marketing}`, token: trainer, payload: { title_en: 'x' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/admin/program/${marketing}/enrolment`, token: trainer })).statusCode).toBe(403);
    const edited = await api.call({ method: 'PUT', url: `/admin/program/${strategy}`, token: trainer, payload: { title_en: 'Strategy' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title_en: 'Strategy', title: 'Стратегический менеджмент', trainer_ids: [me.id] });
    // a trainer cannot hand the program to someone else, but may send the form back with the list unchanged
    expect((await api.call({ method: 'PUT', url: `/admin/program/${strategy}`, token: trainer, payload: { trainer_ids: [] } })).statusCode).toBe(403);
    const record = (await api.call({ method: 'GET', url: `/admin/program/${strategy}`, token: trainer })).json().data;
    const resent = await api.call({ method: 'PUT', url: `/admin/program/${strategy}`, token: trainer, payload: { ...record, days_to_study: 45 } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ days_to_study: 45, trainer_ids: [me.id] });
    // only trainers of this school may be assigned
    for (const wrong of [demoStudent.id, northTrainer.id]) {
      const bad = await api.call({ method: 'PUT', url: `/admin/program/${marketing}`, token: admin, payload: { trainer_ids: [wrong] } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.trainer_ids).toBeDefined();
    }
    const assigned = await api.call({ method: 'PUT', url: `/admin/program/${marketing}`, token: admin, payload: { trainer_ids: [me.id] } });
    expect(assigned.json().data.trainer_ids).toEqual([me.id]);
    expect(await titles()).toEqual(['Стратегический менеджмент', 'Финансы для руководителей', 'Маркетинг']);
    await api.call({ method: 'PUT', url: `/admin/program/${marketing}`, token: admin, payload: { trainer_ids: [] } });
    expect(await titles()).not.toContain('Маркетинг');
    const created = await api.call({ method: 'POST', url: '/admin/program', token: admin, payload: { title: 'Переговоры', trainer_ids: [me.id] } });
    expect(created.json().data.trainer_ids).toEqual([me.id]);
    expect(await titles()).toContain('Переговоры');
    await api.call({ method: 'DELETE', url: `/admin/program/${created.json().data.id}`, token: admin });
    // other roles and schools
    expect((await api.call({ method: 'GET', url: '/admin/program', token: await api.login('moderator') })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/admin/program', token: student })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/admin/program/${await programId('Маркетинг', 2)}`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/program', token: await api.login('admin', 'north') })).statusCode).toBe(401);
    const north = (await api.call({ method: 'GET', url: '/admin/program', token: await api.login('admin', 'north'), tenant: 'north' })).json();
    expect(north.meta.total).toBe(4); // with Open standards
    expect((await api.call({ method: 'PUT', url: `/admin/program/${strategy}`, token: admin, payload: { days_to_study: -1 } })).json().errors.days_to_study).toBeDefined();
  });

  it("refuses materials outside the student's programs and files of materials without one", async () => {
    const marketing = await programId('Маркетинг');
    const [chapter] = await api.db.select().from(chapters).where(eq(chapters.program_id, marketing));
    const [hidden] = await api.db.insert(media).values({ tenant_id: 1, title: 'Скрытый', kind: 'text', body: '<p>x</p>' }).returning();
    await api.db.insert(chapterMedia).values({ tenant_id: 1, chapter_id: chapter.id, media_id: hidden.id, sort: 1 });
    expect((await api.call({ method: 'GET', url: `/api/media/${hidden.id}`, token: student })).json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'GET', url: `/api/media/${hidden.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/api/media/${await mediaId('link')}/file`, token: student })).json().name).toBe('NOT_FOUND_FILE');
    expect((await api.call({ method: 'GET', url: `/api/media/${await mediaId('pdf', 2)}/file`, token: student })).json().name).toBe('NOT_FOUND_MEDIA');
    expect((await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${await mediaId('pdf')}`, token: student })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${await mediaId('video')}`, token: await api.login('moderator') })).statusCode).toBe(403);
    // a text material is served sanitised
    const [unsafe] = await api.db.insert(media).values({ tenant_id: 1, title: 'XSS', kind: 'text', body: '<p>ok</p><script>alert(1)</script>' }).returning();
    const body = (await api.call({ method: 'GET', url: `/api/media/${unsafe.id}`, token: admin })).json().data.body;
    expect(body).toBe('<p>ok</p>');
  });

  it('moves a program to done only when every material is seen, every quiz passed, every poll answered and every project approved (docs/completion.md)', async () => {
    const finance = await programId('Финансы для руководителей');
    const view = async () => (await api.call({ method: 'GET', url: `/api/program/${finance}`, token: student })).json().data;
    const finished = async () => (await api.call({ method: 'GET', url: '/api/program?filter[done]=1', token: student })).json().data.map((x: { id: number }) => x.id);
    const [me] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
    await api.db.delete(submittedProjects).where(eq(submittedProjects.user_id, me.id)); // start from a clean slate (the demo has project history)
    let p = await view();
    expect(p.progress).toMatchObject({ state: 'not_started', total: 4, done: 0, passed: false }); // a text, a project, a pass quiz and a poll
    for (const m of p.chapters.flatMap((c: { media: { id: number }[] }) => c.media)) await api.call({ method: 'GET', url: `/api/media/${m.id}`, token: student });
    p = await view();
    expect(p.progress).toMatchObject({ state: 'in_process', done: 1 });
    expect(p.chapters[0].media[0]).toMatchObject({ viewed: true, done: true, status: 'viewed' });
    for (const quiz of p.chapters.flatMap((c: { quizzes: { id: number }[] }) => c.quizzes)) {
      const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id;
      for (;;) {
        const q = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student })).json().data.question;
        if (!q) break;
        const opts = await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id));
        const right = opts.filter((o) => o.is_correct).map((o) => o.id);
        const answer = q.type === 'text' ? 'Больше кейсов' : q.type === 'radio' ? (right[0] ?? opts[0].id) : right;
        expect((await api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token: student, payload: { id_quizAttemp: attempt, question_id: q.id, answer } })).statusCode).toBe(200);
      }
    }
    p = await view();
    const quizzesSeen = p.chapters.flatMap((c: { quizzes: { kind: string; status: string; done: boolean }[] }) => c.quizzes);
    expect(quizzesSeen.find((q: { kind: string }) => q.kind === 'poll')).toMatchObject({ status: 'answered', done: true });
    expect(quizzesSeen.find((q: { kind: string }) => q.kind === 'pass')).toMatchObject({ status: 'passed', done: true });
    // opening the project is not enough
    expect(p.progress).toMatchObject({ state: 'in_process', done: 3, passed: false });
    const project = p.chapters.flatMap((c: { media: { id: number; kind: string }[] }) => c.media).find((m: { kind: string }) => m.kind === 'project');
    expect(project).toMatchObject({ viewed: true, submitted: false, approved: false, done: false, status: 'todo' });
    // submitted, awaiting review: not done
    const [v1] = await api.db.insert(submittedProjects).values({ tenant_id: 1, user_id: me.id, media_id: project.id, version: 1 }).returning();
    p = await view();
    expect(p.progress).toMatchObject({ state: 'in_process', done: 3, passed: false });
    expect(await finished()).not.toContain(finance);
    // reviewed with a score but not approved: not done
    expect((await api.call({ method: 'PUT', url: `/admin/submittedProject/${v1.id}`, token: admin, payload: { score: 90 } })).statusCode).toBe(200);
    p = await view();
    expect(p.chapters.flatMap((c: { media: unknown[] }) => c.media).find((m: { id: number }) => m.id === project.id)).toMatchObject({ status: 'checked', done: false });
    expect(p.progress.state).toBe('in_process');
    // approved: done, passed, in finished courses and in the grades
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v1.id}/approve`, token: admin, payload: { is_approve: 1 } })).statusCode).toBe(200);
    p = await view();
    expect(p.progress).toMatchObject({ state: 'done', done: 4, total: 4, percent: 100, passed: true });
    expect(p.chapters[0].quizzes[0].result).toMatchObject({ passed: true, percent: 100 });
    expect(await finished()).toEqual([finance]);
    const open = (await api.call({ method: 'GET', url: '/api/program?filter[done]=0', token: student })).json().data;
    expect(open.map((x: { id: number }) => x.id)).not.toContain(finance);
    const grades = (await api.call({ method: 'GET', url: '/api/score', token: student })).json().data;
    expect(grades.find((g: { program_id: number }) => g.program_id === finance).progress).toMatchObject({ state: 'done', passed: true });
    // the approval revoked (the project sent back): not done any more, at once
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v1.id}/approve`, token: admin, payload: { is_approve: 0 } })).statusCode).toBe(200);
    p = await view();
    expect(p.progress).toMatchObject({ state: 'in_process', done: 3, passed: false });
    expect(await finished()).toEqual([]);
    // the same rule for many users at once (reports, achievements, the marketplace)
    const [other] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.role, 'admin')));
    const many = await programCompletion(api.app.schoolDb(1), [me.id, other.id], [finance]);
    expect(many.get(me.id)!.get(finance)).toMatchObject({ user_id: me.id, program_id: finance, state: 'in_process', done: 3, total: 4, passed: false });
    expect(many.get(other.id)!.get(finance)).toMatchObject({ state: 'not_started', done: 0, total: 4 });
    expect((await programCompletion(api.app.schoolDb(1), me.id, [finance])).get(finance)).toMatchObject({ done: 3 });
  });

  it('an exam failed at 0 % is tried, not done; the pass mark follows the evaluation type', async () => {
    const strategy = await programId('Стратегический менеджмент');
    const view = async () => (await api.call({ method: 'GET', url: `/api/program/${strategy}`, token: student })).json().data;
    const exam = (await view()).chapters.flatMap((c: { quizzes: { id: number; kind: string }[] }) => c.quizzes).find((q: { kind: string }) => q.kind === 'exam');
    const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${exam.id}?is_new=true`, token: student })).json().data.attempt.id;
    expect((await api.call({ method: 'POST', url: `/api/quiz/${exam.id}/finish?id_quizAttemp=${attempt}`, token: student })).statusCode).toBeLessThan(300);
    const p = await view();
    expect(p.chapters.flatMap((c: { quizzes: unknown[] }) => c.quizzes).find((q: { id: number }) => q.id === exam.id)).toMatchObject({
      status: 'failed',
      done: false,
      result: { passed: false, percent: 0 },
    });
    expect(p.progress.state).not.toBe('done');
    expect(p.progress.passed).toBe(false);
    const rule = { kind: 'exam', passing_percentage: 60, min_score: 7 };
    expect(attemptPassed({ ...rule, evaluation: 'score' }, { percent: 60, score: 6 })).toBe(false);
    expect(attemptPassed({ ...rule, evaluation: 'credit' }, { percent: 60, score: 6 })).toBe(true);
    expect(attemptPassed({ ...rule, evaluation: 'credit' }, { percent: 59.9, score: 10 })).toBe(false);
    expect(attemptPassed({ ...rule, kind: 'poll', evaluation: 'score' }, { percent: 0, score: 0 })).toBe(true);
  });
});
