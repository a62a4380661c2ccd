import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { questionAnswers, quizAttempts } from '../../db/schema/index.ts';
import { learnerCalls, makeQuiz } from '../../test/quiz-fixture.ts';

/** Issue 30: the navigation of an attempt (map, back and forth, changes, flags, summary), the grace and repeats. */
describe('quiz navigation', () => {
  let api: TestApi;
  let me: ReturnType<typeof learnerCalls>;
  const noKey = (body: string) => !/is_correct|correct_option_ids|correct_texts/.test(body);
  const answersOf = (attempt: number) => api.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, attempt));
  const attemptRow = async (id: number) => (await api.db.select().from(quizAttempts).where(eq(quizAttempts.id, id)))[0];

  beforeAll(async () => {
    api = await startTestApi();
    me = learnerCalls(api, await api.login('student'));
  });
  afterAll(() => api.close());

  it('shows the whole attempt, takes answers in any order, changes them (the last counts), flags, and stays open until finished', async () => {
    const { quiz, radio, checkbox, text } = await makeQuiz(api, { kind: 'pass', show_correct: false, show_report: true });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const sheet = await me.sheet(quiz.id, attempt);
    expect(sheet.statusCode).toBe(200);
    expect(noKey(sheet.body)).toBe(true);
    expect(sheet.json().data.questions.map((q: { id: number }) => q.id)).toEqual([radio.q.id, checkbox.q.id, text.q.id]);
    expect(sheet.json().data.summary).toEqual({ total: 3, answered: 0, unanswered: [radio.q.id, checkbox.q.id, text.q.id], flagged: [] });
    // the last question first, then back to the first: wrong, then changed to the right one
    expect((await me.answer(attempt, text.q.id, 'npv')).json().data).toMatchObject({ status: 'IN_PROCESS', next: null, locked: false });
    expect((await me.answer(attempt, radio.q.id, radio.rows[1].id)).statusCode).toBe(200);
    const last = await me.answer(attempt, checkbox.q.id, [checkbox.rows[0].id, checkbox.rows[1].id]);
    expect(last.json().data.status).toBe('IN_PROCESS'); // every question answered, still open: the summary comes first
    expect(noKey(last.body)).toBe(true);
    const changed = await me.answer(attempt, radio.q.id, radio.rows[0].id);
    expect(changed.statusCode).toBe(200);
    const rows = await answersOf(attempt);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.question_id === radio.q.id)).toMatchObject({ option_ids: [radio.rows[0].id], changes: 1 });
    expect(await attemptRow(attempt)).toMatchObject({ answered_count: 3, answered_score: 10, status: 'IN_PROCESS' });
    // flags: on, seen by a reload (a second tab), off again
    expect((await me.flag(quiz.id, attempt, checkbox.q.id, true)).json().data.flagged).toEqual([checkbox.q.id]);
    expect((await me.flag(quiz.id, attempt, text.q.id, true)).json().data.flagged).toEqual([checkbox.q.id, text.q.id]);
    expect((await me.flag(quiz.id, attempt, text.q.id, false)).json().data.flagged).toEqual([checkbox.q.id]);
    const again = (await me.sheet(quiz.id, attempt)).json().data;
    expect(again.summary).toEqual({ total: 3, answered: 3, unanswered: [], flagged: [checkbox.q.id] });
    expect(again.questions[0]).toMatchObject({ id: radio.q.id, answer: { option_ids: [radio.rows[0].id] }, flagged: false, locked: false });
    expect(again.questions[1].flagged).toBe(true);
    expect((await me.page(quiz.id)).json().data.attempt.id).toBe(attempt);
    // the finish counts the last answers: 4 + 4 + 2
    expect((await me.finish(quiz.id, attempt)).json().data).toMatchObject({ status: 'FINISHED', score: 10, max_score: 10, percent: 100, passed: true });
  });

  it('with immediate feedback, says right or wrong, never the key, and locks the question; a repeat counts once', async () => {
    const { quiz, radio, checkbox } = await makeQuiz(api, { kind: 'pass', show_correct: true });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const first = await me.answer(attempt, radio.q.id, radio.rows[1].id);
    expect(first.json().data).toMatchObject({ is_correct: false, locked: true });
    expect(first.body).not.toContain('correct_option_ids');
    // the browser's queue sends it again: the same answer, counted once, no error
    const repeat = await me.answer(attempt, radio.q.id, radio.rows[1].id);
    expect(repeat.statusCode).toBe(200);
    const change = await me.answer(attempt, radio.q.id, radio.rows[0].id);
    expect([change.statusCode, change.json().name]).toEqual([409, 'ERROR_ANSWER_LOCKED']);
    const rows = await answersOf(attempt);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ option_ids: [radio.rows[1].id], changes: 0, score: 0 });
    expect((await attemptRow(attempt)).answered_count).toBe(1);
    const sheet = await me.sheet(quiz.id, attempt);
    expect(sheet.json().data.questions[0]).toMatchObject({ locked: true, is_correct: false });
    expect(sheet.body).not.toContain('correct_option_ids');
    expect(sheet.json().data.questions[1]).toMatchObject({ id: checkbox.q.id, locked: false, answer: null });
    expect((await me.key(quiz.id, attempt)).statusCode).toBe(403);
  });

  it('an exam keeping its key while attempts remain gives no feedback and lets answers change', async () => {
    const { quiz, radio } = await makeQuiz(api, { kind: 'exam', show_correct: true, max_attempts: 2 });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const first = await me.answer(attempt, radio.q.id, radio.rows[1].id);
    expect(first.json().data.locked).toBe(false);
    expect(noKey(first.body)).toBe(true);
    expect((await me.answer(attempt, radio.q.id, radio.rows[0].id)).statusCode).toBe(200);
    expect((await answersOf(attempt))[0]).toMatchObject({ option_ids: [radio.rows[0].id], changes: 1 });
  });

  it('keeps the order of a scatter quiz fixed for the attempt', async () => {
    const { quiz } = await makeQuiz(api, { sort_type: 'scatter' });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const one = (await me.sheet(quiz.id, attempt)).json().data.questions;
    const two = (await me.sheet(quiz.id, attempt)).json().data.questions;
    expect(two).toEqual(one);
    const row = await attemptRow(attempt);
    expect(one.map((q: { id: number }) => q.id)).toEqual(row.question_order);
    for (const q of one) if (q.type !== 'text') expect(q.options.map((o: { id: number }) => o.id)).toEqual(row.option_order[q.id]);
  });

  it('refuses bad input with the catalogue and writes nothing', async () => {
    const { quiz, radio } = await makeQuiz(api, { kind: 'pass' });
    const other = await makeQuiz(api, { kind: 'pass' });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const notInAttempt = await me.answer(attempt, other.radio.q.id, other.radio.rows[0].id);
    expect([notInAttempt.statusCode, notInAttempt.json().name]).toEqual([404, 'NOT_FOUND_QUESTION']);
    const foreignOptions = await me.answer(attempt, radio.q.id, other.radio.rows[0].id);
    expect(foreignOptions.statusCode).toBe(422);
    expect(foreignOptions.json().errors.answer).toBeDefined();
    expect((await me.flag(quiz.id, attempt, other.radio.q.id, true)).json().name).toBe('NOT_FOUND_QUESTION');
    // a flag on another user's attempt (staff may take quizzes too, so the trainer has attempts of their own)
    const trainer = learnerCalls(api, await api.login('trainer'));
    const theirs = await trainer.flag(quiz.id, attempt, radio.q.id, true);
    expect([theirs.statusCode, theirs.json().name]).toEqual([404, 'NOT_FIND_ATTEMPT']);
    expect((await trainer.answer(attempt, radio.q.id, radio.rows[0].id)).json().name).toBe('NOT_FIND_ATTEMPT');
    expect((await trainer.sheet(quiz.id, attempt)).json().name).toBe('NOT_FIND_ATTEMPT');
    expect((await attemptRow(attempt)).flagged).toEqual([]);
    expect(await answersOf(attempt)).toHaveLength(0);
    // a finished attempt takes neither answers nor flags
    await me.finish(quiz.id, attempt);
    expect((await me.answer(attempt, radio.q.id, radio.rows[0].id)).json().name).toBe('ERROR_ATTEMPT_FINISHED');
    expect((await me.flag(quiz.id, attempt, radio.q.id, true)).json().name).toBe('ERROR_ATTEMPT_FINISHED');
    expect(await answersOf(attempt)).toHaveLength(0);
    expect((await attemptRow(attempt)).flagged).toEqual([]);
    // the grace is at most five minutes
    const admin = await api.login('admin');
    const tooLong = await api.call({ method: 'PUT', url: `/admin/quiz/${quiz.id}`, token: admin, payload: { grace_seconds: 301 } });
    expect(tooLong.statusCode).toBe(422);
    const ok = await api.call({ method: 'PUT', url: `/admin/quiz/${quiz.id}`, token: admin, payload: { grace_seconds: 90 } });
    expect(ok.json().data.grace_seconds).toBe(90);
  });

  it("takes an answer until the deadline plus the quiz's grace, stamps its arrival, and refuses later ones", async () => {
    const { quiz, radio, checkbox, text } = await makeQuiz(api, { kind: 'pass', response_time_minutes: 10, grace_seconds: 60 });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    const setDeadline = (msFromNow: number) =>
      api.db
        .update(quizAttempts)
        .set({ deadline_at: new Date(Date.now() + msFromNow) })
        .where(eq(quizAttempts.id, attempt));
    // 55 s past the deadline, inside the 60 s grace: counted, stamped with the server's clock; reads leave it open
    await setDeadline(-55_000);
    const before = Date.now();
    expect((await me.answer(attempt, radio.q.id, radio.rows[0].id)).statusCode).toBe(200);
    const [stored] = await answersOf(attempt);
    expect(stored.answered_at.getTime()).toBeGreaterThanOrEqual(before - 2_000);
    const sheet = (await me.sheet(quiz.id, attempt)).json().data;
    expect(sheet).toMatchObject({ status: 'IN_PROCESS', grace_seconds: 60, attempt: { seconds_left: 0 } });
    expect((await me.page(quiz.id)).json().data.attempt.id).toBe(attempt);
    // 61 s past it: refused with a clear code, the attempt finished with what arrived in time
    await setDeadline(-61_000);
    const late = await me.answer(attempt, checkbox.q.id, [checkbox.rows[0].id, checkbox.rows[1].id]);
    expect([late.statusCode, late.json().name]).toEqual([409, 'ERROR_TIME_IS_UP']);
    expect(await attemptRow(attempt)).toMatchObject({ status: 'FINISHED', score: 4 });
    expect(await answersOf(attempt)).toHaveLength(1);
    void text;
  });

  it('without a grace (the default) an answer a moment after the deadline is refused', async () => {
    const { quiz, radio } = await makeQuiz(api, { kind: 'pass', response_time_minutes: 10 });
    expect(quiz.grace_seconds).toBe(0);
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    await api.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() + 1_500) })
      .where(eq(quizAttempts.id, attempt));
    expect((await me.answer(attempt, radio.q.id, radio.rows[1].id)).statusCode).toBe(200);
    await api.db
      .update(quizAttempts)
      .set({ deadline_at: new Date(Date.now() - 1_000) })
      .where(eq(quizAttempts.id, attempt));
    expect((await me.answer(attempt, radio.q.id, radio.rows[0].id)).json().name).toBe('ERROR_TIME_IS_UP');
    expect((await answersOf(attempt))[0]).toMatchObject({ option_ids: [radio.rows[1].id], changes: 0 });
  });

  it("tells each quiz's state for the course page", async () => {
    const untouched = await makeQuiz(api, { kind: 'pass' });
    const open = await makeQuiz(api, { kind: 'pass' });
    const failedOnce = await makeQuiz(api, { kind: 'pass', max_attempts: 2 });
    const noneLeft = await makeQuiz(api, { kind: 'exam', max_attempts: 1 });
    const passed = await makeQuiz(api, { kind: 'pass', passing_percentage: 30 });
    await me.start(open.quiz.id);
    for (const q of [failedOnce, noneLeft]) {
      const a = (await me.start(q.quiz.id)).json().data.attempt.id;
      await me.finish(q.quiz.id, a);
    }
    const a = (await me.start(passed.quiz.id)).json().data.attempt.id;
    await me.answer(a, passed.radio.q.id, passed.radio.rows[0].id);
    await me.finish(passed.quiz.id, a);
    const ids = [untouched, open, failedOnce, noneLeft, passed].map((q) => q.quiz.id);
    const states = (await me.states(ids)).json().data;
    const stateOf = (id: number) => states.find((s: { quiz_id: number }) => s.quiz_id === id);
    expect(stateOf(ids[0])).toMatchObject({ state: 'not_started', attempts_used: 0, attempts_left: null, best_percent: null });
    expect(stateOf(ids[1])).toMatchObject({ state: 'in_progress', attempts_used: 1 });
    expect(stateOf(ids[2])).toMatchObject({ state: 'not_passed', attempts_used: 1, attempts_left: 1, best_percent: 0 });
    expect(stateOf(ids[3])).toMatchObject({ state: 'no_attempts_left', attempts_left: 0 });
    expect(stateOf(ids[4])).toMatchObject({ state: 'passed', best_percent: 40 });
    expect((await me.states([])).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/quiz/states?ids=1,x', token: await api.login('student') })).statusCode).toBe(422);
  });
});
