import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import {
  chapterMedia,
  chapterQuizzes,
  chapters,
  events,
  groupUsers,
  groups,
  media,
  news,
  newsReads,
  programUsers,
  programs,
  questionAnswers,
  questionOptions,
  questions,
  quizAttempts,
  quizzes,
  submittedProjects,
  users,
} from '../../db/schema/index.ts';
import { resolvePeriod } from './period.ts';
import { prepareReport } from './catalogue.ts';
import { hashPassword } from '../../core/password.ts';

/**
 * A small data set whose figures are known by hand, in the demo school (tenant 1), beside the seed:
 * quiz "Отчётный тест" (2 questions, passing 60 %): Ann 2 attempts (50 % failed, 100 % passed), Boris 1 (75 % passed),
 * and one attempt of Boris made in demo mode (never counted).
 */
describe('/admin/report', () => {
  let api: TestApi;
  let admin: string;
  let moderator: string;
  const T = 1;
  let quizId: number;
  let ann: number;
  let boris: number;
  let q1: number;
  let optA: number;
  let optB: number;
  let programId: number;
  let projectId: number;
  let groupId: number;
  let newsId: number;
  let northQuiz: number;

  const get = (url: string, token = admin) => api.call({ method: 'GET', url, token });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    moderator = await api.login('moderator');
    const db = api.db;
    const mk = async (login: string, surname: string) =>
      (
        await db
          .insert(users)
          .values({ tenant_id: T, login, email: `${login}@demo.test`, password_hash: 'x', role: 'student', name: 'R', surname })
          .returning()
      )[0].id;
    ann = await mk('rep_ann', 'Аннова');
    boris = await mk('rep_boris', 'Борисов');
    [{ id: quizId }] = await db.insert(quizzes).values({ tenant_id: T, title: 'Отчётный тест', kind: 'exam', passing_percentage: 60, max_attempts: 2 }).returning();
    [{ id: q1 }] = await db.insert(questions).values({ tenant_id: T, quiz_id: quizId, text: 'Два плюс два', type: 'radio', sort: 1 }).returning();
    [{ id: optA }, { id: optB }] = await db
      .insert(questionOptions)
      .values([
        { tenant_id: T, question_id: q1, text: 'Четыре', is_correct: true, score: 2, sort: 1 },
        { tenant_id: T, question_id: q1, text: 'Пять', is_correct: false, score: 0, sort: 2 },
      ])
      .returning();
    const at = (d: string) => new Date(`${d}Z`);
    const attempt = (user_id: number, number: number, percent: number, passed: boolean, started: string, finished: string, demo = false) => ({
      tenant_id: T,
      quiz_id: quizId,
      user_id,
      number,
      status: 'FINISHED' as const,
      question_order: [q1],
      option_order: {},
      score: percent / 25,
      max_score: 4,
      percent,
      passed,
      started_at: at(started),
      finished_at: at(finished),
      demo,
    });
    const [a1, a2, b1, bDemo] = await db
      .insert(quizAttempts)
      .values([
        attempt(ann, 1, 50, false, '2026-03-02T10:00:00', '2026-03-02T10:12:30'),
        attempt(ann, 2, 100, true, '2026-03-05T09:00:00', '2026-03-05T10:01:01'),
        attempt(boris, 1, 75, true, '2026-03-03T08:00:00', '2026-03-03T08:05:00'),
        attempt(boris, 2, 0, false, '2026-03-04T08:00:00', '2026-03-04T08:01:00', true),
      ])
      .returning();
    await db.insert(questionAnswers).values([
      { tenant_id: T, attempt_id: a1.id, question_id: q1, option_ids: [optB], is_correct: false, score: 0 },
      { tenant_id: T, attempt_id: a2.id, question_id: q1, option_ids: [optA], is_correct: true, score: 2 },
      { tenant_id: T, attempt_id: b1.id, question_id: q1, option_ids: [optA], is_correct: true, score: 2 },
      { tenant_id: T, attempt_id: bDemo.id, question_id: q1, option_ids: [optB], is_correct: false, score: 0 },
    ]);
    [{ id: groupId }] = await db.insert(groups).values({ tenant_id: T, title: 'Отчётная группа' }).returning();
    await db.insert(groupUsers).values({ tenant_id: T, group_id: groupId, user_id: boris });
    [{ id: programId }] = await db.insert(programs).values({ tenant_id: T, title: 'Отчётная программа' }).returning();
    const [ch] = await db.insert(chapters).values({ tenant_id: T, program_id: programId, title: 'Глава 1', sort: 1 }).returning();
    [{ id: projectId }] = await db.insert(media).values({ tenant_id: T, title: 'Отчётный проект', kind: 'project', deadline: '2026-03-10' }).returning();
    await db.insert(chapterMedia).values({ tenant_id: T, chapter_id: ch.id, media_id: projectId, sort: 1 });
    await db.insert(chapterQuizzes).values({ tenant_id: T, chapter_id: ch.id, quiz_id: quizId, sort: 2 });
    await db.insert(programUsers).values([
      { tenant_id: T, program_id: programId, user_id: ann },
      { tenant_id: T, program_id: programId, user_id: boris },
    ]);
    await db
      .insert(submittedProjects)
      .values({ tenant_id: T, user_id: ann, media_id: projectId, version: 1, status: 'approved', score: 90, submitted_at: at('2026-03-06T12:00:00'), check_admin: true });
    await db.insert(events).values([
      { tenant_id: T, user_id: ann, kind: 'login', created_at: at('2026-03-02T09:00:00') },
      { tenant_id: T, user_id: ann, kind: 'media_view', subject_type: 'media', subject_id: projectId, created_at: at('2026-03-02T09:30:00') },
      { tenant_id: T, user_id: ann, kind: 'login', created_at: at('2026-03-05T08:00:00') },
      { tenant_id: T, user_id: boris, kind: 'login', created_at: at('2026-03-03T07:00:00') },
    ]);
    [{ id: newsId }] = await db
      .insert(news)
      .values({ tenant_id: T, title: 'Отчётная новость', body: 'x', required: true, published_at: at('2026-03-01T00:00:00') })
      .returning();
    await db.insert(newsReads).values({ tenant_id: T, news_id: newsId, user_id: ann, read_at: at('2026-03-02T09:40:00') });
    [{ id: northQuiz }] = await db.insert(quizzes).values({ tenant_id: 2, title: 'Северный тест' }).returning();
  });
  afterAll(() => api.close());

  it('quizScoreResults: one row per finished attempt, demo mode left out, time spent in seconds, the chart of scores', async () => {
    const res = await get(`/admin/report/quizScoreResults?quiz_id=${quizId}&period=all&sort=percent&order=asc&with_chart=true`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(3);
    expect(body.data.map((r: { login: string; percent: number; passed: boolean; duration: number }) => [r.login, r.percent, r.passed, r.duration])).toEqual([
      ['rep_ann', 50, false, 750],
      ['rep_boris', 75, true, 300],
      ['rep_ann', 100, true, 3661],
    ]);
    expect(body.columns.find((c: { key: string }) => c.key === 'duration').kind).toBe('duration');
    expect(body.chart.data.map((d: { value: number }) => d.value)).toEqual([0, 0, 0, 0, 0, 1, 0, 1, 0, 1]);
    // a date range: only Ann's second attempt (5 March); a group: only Boris
    expect((await get(`/admin/report/quizScoreResults?quiz_id=${quizId}&date_start=2026-03-04&date_end=2026-03-05`)).json().data.map((r: { attempt: number }) => r.attempt)).toEqual([2]);
    expect((await get(`/admin/report/quizScoreResults?quiz_id=${quizId}&period=all&group_id=${groupId}`, moderator)).json().data.map((r: { login: string }) => r.login)).toEqual(['rep_boris']);
    // paging
    const p2 = (await get(`/admin/report/quizScoreResults?quiz_id=${quizId}&period=all&per_page=2&page=2&sort=percent`)).json();
    expect(p2.data.length).toBe(1);
    expect(p2.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
  });

  it('refuses bad parameters, other roles and other schools', async () => {
    const noRange = await get(`/admin/report/quizScoreResults?quiz_id=${quizId}`);
    expect(noRange.statusCode).toBe(422);
    expect(noRange.json().errors.date_start).toEqual(['validation.report_range']);
    const backwards = await get(`/admin/report/quizScoreResults?date_start=2026-03-05&date_end=2026-03-01`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.date_end).toEqual(['validation.after_start']);
    expect((await get(`/admin/report/quizScoreResults?date_start=2026-02-31`)).json().errors.date_start).toEqual(['validation.date']);
    expect((await get(`/admin/report/quizScoreResults?period=all&quiz_id=${northQuiz}`)).json().name).toBe('NOT_FOUND_QUIZ');
    expect((await get(`/admin/report/quizScoreResults?period=all&quiz_id=2147483000`)).statusCode).toBe(404);
    expect((await get(`/admin/report/quizScoreResults?period=all&users[]=${ann}&users[]=2147483000`)).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await get(`/admin/report/quizAnswerBreakdown?period=all`)).json().errors.quiz_id).toEqual(['validation.required']);
    for (const role of ['trainer', 'student']) {
      const res = await get('/admin/report/quizScoreResults?period=all', await api.login(role));
      expect(res.statusCode).toBe(403);
      expect(res.json().name).toBe('ERROR_ACCESS');
    }
  });

  it('resolves the periods on the UTC clock', () => {
    const now = new Date('2026-05-15T13:00:00Z');
    expect(resolvePeriod({ period: 'yesterday' }, now)).toEqual({ from: new Date('2026-05-14T00:00:00Z'), to: new Date('2026-05-15T00:00:00Z') });
    expect(resolvePeriod({ period: 'week' }, now)).toEqual({ from: new Date('2026-05-09T00:00:00Z') });
    expect(resolvePeriod({ period: 'quarter' }, now)).toEqual({ from: new Date('2026-02-15T00:00:00Z') });
    expect(resolvePeriod({ period: 'all' }, now)).toEqual({});
    expect(resolvePeriod({ date_start: '2026-01-01', date_end: '2026-01-31' }, now)).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') });
  });

  it('quizAnswerBreakdown: how many chose each option, the share answered right', async () => {
    const body = (await get(`/admin/report/quizAnswerBreakdown?quiz_id=${quizId}&period=all`)).json();
    expect(body.data.map((r: { option: string; chosen: number; chosen_percent: number; correct_percent: number }) => [r.option, r.chosen, r.chosen_percent, r.correct_percent])).toEqual([
      ['Четыре', 2, 66.7, 66.7],
      ['Пять', 1, 33.3, 66.7],
    ]);
  });

  it('learningPathSummary: per student of the program, by the completion rule of programs/progress.ts', async () => {
    const body = (await get(`/admin/report/learningPathSummary?program_id=${programId}&period=all&sort=student`, moderator)).json();
    expect(body.data.map((r: Record<string, unknown>) => [r.login, r.chapters_done, r.quizzes_passed, r.projects_approved, r.percent, r.state])).toEqual([
      ['rep_ann', 1, 1, 1, 100, 'done'],
      ['rep_boris', 0, 1, 0, 50, 'in_process'],
    ]);
    expect((await get(`/admin/report/learningPathSummary?period=all`)).json().errors.program_id).toEqual(['validation.required']);
    // every column but the program's totals sorts, the computed ones paged in code
    const both = `program_id=${programId}&period=all&users[]=${ann}&users[]=${boris}`;
    const logins = async (q: string) => (await get(`/admin/report/learningPathSummary?${both}&${q}`)).json().data.map((r: { login: string }) => r.login);
    expect(await logins('sort=percent&order=asc')).toEqual(['rep_boris', 'rep_ann']);
    expect(await logins('sort=percent&order=desc')).toEqual(['rep_ann', 'rep_boris']);
    expect(await logins('sort=state&order=desc')).toEqual(['rep_ann', 'rep_boris']);
    expect(await logins('sort=projects_approved&order=asc')).toEqual(['rep_boris', 'rep_ann']);
    // equal figures (one quiz passed each) keep the order of names
    expect(await logins('sort=quizzes_passed&order=desc')).toEqual(['rep_ann', 'rep_boris']);
    const second = (await get(`/admin/report/learningPathSummary?${both}&sort=percent&order=desc&per_page=1&page=2`)).json();
    expect([second.data.map((r: { login: string }) => r.login), second.meta.total, second.meta.last_page]).toEqual([['rep_boris'], 2, 2]);
    const cols = (await get(`/admin/report/learningPathSummary?${both}`)).json().columns;
    expect(cols.filter((c: { sortable?: boolean }) => !c.sortable).map((c: { key: string }) => c.key)).toEqual(['chapters_total', 'materials_total', 'quizzes_total', 'projects_total']);
  });

  it('trafficLights: program → chapter → student, red for a missed project deadline; no step is ERROR_REPORT_STEP', async () => {
    const students = (await get(`/admin/report/trafficLights?step=student&program_id=${programId}&period=all&with_chart=true`)).json();
    expect(students.data.map((r: Record<string, unknown>) => [r.login, r.light, r.green, r.amber, r.red])).toEqual([
      ['rep_ann', 'green', 2, 0, 0],
      ['rep_boris', 'red', 1, 0, 1],
    ]);
    expect(students.chart.data).toEqual([
      { label: 'green', value: 1 },
      { label: 'amber', value: 0 },
      { label: 'red', value: 1 },
    ]);
    const chaptersStep = (await get(`/admin/report/trafficLights?step=chapter&program_id=${programId}&period=all`)).json();
    expect(chaptersStep.data.map((r: Record<string, unknown>) => [r.name, r.light, r.total])).toEqual([['Глава 1', 'red', 2]]);
    const programStep = (await get(`/admin/report/trafficLights?step=program&program_id=${programId}&period=all`)).json();
    expect(programStep.data[0]).toMatchObject({ program_id: programId, light: 'red', green: 1, red: 1, total: 2 });
    const paged = (await get('/admin/report/trafficLights?step=program&period=all&per_page=1&page=2')).json();
    const programCount = (await api.db.select().from(programs).where(eq(programs.tenant_id, T))).length;
    expect([paged.data.length, paged.meta.total]).toEqual([1, programCount]);
    const byLight = (await get('/admin/report/trafficLights?step=program&period=all&sort=red&order=desc&per_page=100')).json();
    expect(byLight.meta.total).toBe(programCount);
    expect(byLight.data[0].red).toBeGreaterThanOrEqual(byLight.data[byLight.data.length - 1].red);
    const noStep = await get(`/admin/report/trafficLights?program_id=${programId}&period=all`);
    expect([noStep.statusCode, noStep.json().name]).toEqual([422, 'ERROR_REPORT_STEP']);
    expect((await get(`/admin/report/trafficLights?step=chapter&period=all`)).json().errors.program_id).toEqual(['validation.required']);
  });

  it('getUserActivity: logins, actions, active days, time in the portal, last visit; the chart of actions per day', async () => {
    const body = (await get(`/admin/report/getUserActivity?users[]=${ann}&users[]=${boris}&period=all&sort=seconds&order=desc&with_chart=true`)).json();
    expect(body.data.map((r: Record<string, unknown>) => [r.login, r.logins, r.actions, r.days, r.per_day, r.seconds])).toEqual([
      ['rep_ann', 2, 1, 2, 0.5, 1800],
      ['rep_boris', 1, 0, 1, 0, 0],
    ]);
    expect(new Date(body.data[0].last_visit).toISOString()).toBe('2026-03-05T08:00:00.000Z');
    // by name the page's students are read first and only their events aggregated: the same figures
    const byLogin = (await get(`/admin/report/getUserActivity?users[]=${ann}&users[]=${boris}&period=all&sort=login&order=desc`)).json();
    expect(byLogin.data.map((r: Record<string, unknown>) => [r.login, r.logins, r.actions, r.days, r.seconds])).toEqual([
      ['rep_boris', 1, 0, 1, 0],
      ['rep_ann', 2, 1, 2, 1800],
    ]);
    expect(byLogin.meta.total).toBe(2);
    const streamed: Record<string, unknown>[] = [];
    const { def, input } = await prepareReport(api.app.schoolDb(T), 'getUserActivity', { period: 'all', users: [ann, boris] });
    for await (const r of def.rows(api.app.schoolDb(T), input)) streamed.push(r);
    expect(streamed.map((r) => [r.login, r.seconds])).toEqual([
      ['rep_ann', 1800],
      ['rep_boris', 0],
    ]);
    expect(body.chart.data).toEqual([
      { label: '2026-03-02', value: 2 },
      { label: '2026-03-03', value: 1 },
      { label: '2026-03-05', value: 1 },
    ]);
  });

  it('lookedNews, submittedProject and getMediaActivity', async () => {
    const newsRows = (await get(`/admin/report/lookedNews?news=${newsId}&users[]=${ann}&users[]=${boris}&period=all&sort=student`)).json().data;
    expect(newsRows.map((r: Record<string, unknown>) => [r.login, r.state])).toEqual([
      ['rep_ann', 'read'],
      ['rep_boris', 'required_unread'],
    ]);
    // by state the reads decide the order (one query); by date the page's pairs come first, then their reads
    const byState = (await get(`/admin/report/lookedNews?news=${newsId}&users[]=${ann}&users[]=${boris}&period=all&sort=state&order=desc`)).json().data;
    expect(byState.map((r: Record<string, unknown>) => [r.login, r.state])).toEqual([
      ['rep_boris', 'required_unread'],
      ['rep_ann', 'read'],
    ]);
    const byDate = (await get(`/admin/report/lookedNews?news=${newsId}&users[]=${ann}&users[]=${boris}&period=all&per_page=1&page=2`)).json();
    expect([byDate.data.map((r: Record<string, unknown>) => [r.login, r.state]), byDate.meta.total]).toEqual([[['rep_boris', 'required_unread']], 2]);
    const projects = (await get(`/admin/report/submittedProject?media_id=${projectId}&period=all`)).json().data;
    expect(projects.map((r: Record<string, unknown>) => [r.login, r.version, r.status, r.score, r.deadline, r.deadline_state])).toEqual([['rep_ann', 1, 'approved', 90, '2026-03-10', 'met']]);
    const mediaRes = await get(`/admin/report/getMediaActivity?media_id=${projectId}&period=all`);
    const mediaRows = mediaRes.json().data;
    expect(mediaRows.map((r: Record<string, unknown>) => [r.login, r.views, r.versions, r.count_attempts])).toEqual([['rep_ann', 1, 1, 0]]);
    expect((await get(`/admin/report/getMediaActivity?media_id=${projectId}&program_id=${programId}&hide_unassigned=true&period=all`)).json().data.length).toBe(1);
  });

  it("getMediaActivity: the player's progress fills the video watched share (the day's largest), demo mode never counts", async () => {
    const db = api.db;
    const [vera] = await db
      .insert(users)
      .values({ tenant_id: T, login: 'vid_vera', email: 'vid_vera@demo.test', password_hash: await hashPassword('Demo12345'), role: 'student', name: 'R', surname: 'Верина' })
      .returning();
    const [gleb] = await db.insert(users).values({ tenant_id: T, login: 'vid_gleb', email: 'vid_gleb@demo.test', password_hash: 'x', role: 'student', name: 'R', surname: 'Глебов' }).returning();
    const [ch] = await db.select().from(chapters).where(eq(chapters.program_id, programId));
    const [video] = await db.insert(media).values({ tenant_id: T, title: 'Отчётное видео', kind: 'video' }).returning();
    await db.insert(chapterMedia).values({ tenant_id: T, chapter_id: ch.id, media_id: video.id, sort: 3 });
    await db.insert(programUsers).values([
      { tenant_id: T, program_id: programId, user_id: vera.id },
      { tenant_id: T, program_id: programId, user_id: gleb.id },
    ]);
    // Gleb's progress of two days in March, as the server keeps it: 20 % on the 3rd, 60 % on the 4th
    await db.insert(events).values([
      { tenant_id: T, user_id: gleb.id, kind: 'media_view', subject_type: 'media', subject_id: video.id, created_at: new Date('2026-03-03T10:00:00Z') },
      {
        tenant_id: T,
        user_id: gleb.id,
        kind: 'video_progress',
        subject_type: 'media',
        subject_id: video.id,
        data: { percent: 20, position: 120, duration: 600 },
        created_at: new Date('2026-03-03T10:05:00Z'),
      },
      {
        tenant_id: T,
        user_id: gleb.id,
        kind: 'video_progress',
        subject_type: 'media',
        subject_id: video.id,
        data: { percent: 60, position: 360, duration: 600 },
        created_at: new Date('2026-03-04T10:05:00Z'),
      },
    ]);
    // Vera plays today: 40 %, then 75.5 %, then a replay of the start reports 30 %: the day keeps 75.5 %
    const token = await api.login('vid_vera');
    const put = (watched: number, tok = token, headers: Record<string, string> = {}) =>
      api.call({ method: 'PUT', url: `/api/media/${video.id}/progress`, token: tok, headers, payload: { watched, position: watched * 6, duration: 600 } });
    expect((await put(40)).json().data).toEqual({ percent: 40, position: 240, duration: 600, recorded: true });
    expect((await put(75.5)).json().data).toMatchObject({ percent: 75.5, recorded: true });
    expect((await put(30)).json().data).toEqual({ percent: 75.5, position: 180, duration: 600, recorded: true });
    const kept = await db
      .select()
      .from(events)
      .where(and(eq(events.user_id, vera.id), eq(events.kind, 'video_progress')));
    expect(kept.map((e) => e.data)).toEqual([{ percent: 75.5, position: 180, duration: 600 }]);
    // an admin acting as Vera in demo mode plays it all: answered, never recorded
    const demo = (await api.call({ method: 'POST', url: `/admin/user/${vera.id}/authorization`, token: admin })).json().access_token;
    expect((await put(100, demo, { demo: '1' })).json().data).toMatchObject({ percent: 100, recorded: false });

    const rows = (await get(`/admin/report/getMediaActivity?media_id=${video.id}&period=all&sort=watched_percent&order=desc`)).json().data;
    expect(rows.map((r: Record<string, unknown>) => [r.login, r.views, r.watched_percent])).toEqual([
      ['vid_vera', 1, 75.5],
      ['vid_gleb', 2, 60],
    ]);
    // views are days with a view or progress; the period narrows the progress counted: on 3 March Gleb had watched 20 %
    const march3 = (await get(`/admin/report/getMediaActivity?media_id=${video.id}&date_start=2026-03-03&date_end=2026-03-03`)).json().data;
    expect(march3.map((r: Record<string, unknown>) => [r.login, r.views, r.watched_percent])).toEqual([['vid_gleb', 1, 20]]);

    // the demo school's seed: the demo student watched the first lecture on two days of the month, 80 % at most
    const [demoStudent] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, T), eq(users.login, 'student')));
    const seeded = (await get(`/admin/report/getMediaActivity?user_id=${demoStudent.id}&period=month`)).json().data;
    expect(seeded.map((r: Record<string, unknown>) => [r.kind, r.views, r.watched_percent])).toEqual([['video', 2, 80]]);

    // refused: a material that is not a video, a student not enrolled, a share over 100, another school
    expect((await api.call({ method: 'PUT', url: `/api/media/${projectId}/progress`, token, payload: { watched: 10, position: 1, duration: 10 } })).json().name).toBe('NOT_FOUND_MEDIA');
    const outsider = await api.login('student');
    expect((await put(10, outsider)).json().name).toBe('ERROR_ACCESS');
    expect((await put(101)).statusCode).toBe(422);
    const north = await api.login('student', 'north');
    expect((await api.call({ method: 'PUT', url: `/api/media/${video.id}/progress`, token: north, tenant: 'north', payload: { watched: 10, position: 1, duration: 10 } })).statusCode).toBe(404);
  });

  it('an attempt started in demo mode is marked and left out', async () => {
    const [student] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, T), eq(users.login, 'student')));
    const [exam] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, T), eq(quizzes.title, 'Экзамен по стратегии')));
    const demo = (await api.call({ method: 'POST', url: `/admin/user/${student.id}/authorization`, token: admin })).json().access_token;
    const started = await api.call({ method: 'GET', url: `/api/quiz/${exam.id}?is_new=true`, token: demo, headers: { demo: '1' } });
    expect(started.statusCode).toBe(200);
    const mine = await api.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quiz_id, exam.id), eq(quizAttempts.user_id, student.id)));
    expect(mine.map((a) => a.demo)).toEqual([true]);
    await api.db.update(quizAttempts).set({ status: 'FINISHED', finished_at: new Date(), percent: 100, score: 4, max_score: 4, passed: true }).where(eq(quizAttempts.id, mine[0].id));
    expect((await get(`/admin/report/quizScoreResults?quiz_id=${exam.id}&user_id=${student.id}&period=all`)).json().meta.total).toBe(0);
  });

  it('saved reports: save under a name, open again with the same parameters, rename, delete; refused without a name, for other roles and schools', async () => {
    const params = { quiz_id: quizId, period: 'all', users: [ann] };
    const created = await api.call({ method: 'POST', url: '/admin/reports', token: moderator, payload: { name: 'Мой отчёт', type: 'quizScoreResults', params } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const one = (await get(`/admin/reports/${id}`, moderator)).json().data;
    expect(one).toMatchObject({ name: 'Мой отчёт', type: 'quizScoreResults', params });
    expect((await get('/admin/reports?q=Мой', moderator)).json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await api.call({ method: 'PUT', url: `/admin/reports/${id}`, token: admin, payload: { name: 'Переименован' } })).json().data.name).toBe('Переименован');
    const noName = await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: ' ', type: 'quizScoreResults', params } });
    expect([noName.statusCode, noName.json().name]).toEqual([422, 'ERROR_REPORT_NAME']);
    expect((await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: 'x', type: 'nope', params } })).statusCode).toBe(422);
    expect((await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: 'x', type: 'quizScoreResults', params: { quiz_id: northQuiz, period: 'all' } } })).statusCode).toBe(
      404,
    );
    expect((await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: 'x', type: 'quizScoreResults', params: {} } })).json().errors.date_start).toEqual([
      'validation.report_range',
    ]);
    expect((await get(`/admin/reports/${id}`, await api.login('trainer'))).statusCode).toBe(403);
    const north = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: `/admin/reports/${id}`, token: north, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/reports/${id}`, token: north, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/reports/${id}`, token: moderator })).statusCode).toBe(200);
    expect((await get(`/admin/reports/${id}`, moderator)).json().name).toBe('NOT_FOUND_REPORT');
  });

  it('choices for the wizard: what a parameter may name, for the staff who read reports', async () => {
    const quizChoices = (await get('/admin/report/choices?kind=quiz&q=Отчётный', moderator)).json().data;
    expect(quizChoices).toEqual([{ id: quizId, name: 'Отчётный тест' }]);
    expect((await get(`/admin/report/choices?kind=chapter&program_id=${programId}`, moderator)).json().data.map((c: { name: string }) => c.name)).toEqual(['Глава 1']);
    expect(
      (await get('/admin/report/choices?kind=user&q=rep_', moderator))
        .json()
        .data.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([ann, boris].sort());
    expect((await get('/admin/report/choices?kind=quiz&q=Северный', moderator)).json().data).toEqual([]);
    expect((await get('/admin/report/choices?kind=quiz', await api.login('trainer'))).statusCode).toBe(403);
    expect((await get('/admin/report/choices?kind=secrets', moderator)).statusCode).toBe(422);
  });

  it('the catalogue lists the eight reports in their groups; rows() streams the whole report', async () => {
    const cat = (await get('/admin/report', moderator)).json().data;
    expect(cat.groups.map((g: { group: string }) => g.group)).toEqual(['quiz', 'program', 'student', 'media']);
    expect(cat.reports.map((r: { type: string }) => r.type).sort()).toEqual([
      'getMediaActivity',
      'getUserActivity',
      'learningPathSummary',
      'lookedNews',
      'quizAnswerBreakdown',
      'quizScoreResults',
      'submittedProject',
      'trafficLights',
    ]);
    const { prepareReport } = await import('./catalogue.ts');
    const db = api.app.schoolDb(T);
    const { def, input } = await prepareReport(db, 'quizScoreResults', { quiz_id: quizId, period: 'all' as const });
    const all: unknown[] = [];
    for await (const r of def.rows(db, input)) all.push(r);
    expect(all.length).toBe(3);
  });
});
