import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { statementProbe } from '../../db/client.ts';
import { chapterQuizzes, chapters, eventDays, events, programs, questionAnswers, questionOptions, questions, quizAttempts, quizzes } from '../../db/schema/index.ts';
import { storeAnswer } from './answer-path.ts';

/**
 * The token's read of a request: on PostgreSQL the process remembers a token's rows (docs/security.md "The sign-in
 * cache"), so after the first request of a token none is read; on PGlite every request reads it.
 */
const TOKEN_READS = process.env.TEST_DATABASE_URL ? 0 : 1;

/**
 * The answer path (issue 16, docs/performance.md "The answer path"): an answer is at most three SQL statements (the
 * token's read, the answer's statement, the finishing statement after the last one), counted at the driver for every
 * handle; the achievements recomputed after a finished attempt (issue 15, server/modules/lifelong) follow the finish
 * and are not counted. The quiz is cached per process and an edit by staff is seen by the very next answer.
 */
/**
 * Every answer of the learner's quiz routes as sent (serialised by its response schema, server/modules/quizzes/responses.ts)
 * beside what plain JSON would have written of the handler's value: the schema must change nothing, not a field, a
 * value nor an order.
 */
const served: { route: string; plain: string; sent: string }[] = [];
const plainJson: FastifyPluginAsync = async (app) => {
  const plain = new WeakMap<object, string>();
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (payload && typeof payload === 'object') plain.set(req, JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const route = `${req.method} ${req.routeOptions.url}`;
    if (reply.statusCode === 200 && plain.has(req) && /^(GET|POST) \/api\/(quiz|QuestionUserAnswer)/.test(route)) served.push({ route, plain: plain.get(req)!, sent: String(payload) });
    return payload;
  });
};
(plainJson as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

describe('quiz answer path', () => {
  let api: TestApi;
  let student: string;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi({}, [plainJson]);
    student = await api.login('student');
    admin = await api.login('admin');
  });
  afterAll(() => {
    statementProbe.listener = undefined;
    return api.close();
  });

  /** A quiz of three radio questions (A right, B wrong, 1 point each) in a chapter of the student's program, showing correctness. */
  async function makeQuiz(title: string, on = api) {
    const [p] = await on.db
      .select()
      .from(programs)
      .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Стратегический менеджмент')));
    const [c] = await on.db.select().from(chapters).where(eq(chapters.program_id, p.id));
    const [quiz] = await on.db.insert(quizzes).values({ tenant_id: 1, title, kind: 'pass', show_correct: true, max_attempts: null }).returning();
    await on.db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: c.id, quiz_id: quiz.id, sort: 50 });
    const qs = [];
    for (const sort of [1, 2, 3]) {
      const [q] = await on.db
        .insert(questions)
        .values({ tenant_id: 1, quiz_id: quiz.id, text: `${title} Q${sort}`, type: 'radio', sort })
        .returning();
      const [right, wrong] = await on.db
        .insert(questionOptions)
        .values([
          { tenant_id: 1, question_id: q.id, text: 'A', is_correct: true, score: 1, sort: 0 },
          { tenant_id: 1, question_id: q.id, text: 'B', is_correct: false, score: 0, sort: 1 },
        ])
        .returning();
      qs.push({ q, right, wrong });
    }
    return { quiz, qs };
  }

  const answer = (attempt: number, question_id: number, option: number) =>
    api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token: student, payload: { id_quizAttemp: attempt, question_id, answer: option } });

  /** Runs `fn` and answers the statements it sent (all handles, both drivers). */
  async function counted<T>(fn: () => Promise<T>) {
    // what an earlier call left to run after its answer (a finished attempt's achievements) is not this call's
    await api.app.backgroundSettled();
    const seen: string[] = [];
    // the batch of activity events (server/core/event-batch.ts) is written by its timer, not by the request
    statementProbe.listener = (query) => {
      if (!query.startsWith('insert into "events"')) seen.push(query);
    };
    try {
      return { result: await fn(), statements: seen };
    } finally {
      statementProbe.listener = undefined;
    }
  }

  it('answers in at most three statements each, the reply carrying the next question, and finishes with the last', async () => {
    const { quiz, qs } = await makeQuiz(`Answer path ${Math.random()}`);
    // a start is the token, the quiz with the student's right to take it, the student's attempts and the new attempt;
    // the quiz's questions and options are read once per process and version of the quiz (this is its first start)
    const { result: start, statements: started } = await counted(() => api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student }));
    expect(start.statusCode, start.body).toBe(200);
    const content = started.filter((s) => /^select .* from "(questions|question_options)"/.test(s));
    expect(content, 'the content read once').toHaveLength(2);
    expect(started.length - content.length, started.join('\n')).toBeLessThanOrEqual(4);
    const attempt = start.json().data.attempt.id as number;
    const first = await counted(() => api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student }));
    expect(first.statements.length, first.statements.join('\n')).toBeLessThanOrEqual(2);
    let current = first.result.json().data.question;
    expect(current.id).toBe(qs[0].q.id);
    for (const [i, { q, right }] of qs.entries()) {
      expect(current.id).toBe(q.id);
      const { result: res, statements } = await counted(() => answer(attempt, q.id, right.id));
      expect(res.statusCode, res.body).toBe(200);
      // the answer's own statements: the token, the answer, and after the last one the finish; what follows a finished
      // attempt (the achievements' recomputation, issue 15, server/modules/lifelong) runs after the answer, not in it
      const finish = statements.findIndex((s) => s.startsWith('with done as'));
      const own = finish >= 0 ? statements.slice(0, finish + 1) : statements;
      expect(own.length, own.join('\n')).toBeLessThanOrEqual(3);
      expect(
        own.filter((s) => /from "tokens"/.test(s)),
        'the token, first',
      ).toHaveLength(TOKEN_READS);
      if (TOKEN_READS) expect(own[0], 'the token first').toMatch(/from "tokens"/);
      expect(own[TOKEN_READS], 'then the answer').toMatch(/^with ai as .*insert into "?question_answers/s);
      const data = res.json().data;
      expect(data.is_correct).toBe(true);
      if (i < qs.length - 1) {
        expect(statements.length, 'an answer that is not the last: the token and the answer').toBe(TOKEN_READS + 1);
        expect(data.next.question.id).toBe(qs[i + 1].q.id);
        expect(data.next.index).toBe(i + 2);
        current = data.next.question;
      } else {
        expect(finish, 'the last answer finishes the attempt in its third statement').toBe(TOKEN_READS + 1);
        expect(data.next).toBeNull();
        expect(data.attempt).toMatchObject({ status: 'FINISHED', score: 3, max_score: 3, percent: 100, passed: true });
      }
    }
    const [row] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    expect(row).toMatchObject({ status: 'FINISHED', score: 3, answered_count: 3, answered_score: 3 });
    // the finished attempt left the process's cache (which would otherwise grow by every attempt it ever served): a
    // look at it reads the attempt and the student's right to its quiz again, where a cached one is the token and one
    const after = await counted(() => api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student }));
    expect(after.result.json().data.status).toBe('FINISHED');
    expect(after.statements[TOKEN_READS], after.statements.join('\n')).toMatch(/^select "id", .* from "quiz_attempts" where/);
    // the answers' events the reports read are written with the process's next batch; the finish's with its statement
    await api.app.flushEvents();
    const answers = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'quiz_answer'), eq(events.user_id, row.user_id)));
    expect(answers.filter((e) => (e.data as { attempt_id: number }).attempt_id === attempt)).toHaveLength(3);
    const finished = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'quiz_attempt'), eq(events.subject_id, quiz.id)));
    expect(finished.map((e) => e.data)).toEqual([{ attempt_id: attempt, score: 3, percent: 100, passed: true }]);
  });

  /**
   * Six quizzes with an attempt of the student's each, their versions as their questions left them (the database's
   * triggers count every change), and `store(i, question, option, how)`: storeAnswer on the school's handle for the
   * i-th attempt, as the answer route would call it.
   */
  async function sixAttempts(title: string) {
    const made: Awaited<ReturnType<typeof makeQuiz>>[] = [];
    for (let i = 0; i < 6; i++) made.push(await makeQuiz(`${title} ${i} ${Math.random()}`));
    const attempts: number[] = [];
    for (const m of made) {
      const start = await api.call({ method: 'GET', url: `/api/quiz/${m.quiz.id}?is_new=true`, token: student });
      expect(start.statusCode, start.body).toBe(200);
      attempts.push(start.json().data.attempt.id);
      [m.quiz] = await api.db.select().from(quizzes).where(eq(quizzes.id, m.quiz.id));
    }
    const [me] = await api.db.select({ id: quizAttempts.user_id }).from(quizAttempts).where(eq(quizAttempts.id, attempts[0]));
    const store = (i: number, question: number, option: 'right' | 'wrong', how: { keepOpen?: boolean; mayChange?: boolean; userId?: number } = {}) =>
      storeAnswer(api.app.schoolDb(1), {
        attemptId: attempts[i],
        userId: how.userId ?? me.id,
        quizId: made[i].quiz.id,
        version: made[i].quiz.version,
        questionId: made[i].qs[question].q.id,
        optionIds: [made[i].qs[question][option].id],
        text: null,
        is_correct: option === 'right',
        score: option === 'right' ? 1 : 0,
        event: false,
        keepOpen: how.keepOpen,
        mayChange: how.mayChange,
      });
    return { made, attempts, me, store };
  }

  /** Runs `fn` and answers how many answers each batch statement it sent held, and of which kind. */
  async function batched<T>(fn: () => Promise<T>) {
    const held: { kind: string; count: number }[] = [];
    statementProbe.listener = (query, params) => {
      if (query.startsWith('with ai as'))
        held.push({ kind: /do update/.test(query) ? 'change' : /\bold as\b/.test(query) ? 'keep' : 'answer', count: (JSON.parse(String(params[0])) as unknown[]).length });
    };
    try {
      return { result: await fn(), held };
    } finally {
      statementProbe.listener = undefined;
    }
  }

  it("stores answers that arrive together in fewer statements, each counted once, and an attempt's answers sent at once finish it exactly once", async () => {
    const { made, attempts, me, store } = await sixAttempts('Together');
    // six answers at once on the school's handle: the first goes at once, alone (one statement in flight at most), and
    // the five that arrive meanwhile wait and go together
    const { result: outcomes, held } = await batched(() => Promise.all(made.map((_, i) => store(i, 0, 'right'))));
    expect(held).toEqual([
      { kind: 'answer', count: 1 },
      { kind: 'answer', count: 5 },
    ]);
    for (const out of outcomes) expect(out).toMatchObject({ status: 'IN_PROCESS', inserted: true, answered_count: 1, answered_score: 1, used: 1, answered: [] });
    // another student's attempt is not stored by this one's answer, in a statement with others
    const stranger = await Promise.all([store(1, 1, 'right', { userId: me.id + 1 }), store(2, 0, 'right'), store(3, 1, 'right'), store(4, 1, 'right')]);
    expect(stranger[0], "not the caller's attempt").toBeUndefined();
    expect(stranger[1], 'a repeat').toMatchObject({ inserted: false, answered: [made[2].qs[0].q.id] });
    expect(stranger[2]).toMatchObject({ inserted: true, answered_count: 2, answered_score: 2 });
    expect(stranger[3]).toMatchObject({ inserted: true, answered_count: 2 });
    await Promise.all([3, 4].map((i) => api.db.delete(questionAnswers).where(and(eq(questionAnswers.attempt_id, attempts[i]), eq(questionAnswers.question_id, made[i].qs[1].q.id)))));
    await api.db
      .update(quizAttempts)
      .set({ answered_count: 1, answered_score: 1 })
      .where(inArray(quizAttempts.id, [attempts[3], attempts[4]]));
    const rows = await api.db.select().from(quizAttempts).where(inArray(quizAttempts.id, attempts));
    expect(rows.map((r) => [r.answered_count, r.answered_score])).toEqual(attempts.map(() => [1, 1]));

    // the first attempt's two other answers at once: both stored, one of them the last, which finishes the attempt
    const { qs } = made[0];
    const both = await Promise.all([answer(attempts[0], qs[1].q.id, qs[1].right.id), answer(attempts[0], qs[2].q.id, qs[2].wrong.id)]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    expect(both.map((r) => r.json().data.status).sort()).toEqual(['FINISHED', 'IN_PROCESS']);
    const [done] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempts[0]));
    expect(done).toMatchObject({ status: 'FINISHED', answered_count: 3, score: 2 });
  });

  it("stores the navigation's answers together too: a change, a repeat, a locked question and a new answer in one statement", async () => {
    const { made, attempts, store } = await sixAttempts('Together, navigating');
    const keep = (i: number, question: number, option: 'right' | 'wrong', mayChange = true) => store(i, question, option, { keepOpen: true, mayChange });
    // every attempt's first question answered right (one alone, five together)
    for (const out of await Promise.all(made.map((_, i) => keep(i, 0, 'right')))) expect(out).toMatchObject({ inserted: true, answered_count: 1, answered_score: 1 });
    // one in flight first, then the five that wait for it, four of them this test's point, which go together
    const { result: outs, held } = await batched(() => Promise.all([keep(4, 1, 'right'), keep(5, 1, 'right'), keep(0, 0, 'wrong'), keep(1, 0, 'right'), keep(2, 1, 'right'), keep(3, 1, 'wrong')]));
    expect(held).toEqual([
      { kind: 'change', count: 1 },
      { kind: 'change', count: 5 },
    ]);
    expect(outs[2], 'a change').toMatchObject({ inserted: true, same: false, answered_count: 1, answered_score: 0 });
    expect(outs[3], 'a repeat').toMatchObject({ inserted: false, same: true });
    expect(outs[4], 'a new answer').toMatchObject({ inserted: true, answered_count: 2, answered_score: 2 });
    expect(outs[5]).toMatchObject({ inserted: true, answered_count: 2, answered_score: 1 });
    const [changed] = await api.db
      .select()
      .from(questionAnswers)
      .where(and(eq(questionAnswers.attempt_id, attempts[0]), eq(questionAnswers.question_id, made[0].qs[0].q.id)));
    expect(changed).toMatchObject({ changes: 1, score: 0, option_ids: [made[0].qs[0].wrong.id] });
    // a question whose correctness was shown is not replaced, in a statement with others
    const { result: locked, held: lockedHeld } = await batched(() => Promise.all([keep(4, 2, 'right'), keep(5, 2, 'right'), keep(1, 0, 'wrong', false), keep(2, 2, 'right', false)]));
    expect(lockedHeld).toEqual([
      { kind: 'change', count: 1 },
      { kind: 'change', count: 1 },
      { kind: 'keep', count: 2 },
    ]);
    expect(locked[2], 'locked').toMatchObject({ inserted: false, same: false, answered_count: 0 });
    expect(locked[3]).toMatchObject({ inserted: true, answered_count: 3 });
    const [kept] = await api.db
      .select()
      .from(questionAnswers)
      .where(and(eq(questionAnswers.attempt_id, attempts[1]), eq(questionAnswers.question_id, made[1].qs[0].q.id)));
    expect(kept).toMatchObject({ changes: 0, score: 1 });
  });

  it("keeps the answers' events in the process's batch until it is written, rolls them up in one insert, and a graceful close writes what waits", async () => {
    // a batch that waits a minute, so that nothing but the test writes it
    const slow = await startTestApi({ activityBatchMs: 60_000 });
    try {
      const { quiz, qs } = await makeQuiz(`Answer path batch ${Math.random()}`, slow);
      const token = await slow.login('student');
      await slow.app.flushEvents();
      const attempt = (await slow.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token })).json().data.attempt.id as number;
      const [{ user_id }] = await slow.db.select({ user_id: quizAttempts.user_id }).from(quizAttempts).where(eq(quizAttempts.id, attempt));
      const actions = async () => (await slow.db.select({ actions: eventDays.actions }).from(eventDays).where(eq(eventDays.user_id, user_id))).reduce((s, d) => s + d.actions, 0);
      const mine = () =>
        slow.db
          .select()
          .from(events)
          .where(and(eq(events.kind, 'quiz_answer'), eq(events.user_id, user_id), sql`${events.data}->>'attempt_id' = ${String(attempt)}`));
      const answerSlow = (i: number) => slow.call({ method: 'POST', url: '/api/QuestionUserAnswer', token, payload: { id_quizAttemp: attempt, question_id: qs[i].q.id, answer: qs[i].right.id } });
      const before = await actions();
      for (const i of [0, 1]) expect((await answerSlow(i)).statusCode).toBe(200);
      expect(await mine(), 'stored answers, their events still waiting').toHaveLength(0);
      const written: string[] = [];
      statementProbe.listener = (query) => written.push(query);
      await slow.app.flushEvents();
      statementProbe.listener = undefined;
      expect(
        written.filter((w) => w.startsWith('insert into "events"')),
        'one insert for the batch',
      ).toHaveLength(1);
      const rows = await mine();
      expect(rows.map((e) => e.subject_id).sort()).toEqual([qs[0].q.id, qs[1].q.id].sort());
      expect(rows[0].data).toMatchObject({ attempt_id: attempt, quiz_id: quiz.id, is_correct: true });
      expect(await actions(), "the activity report's actions count both").toBe(before + 2);
      expect((await answerSlow(2)).statusCode).toBe(200);
      expect(await mine()).toHaveLength(2);
      await slow.app.close();
      expect(await mine(), 'the last answer, written by the close').toHaveLength(3);
    } finally {
      await slow.close();
    }
  });

  it("writes each answer's event in the answer's own statement when ACTIVITY_BATCH_MS=0", async () => {
    const unbatched = await startTestApi({ activityBatchMs: 0 });
    try {
      const { quiz, qs } = await makeQuiz(`Answer path unbatched ${Math.random()}`, unbatched);
      const token = await unbatched.login('student');
      const attempt = (await unbatched.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token })).json().data.attempt.id as number;
      const seen: string[] = [];
      statementProbe.listener = (query) => seen.push(query);
      const res = await unbatched.call({ method: 'POST', url: '/api/QuestionUserAnswer', token, payload: { id_quizAttemp: attempt, question_id: qs[0].q.id, answer: qs[0].right.id } });
      statementProbe.listener = undefined;
      expect(res.statusCode).toBe(200);
      expect(seen.length, 'the token and the answer').toBe(TOKEN_READS + 1);
      const rows = await unbatched.db
        .select()
        .from(events)
        .where(and(eq(events.kind, 'quiz_answer'), eq(events.subject_id, qs[0].q.id)));
      expect(rows.map((e) => e.data)).toEqual([{ attempt_id: attempt, quiz_id: quiz.id, is_correct: true }]);
    } finally {
      await unbatched.close();
    }
  });

  it("sees an edit by staff in the very next answer: the key, the next question's text, the quiz made inactive", async () => {
    const { quiz, qs } = await makeQuiz(`Answer path edit ${Math.random()}`);
    const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id as number;
    // the first answer fills the cache with the quiz as it is
    const one = (await answer(attempt, qs[0].q.id, qs[0].wrong.id)).json().data;
    expect(one.is_correct).toBe(false);
    const { version } = (await api.db.select({ version: quizzes.version }).from(quizzes).where(eq(quizzes.id, quiz.id)))[0];
    // staff make B the right option of question 2 and rename question 3, through the back office
    expect((await api.call({ method: 'PUT', url: `/admin/QuestionOption/${qs[1].wrong.id}`, token: admin, payload: { is_correct: true, score: 5 } })).statusCode).toBe(200);
    expect((await api.call({ method: 'PUT', url: `/admin/question/${qs[2].q.id}`, token: admin, payload: { text: 'Renamed by staff' } })).statusCode).toBe(200);
    const after = (await api.db.select({ version: quizzes.version }).from(quizzes).where(eq(quizzes.id, quiz.id)))[0].version;
    expect(after).toBeGreaterThan(version);
    const two = await answer(attempt, qs[1].q.id, qs[1].wrong.id);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data.is_correct).toBe(true);
    expect(two.json().data.next.question.text).toBe('Renamed by staff');
    const [stored] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    expect(stored.answered_score).toBe(5);
    // the edit is seen by GET /question too
    const viaGet = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student })).json().data;
    expect(viaGet.question.text).toBe('Renamed by staff');
    // a quiz made inactive is refused at once (the right to take it is read again when the quiz changes)
    expect((await api.call({ method: 'PUT', url: `/admin/quiz/${quiz.id}`, token: admin, payload: { status: 'inactive' } })).statusCode).toBe(200);
    const refused = await answer(attempt, qs[2].q.id, qs[2].right.id);
    expect([refused.statusCode, refused.json().name]).toEqual([403, 'ERROR_ACCESS']);
    await api.call({ method: 'PUT', url: `/admin/quiz/${quiz.id}`, token: admin, payload: { status: 'active' } });
    const three = await answer(attempt, qs[2].q.id, qs[2].right.id);
    expect(three.json().data.attempt).toMatchObject({ status: 'FINISHED', score: 6 });
  });

  it('counts a change made outside the back office too (the version is kept by the database)', async () => {
    const { quiz, qs } = await makeQuiz(`Answer path trigger ${Math.random()}`);
    const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id as number;
    await answer(attempt, qs[0].q.id, qs[0].right.id);
    await api.db.update(questionOptions).set({ is_correct: false }).where(eq(questionOptions.id, qs[1].right.id));
    await api.db.update(questionOptions).set({ is_correct: true }).where(eq(questionOptions.id, qs[1].wrong.id));
    expect((await answer(attempt, qs[1].q.id, qs[1].wrong.id)).json().data.is_correct).toBe(true);
  });

  it("sends every answer of the learner's quiz routes exactly as plain JSON would (the response schemas drop, change and reorder nothing)", async () => {
    // besides the tests above: a quiz without the key shown, a poll showing it (is_correct null) with a text question,
    // the finished attempt's question, the key, finish and result
    for (const changes of [{ show_correct: false }, { kind: 'poll' as const }]) {
      const { quiz, qs } = await makeQuiz(`Answer path serialised ${Math.random()}`);
      await api.db.update(quizzes).set(changes).where(eq(quizzes.id, quiz.id));
      const [text] = await api.db.insert(questions).values({ tenant_id: 1, quiz_id: quiz.id, text: 'The capital of France?', type: 'text', sort: 4 }).returning();
      await api.db.insert(questionOptions).values({ tenant_id: 1, question_id: text.id, text: 'Paris', is_correct: true, score: 1, sort: 0 });
      const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id as number;
      for (const { q, right } of qs) expect((await answer(attempt, q.id, right.id)).statusCode).toBe(200);
      const last = await api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token: student, payload: { id_quizAttemp: attempt, question_id: text.id, answer: 'paris' } });
      expect(last.json().data.attempt.status).toBe('FINISHED');
      const urls = [`/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, `/api/quiz/${quiz.id}/result?id_quizAttemp=${attempt}`, `/api/quiz/${quiz.id}`];
      if (changes.kind === 'poll')
        urls.push(`/api/quiz/${quiz.id}/questionWithAnswer?id_quizAttemp=${attempt}`, `/api/quiz/${quiz.id}/questionWithAnswer?id_quizAttemp=${attempt}&question_id=${text.id}`);
      for (const url of urls) expect((await api.call({ method: 'GET', url, token: student })).statusCode, url).toBe(200);
      expect((await api.call({ method: 'POST', url: `/api/quiz/${quiz.id}/finish?id_quizAttemp=${attempt}`, token: student })).statusCode).toBe(200);
    }
    const routes = new Set(served.map((s) => s.route));
    for (const route of [
      'GET /api/quiz/:id',
      'GET /api/quiz/:id/question',
      'POST /api/QuestionUserAnswer',
      'GET /api/quiz/:id/result',
      'POST /api/quiz/:id/finish',
      'GET /api/quiz/:id/questionWithAnswer',
    ])
      expect(routes).toContain(route);
    for (const s of served) expect(s.sent, s.route).toBe(s.plain);
  });
});
