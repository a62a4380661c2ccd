import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { makeQuiz as makeFixtureQuiz } from '../../test/quiz-fixture.ts';
import { achievementAwards, events, questionOptions, questions, quizAttempts, quizzes } from '../../db/schema/index.ts';
import { mayShowCorrect, scoreAnswer, shuffle } from './engine.ts';

describe('quiz engine', () => {
  let api: TestApi;
  let student: string;
  const quizId = async (title: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(quizzes)
        .where(and(eq(quizzes.title, title), eq(quizzes.tenant_id, tenantId)))
    )[0].id;
  const correctAnswer = async (questionId: number) => {
    const [q] = await api.db.select().from(questions).where(eq(questions.id, questionId));
    const opts = await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, questionId));
    const right = opts.filter((o) => o.is_correct);
    return q.type === 'text' ? right[0].text.toLowerCase() : q.type === 'radio' ? right[0].id : right.map((o) => o.id);
  };
  async function start(token: string, id: number) {
    const res = await api.call({ method: 'GET', url: `/api/quiz/${id}?is_new=true`, token });
    return res;
  }
  async function next(token: string, id: number, attempt: number) {
    return (await api.call({ method: 'GET', url: `/api/quiz/${id}/question?id_quizAttemp=${attempt}`, token })).json().data;
  }
  const answer = (token: string, attempt: number, question_id: number, a: unknown) =>
    api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token, payload: { id_quizAttemp: attempt, question_id, answer: a } });

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('shows the start page with rules and attempts, without starting', async () => {
    const res = await api.call({ method: 'GET', url: `/api/quiz/${await quizId('Экзамен по стратегии')}`, token: student });
    expect(res.json().data).toMatchObject({ quiz: { kind: 'exam', response_time_minutes: 5, max_attempts: 2, questions_count: 3 }, attempts_used: 0, attempts_left: 2, attempt: null, best: null });
  });

  it('runs a timed exam: questions without the answers, a fixed shuffle, server-side scoring and the result', async () => {
    const id = await quizId('Экзамен по стратегии');
    const started = (await start(student, id)).json().data;
    const attempt = started.attempt.id;
    expect(started.attempt.seconds_left).toBeGreaterThan(290);
    const first = await next(student, id, attempt);
    expect(first.index).toBe(1);
    expect(JSON.stringify(first.question)).not.toContain('is_correct');
    expect(JSON.stringify(first.question)).not.toContain('score');
    // the same question again until it is answered (a reload continues where it was)
    expect((await next(student, id, attempt)).question.id).toBe(first.question.id);
    const again = (await start(student, id)).json().data;
    expect(again.attempt.id).toBe(attempt); // an open attempt is continued, not a new one
    const [row] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    expect(row.question_order).toHaveLength(3);
    const mails = vi.spyOn(api.app.mailer, 'send');
    let q = first;
    let answered = 0;
    while (q.question) {
      const res = await answer(student, attempt, q.question.id, await correctAnswer(q.question.id));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.is_correct).toBeUndefined(); // show_correct is off for this exam
      answered++;
      q = await next(student, id, attempt);
    }
    expect(answered).toBe(3);
    expect(q.status).toBe('FINISHED');
    // notify_admin is on for this exam: the school's admins get one mail about the finished attempt
    expect(mails).toHaveBeenCalledTimes(1);
    const [school, mail] = mails.mock.calls[0];
    expect(school.slug).toBe('demo');
    expect(mail.to).toContain('admin@demo.test');
    expect(mail.subject).toContain('Экзамен по стратегии');
    expect(mail.text).toContain('6 из 6');
    mails.mockRestore();
    const result = (await api.call({ method: 'GET', url: `/api/quiz/${id}/result?id_quizAttemp=${attempt}`, token: student })).json().data;
    expect(result.attempt).toMatchObject({ status: 'FINISHED', score: 6, max_score: 6, percent: 100, passed: true });
    // show_correct is off and an attempt is left: neither the per-question report nor the key (docs/quizzes.md "Secrecy")
    expect(result.report).toBeNull();
    const withAnswers = await api.call({ method: 'GET', url: `/api/quiz/${id}/questionWithAnswer?id_quizAttemp=${attempt}`, token: student });
    expect([withAnswers.statusCode, withAnswers.json().name]).toEqual([403, 'ERROR_ACCESS']);
    const page = (await api.call({ method: 'GET', url: `/api/quiz/${id}`, token: student })).json().data;
    expect(page).toMatchObject({ attempts_used: 1, attempts_left: 1, attempt: null, best: { percent: 100, passed: true } });
  });

  it('refuses an answer after the time is up and finishes the attempt; then refuses when attempts run out', async () => {
    const id = await quizId('Экзамен по стратегии');
    const attempt = (await start(student, id)).json().data.attempt.id;
    const q = await next(student, id, attempt);
    await api.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where(eq(quizAttempts.id, attempt));
    const late = await answer(student, attempt, q.question.id, await correctAnswer(q.question.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().name).toBe('ERROR_TIME_IS_UP');
    const [row] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    expect(row).toMatchObject({ status: 'FINISHED', score: 0, passed: false });
    const out = await start(student, id);
    expect(out.statusCode).toBe(409);
    expect(out.json().name).toBe('ERROR_MAX_ATTEMPT');
  });

  it('continues an open attempt with the time it has left', async () => {
    const id = await quizId('Экзамен по стратегии', 1);
    const trainer = await api.login('trainer'); // staff may take any quiz of the school
    const attempt = (await start(trainer, id)).json().data.attempt.id;
    await api.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() + 61_000) })
      .where(eq(quizAttempts.id, attempt));
    const page = (await api.call({ method: 'GET', url: `/api/quiz/${id}`, token: trainer })).json().data;
    expect(page.attempt.id).toBe(attempt);
    expect(page.attempt.seconds_left).toBeGreaterThan(55);
    expect(page.attempt.seconds_left).toBeLessThanOrEqual(61);
  });

  it('shows correctness right after each answer only where the quiz says so, and refuses a second answer', async () => {
    const id = await quizId('Зачёт по отчётности');
    const attempt = (await start(student, id)).json().data.attempt.id;
    const q = await next(student, id, attempt);
    const before = await api.call({ method: 'GET', url: `/api/quiz/${id}/questionWithAnswer?id_quizAttemp=${attempt}&question_id=${q.question.id}`, token: student });
    expect(before.statusCode).toBe(403);
    const wrong = q.question.options[0];
    const res = await answer(student, attempt, q.question.id, q.question.type === 'radio' ? wrong.id : [wrong.id]);
    // right or wrong at most during the attempt, never which option is right (issue 30)
    expect(res.json().data.is_correct).toBeTypeOf('boolean');
    expect(res.json().data.correct_option_ids).toBeUndefined();
    const after = await api.call({ method: 'GET', url: `/api/quiz/${id}/questionWithAnswer?id_quizAttemp=${attempt}&question_id=${q.question.id}`, token: student });
    expect(after.statusCode).toBe(403);
    const twice = await answer(student, attempt, q.question.id, q.question.type === 'radio' ? wrong.id : [wrong.id]);
    expect(twice.json().name).toBe('ISSET_ANSWER_QUESTION');
  });

  it('checks attempt ids, answers that do not fit, other users and other schools', async () => {
    const id = await quizId('Опрос: как вам курс?');
    expect((await api.call({ method: 'GET', url: `/api/quiz/${id}/question`, token: student })).json().name).toBe('NOT_ISSET_ATTEMPT_ID');
    expect((await api.call({ method: 'GET', url: `/api/quiz/${id}/question?id_quizAttemp=999999`, token: student })).json().name).toBe('ERROR_FIND_ATTEMPT');
    const attempt = (await start(student, id)).json().data.attempt.id;
    const q = await next(student, id, attempt);
    expect((await answer(student, attempt, q.question.id, 123456)).statusCode).toBe(422);
    const admin = await api.login('admin');
    expect((await api.call({ method: 'GET', url: `/api/quiz/${id}/question?id_quizAttemp=${attempt}`, token: admin })).json().name).toBe('NOT_FIND_ATTEMPT');
    expect((await api.call({ method: 'GET', url: `/api/quiz/${await quizId('Экзамен по стратегии', 2)}`, token: student })).json().name).toBe('NOT_FOUND_QUIZ');
    expect((await api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token: student, payload: { question_id: q.question.id, answer: 1 } })).json().name).toBe('NOT_ISSET_ATTEMPT_ID');
    // a poll always passes
    await answer(student, attempt, q.question.id, q.question.options[0].id);
    const q2 = await next(student, id, attempt);
    await answer(student, attempt, q2.question.id, 'Больше практики');
    expect((await next(student, id, attempt)).attempt).toMatchObject({ status: 'FINISHED', passed: true });
  });

  it('refuses to start outside the quiz window', async () => {
    const id = await quizId('Зачёт по отчётности');
    await api.db
      .update(quizzes)
      .set({ opens_at: new Date(Date.now() + 86_400_000) })
      .where(eq(quizzes.id, id));
    const trainer = await api.login('trainer');
    const res = await start(trainer, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().name).toBe('ERROR_QUIZ_CLOSED');
    await api.db.update(quizzes).set({ opens_at: null }).where(eq(quizzes.id, id));
  });

  /** A fresh quiz in a chapter of a demo program (the student's first by default), with radio, checkbox and text questions. */
  /** The fixture's quiz (server/test/quiz-fixture.ts) with six radio options (R3 worth 1 point) and five checkbox ones. */
  const makeQuiz = (settings: Partial<typeof quizzes.$inferInsert>, programTitle?: string) =>
    makeFixtureQuiz(api, settings, {
      programTitle,
      radio: [
        ['R1', true, 4],
        ['R2', false, 0],
        ['R3', false, 1],
        ['R4', false, 0],
        ['R5', false, 0],
        ['R6', false, 0],
      ],
      checkbox: [
        ['C1', true, 2],
        ['C2', true, 2],
        ['C3', false, 0],
        ['C4', false, 0],
        ['C5', false, 0],
      ],
    });

  it('keeps a scatter shuffle fixed within an attempt, and the editor order for in_order quizzes', async () => {
    const { quiz, radio } = await makeQuiz({ sort_type: 'scatter' });
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    const [row] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    const first = await next(student, quiz.id, attempt);
    expect(first.question.id).toBe(row.question_order[0]);
    // a text question shows no options (they are its correct answers)
    expect(first.question.options.map((o: { id: number }) => o.id)).toEqual(first.question.type === 'text' ? [] : row.option_order[first.question.id]);
    for (let i = 0; i < 3; i++) {
      const again = await next(student, quiz.id, attempt);
      expect(again.question.id).toBe(first.question.id);
      expect(again.question.options).toEqual(first.question.options);
    }
    expect([...row.option_order[radio.q.id]].sort((a, b) => a - b)).toEqual(radio.rows.map((o) => o.id).sort((a, b) => a - b));
    // the shuffle itself is random: 20 shuffles of ten items are not all the same
    const orders = new Set(Array.from({ length: 20 }, () => shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).join()));
    expect(orders.size).toBeGreaterThan(1);

    const ordered = await makeQuiz({ sort_type: 'in_order' });
    const a2 = (await start(student, ordered.quiz.id)).json().data.attempt.id;
    const q1 = await next(student, ordered.quiz.id, a2);
    expect(q1.question.id).toBe(ordered.radio.q.id);
    expect(q1.question.options.map((o: { text: string }) => o.text)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6']);
  });

  it('scores radio by the option, checkbox all-and-only, text case-insensitively; passing needs the percentage and the minimum score', async () => {
    const { quiz, radio, checkbox, text } = await makeQuiz({ evaluation: 'score', passing_percentage: 50, min_score: 7 });
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    expect((await answer(student, attempt, radio.q.id, radio.rows[2].id)).statusCode).toBe(200); // a wrong option with a score of 1
    expect((await answer(student, attempt, checkbox.q.id, [checkbox.rows[0].id, checkbox.rows[1].id])).statusCode).toBe(200); // 4
    const last = await answer(student, attempt, text.q.id, '  net present VALUE ');
    expect(last.json().data.attempt).toMatchObject({ status: 'FINISHED', score: 7, max_score: 10, percent: 70, passed: true });
    const stored = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt));
    expect(stored[0]).toMatchObject({ score: 7, passed: true });

    const strict = await makeQuiz({ evaluation: 'score', passing_percentage: 50, min_score: 8 });
    const a2 = (await start(student, strict.quiz.id)).json().data.attempt.id;
    await answer(student, a2, strict.radio.q.id, strict.radio.rows[0].id); // 4
    await answer(student, a2, strict.checkbox.q.id, [strict.checkbox.rows[0].id]); // only one of the two correct: 0
    const r2 = await answer(student, a2, strict.text.q.id, 'NPV'); // 2
    expect(r2.json().data.attempt).toMatchObject({ score: 6, percent: 60, passed: false }); // 60 % but under the minimum score

    const credit = await makeQuiz({ evaluation: 'credit', passing_percentage: 80 });
    const a3 = (await start(student, credit.quiz.id)).json().data.attempt.id;
    await answer(student, a3, credit.radio.q.id, credit.radio.rows[0].id);
    await answer(student, a3, credit.checkbox.q.id, [credit.checkbox.rows[0].id, credit.checkbox.rows[1].id, credit.checkbox.rows[2].id]); // an extra one: 0
    const r3 = await answer(student, a3, credit.text.q.id, 'IRR');
    expect(r3.json().data.attempt).toMatchObject({ score: 4, percent: 40, passed: false });
  });

  it('finishes early on request; hides correct answers of an open attempt unless the quiz shows them', async () => {
    const { quiz, radio, checkbox } = await makeQuiz({ show_correct: false });
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    await answer(student, attempt, radio.q.id, radio.rows[0].id);
    const hidden = await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/questionWithAnswer?id_quizAttemp=${attempt}&question_id=${radio.q.id}`, token: student });
    expect(hidden.statusCode).toBe(403);
    const done = await api.call({ method: 'POST', url: `/api/quiz/${quiz.id}/finish?id_quizAttemp=${attempt}`, token: student });
    expect(done.json().data).toMatchObject({ status: 'FINISHED', score: 4, max_score: 10, percent: 40, passed: false });
    const late = await answer(student, attempt, checkbox.q.id, [checkbox.rows[0].id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().name).toBe('ERROR_ATTEMPT_FINISHED');
    // show_correct is off: the end of the attempt does not unlock the key either
    const still = await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/questionWithAnswer?id_quizAttemp=${attempt}&question_id=${radio.q.id}`, token: student });
    expect(still.statusCode).toBe(403);
    // a question of another quiz is not part of this attempt
    const other = await makeQuiz({});
    const a2 = (await start(student, other.quiz.id)).json().data.attempt.id;
    expect((await answer(student, a2, radio.q.id, radio.rows[0].id)).json().name).toBe('NOT_FOUND_QUESTION');
    // an answer that does not fit the question names the field
    const misfit = await answer(student, a2, other.radio.q.id, 'text for a radio question');
    expect(misfit.statusCode).toBe(422);
    expect(misfit.json().errors.answer).toBeDefined();
    expect((await answer(student, a2, other.radio.q.id, [other.radio.rows[0].id, other.radio.rows[1].id])).statusCode).toBe(422);
    expect((await answer(student, a2, other.text.q.id, 5)).statusCode).toBe(422);
  });

  const withAnswer = (token: string, quizId: number, attempt: number, questionId?: number) =>
    api.call({ method: 'GET', url: `/api/quiz/${quizId}/questionWithAnswer?id_quizAttemp=${attempt}${questionId ? `&question_id=${questionId}` : ''}`, token });
  const finishNow = (token: string, quizId: number, attempt: number) => api.call({ method: 'POST', url: `/api/quiz/${quizId}/finish?id_quizAttemp=${attempt}`, token });
  const resultOf = async (token: string, quizId: number, attempt: number) => (await api.call({ method: 'GET', url: `/api/quiz/${quizId}/result?id_quizAttemp=${attempt}`, token })).json().data;

  it("keeps an exam's key after a throw-away attempt when correctness is hidden (issue 10): no key, no report, no correctness in replies", async () => {
    const { quiz, radio, checkbox, text } = await makeQuiz({ kind: 'exam', show_correct: false, show_report: true, max_attempts: 2 });
    const first = (await start(student, quiz.id)).json().data.attempt.id;
    expect((await finishNow(student, quiz.id, first)).json().data).toMatchObject({ status: 'FINISHED', score: 0 });
    const all = await withAnswer(student, quiz.id, first);
    expect([all.statusCode, all.json().name]).toEqual([403, 'ERROR_ACCESS']);
    for (const q of [radio, checkbox, text]) expect((await withAnswer(student, quiz.id, first, q.q.id)).statusCode).toBe(403);
    const result = await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/result?id_quizAttemp=${first}`, token: student });
    expect(result.json().data.report).toBeNull();
    expect(result.body).not.toContain('is_correct');
    // the last attempt: show_correct is off, so still nothing, during or after it
    const second = (await start(student, quiz.id)).json().data.attempt.id;
    const reply = await answer(student, second, radio.q.id, radio.rows[1].id);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain('is_correct');
    expect(reply.body).not.toContain('correct_option_ids');
    await finishNow(student, quiz.id, second);
    expect((await withAnswer(student, quiz.id, second)).statusCode).toBe(403);
    expect((await resultOf(student, quiz.id, second)).report).toBeNull();
  });

  it('keeps the key of an exam that shows correctness while attempts remain, and shows it on the last attempt', async () => {
    const { quiz, radio, text } = await makeQuiz({ kind: 'exam', show_correct: true, show_report: true, max_attempts: 2 });
    const first = (await start(student, quiz.id)).json().data.attempt.id;
    const reply = await answer(student, first, radio.q.id, radio.rows[1].id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.is_correct).toBeUndefined();
    expect(reply.json().data.correct_option_ids).toBeUndefined();
    expect((await withAnswer(student, quiz.id, first, radio.q.id)).statusCode).toBe(403);
    await finishNow(student, quiz.id, first);
    expect((await withAnswer(student, quiz.id, first)).statusCode).toBe(403);
    expect((await resultOf(student, quiz.id, first)).report).toBeNull();
    // the second and last attempt: no attempt is left to profit from the key
    const second = (await start(student, quiz.id)).json().data.attempt.id;
    const last = await answer(student, second, radio.q.id, radio.rows[1].id);
    // during the attempt: right or wrong, never the key (issue 30)
    expect(last.json().data).toMatchObject({ is_correct: false });
    expect(last.json().data.correct_option_ids).toBeUndefined();
    expect((await withAnswer(student, quiz.id, second, radio.q.id)).statusCode).toBe(403);
    await finishNow(student, quiz.id, second);
    const one = await withAnswer(student, quiz.id, second, radio.q.id);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.options.find((o: { id: number }) => o.id === radio.rows[0].id).is_correct).toBe(true);
    const key = await withAnswer(student, quiz.id, second);
    expect(key.statusCode).toBe(200);
    expect(key.json().data.find((q: { id: number }) => q.id === text.q.id).correct_texts).toEqual(['Net Present Value', 'NPV']);
    // the earlier attempt's key too: no attempt is left
    expect((await withAnswer(student, quiz.id, first)).statusCode).toBe(200);
    expect((await resultOf(student, quiz.id, second)).report).toHaveLength(3);
  });

  it('never shows the key of an exam without a limit on attempts', async () => {
    const { quiz, radio } = await makeQuiz({ kind: 'exam', show_correct: true, max_attempts: null });
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    expect((await answer(student, attempt, radio.q.id, radio.rows[0].id)).json().data.is_correct).toBeUndefined();
    await finishNow(student, quiz.id, attempt);
    expect((await withAnswer(student, quiz.id, attempt)).statusCode).toBe(403);
    expect((await resultOf(student, quiz.id, attempt)).report).toBeNull();
  });

  it('shows the key of a pass quiz with show-correct on once its attempt has ended, with the report', async () => {
    const { quiz, radio, checkbox } = await makeQuiz({ kind: 'pass', show_correct: true, show_report: true, max_attempts: 3 });
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    await answer(student, attempt, radio.q.id, radio.rows[0].id);
    expect((await withAnswer(student, quiz.id, attempt, checkbox.q.id)).statusCode).toBe(403); // open and not answered
    await finishNow(student, quiz.id, attempt);
    const shown = await withAnswer(student, quiz.id, attempt, radio.q.id);
    expect(shown.json().data.options.find((o: { text: string }) => o.text === 'R1').is_correct).toBe(true);
    expect(shown.json().data.answer).toMatchObject({ option_ids: [radio.rows[0].id], is_correct: true, score: 4 });
    const key = (await withAnswer(student, quiz.id, attempt, checkbox.q.id)).json().data;
    expect(
      key.options
        .filter((o: { is_correct: boolean }) => o.is_correct)
        .map((o: { text: string }) => o.text)
        .sort(),
    ).toEqual(['C1', 'C2']);
    expect((await resultOf(student, quiz.id, attempt)).report).toHaveLength(3);
  });

  it('decides when correctness may be shown: show-correct on, and an exam only with no attempt left', () => {
    const quiz = (kind: 'exam' | 'pass' | 'poll', show_correct: boolean, max_attempts: number | null) => ({ kind, show_correct, max_attempts });
    expect(mayShowCorrect(quiz('pass', false, null), 1)).toBe(false);
    expect(mayShowCorrect(quiz('pass', true, null), 1)).toBe(true);
    expect(mayShowCorrect(quiz('exam', false, 1), 1)).toBe(false);
    expect(mayShowCorrect(quiz('exam', true, 3), 1)).toBe(false);
    expect(mayShowCorrect(quiz('exam', true, 3), 2)).toBe(false);
    expect(mayShowCorrect(quiz('exam', true, 3), 3)).toBe(true);
    expect(mayShowCorrect(quiz('exam', true, null), 50)).toBe(false);
  });

  it('refuses quizzes of programs the student is not enrolled in, and tokens of another school', async () => {
    const { quiz } = await makeQuiz({}, 'Маркетинг');
    const res = await start(student, quiz.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}`, token: await api.login('student', 'north') })).statusCode).toBe(401);
    expect((await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}` })).statusCode).toBe(401);
    // the id of a north quiz used in demo is not found, even for staff
    expect((await api.call({ method: 'GET', url: `/api/quiz/${await quizId('Опрос: как вам курс?', 2)}`, token: await api.login('admin') })).json().name).toBe('NOT_FOUND_QUIZ');
    expect((await api.call({ method: 'GET', url: '/api/quiz/abc', token: student })).statusCode).toBe(422);
  });

  it("earns the quiz's achievement once the finish has answered, without the student opening their achievements", async () => {
    const admin = await api.login('admin');
    const post = (url: string, payload: object) => api.call({ method: 'POST', url, token: admin, payload });
    const branch = (await post('/admin/abranch', { title: `Ветка ${Math.random()}`, title_en: 'Branch', description: 'Описание' })).json().data;
    const { quiz, radio } = await makeQuiz({ evaluation: 'score', passing_percentage: 30 });
    const earned = (await post('/admin/achievement', { abranch_id: branch.id, title: 'Сдал', rule: 'quiz_passed', quiz_id: quiz.id })).json().data;
    const awards = () => api.db.select().from(achievementAwards).where(eq(achievementAwards.achievement_id, earned.id));
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    await answer(student, attempt, radio.q.id, radio.rows[0].id);
    const done = await api.call({ method: 'POST', url: `/api/quiz/${quiz.id}/finish?id_quizAttemp=${attempt}`, token: student });
    expect(done.json().data).toMatchObject({ status: 'FINISHED', percent: 40, passed: true });
    // recomputed after the answer (achievementsSoon), not by a read of the student's own screens
    await vi.waitFor(async () => expect(await awards()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect((await awards())[0]).toMatchObject({ manual: false, revoked_at: null });
  });

  it('finishes an attempt once under concurrent calls: one result, one quiz_attempt event', async () => {
    const { quiz, radio } = await makeQuiz({});
    const attempt = (await start(student, quiz.id)).json().data.attempt.id;
    await answer(student, attempt, radio.q.id, radio.rows[0].id);
    const results = await Promise.all([1, 2, 3].map(() => api.call({ method: 'POST', url: `/api/quiz/${quiz.id}/finish?id_quizAttemp=${attempt}`, token: student })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().data.score))).toEqual(new Set([4]));
    const recorded = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'quiz_attempt'), eq(events.subject_id, quiz.id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ attempt_id: attempt, score: 4, passed: false });
    await api.app.flushEvents();
    const answers = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'quiz_answer'), eq(events.subject_id, radio.q.id)));
    expect(answers).toHaveLength(1);
  });

  it('finishes an expired attempt when its next question is asked, and counts it among the attempts used', async () => {
    const { quiz } = await makeQuiz({ response_time_minutes: 1, max_attempts: 2 });
    const attempt = (await start(student, quiz.id)).json().data.attempt;
    expect(attempt.seconds_left).toBeGreaterThan(55);
    expect(attempt.seconds_left).toBeLessThanOrEqual(60);
    await api.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 1) })
      .where(eq(quizAttempts.id, attempt.id));
    const q = await next(student, quiz.id, attempt.id);
    expect(q).toMatchObject({ status: 'FINISHED', question: null, attempt: { status: 'FINISHED', seconds_left: 0, score: 0 } });
    const [row] = await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(row.status).toBe('FINISHED');
    const page = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}`, token: student })).json().data;
    expect(page).toMatchObject({ attempts_used: 1, attempts_left: 1, attempt: null, last: { id: attempt.id, passed: false } });
    const second = (await start(student, quiz.id)).json().data.attempt;
    expect(second).toMatchObject({ number: 2, status: 'IN_PROCESS' });
  });

  it('hides a quiz the back office made inactive: gone from the program, refused to the student, back when active again', async () => {
    const id = await quizId('Экзамен по стратегии');
    const admin = await api.login('admin');
    const programQuizzes = async () => {
      const list = (await api.call({ method: 'GET', url: '/api/program', token: student })).json().data as { id: number }[];
      const all = await Promise.all(list.map(async (p) => (await api.call({ method: 'GET', url: `/api/program/${p.id}`, token: student })).json().data));
      return all.flatMap((p) => p.chapters.flatMap((c: { quizzes: { id: number }[] }) => c.quizzes.map((q) => q.id)));
    };
    expect(await programQuizzes()).toContain(id);
    expect((await api.call({ method: 'PUT', url: `/admin/quiz/${id}`, token: admin, payload: { status: 'inactive' } })).statusCode).toBe(200);
    expect(await programQuizzes()).not.toContain(id);
    const refused = await api.call({ method: 'GET', url: `/api/quiz/${id}`, token: student });
    expect([refused.statusCode, refused.json().name]).toEqual([403, 'ERROR_ACCESS']);
    expect((await api.call({ method: 'GET', url: `/admin/quiz/${id}`, token: admin })).statusCode).toBe(200);
    await api.call({ method: 'PUT', url: `/admin/quiz/${id}`, token: admin, payload: { status: 'active' } });
    expect(await programQuizzes()).toContain(id);
    expect((await api.call({ method: 'GET', url: `/api/quiz/${id}`, token: student })).statusCode).toBe(200);
  });

  it('scores the three question types', () => {
    const q = (type: 'radio' | 'checkbox' | 'text') => ({ id: 1, tenant_id: 1, quiz_id: 1, text: '', type, sort: 0 });
    const o = (id: number, text: string, is_correct: boolean, score = 0) => ({ id, tenant_id: 1, question_id: 1, text, is_correct, score, sort: 0 });
    const opts = [o(1, 'A', true, 3), o(2, 'B', false), o(3, 'C', true)];
    expect(scoreAnswer(q('radio'), opts, { optionIds: [1] })).toEqual({ is_correct: true, score: 3 });
    expect(scoreAnswer(q('radio'), opts, { optionIds: [2] })).toEqual({ is_correct: false, score: 0 });
    expect(scoreAnswer(q('checkbox'), opts, { optionIds: [1, 3] })).toEqual({ is_correct: true, score: 4 });
    expect(scoreAnswer(q('checkbox'), opts, { optionIds: [1] })).toEqual({ is_correct: false, score: 0 });
    expect(scoreAnswer(q('checkbox'), opts, { optionIds: [1, 2, 3] })).toEqual({ is_correct: false, score: 0 });
    expect(scoreAnswer(q('text'), [o(1, 'SWOT анализ', true, 2)], { text: '  swot   АНАЛИЗ ' })).toEqual({ is_correct: true, score: 2 });
  });
});
