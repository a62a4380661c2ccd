import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { learnerCalls, makeQuiz } from '../../test/quiz-fixture.ts';

/**
 * Issue 30: the review of a finished attempt, for every combination of the settings (report at the end, whether the
 * answer is correct) and kinds (a pass quiz, an exam on its last attempt, an exam with an attempt left); the key is
 * never given before the end nor for an empty attempt.
 */
describe('quiz review', () => {
  let api: TestApi;
  let me: ReturnType<typeof learnerCalls>;

  beforeAll(async () => {
    api = await startTestApi();
    me = learnerCalls(api, await api.login('student'));
  });
  afterAll(() => api.close());

  const kinds = [
    { name: 'a pass quiz', settings: { kind: 'pass' as const }, holds: false },
    { name: 'an exam on its last attempt', settings: { kind: 'exam' as const, max_attempts: 1 }, holds: false },
    { name: 'an exam with an attempt left', settings: { kind: 'exam' as const, max_attempts: 2 }, holds: true },
  ];
  const cases = kinds.flatMap((k) => [false, true].flatMap((show_report) => [false, true].map((show_correct) => ({ ...k, show_report, show_correct }))));

  it.each(cases)('$name, show_report $show_report, show_correct $show_correct', async ({ settings, holds, show_report, show_correct }) => {
    const { quiz, radio, checkbox } = await makeQuiz(api, { ...settings, show_report, show_correct });
    const attempt = (await me.start(quiz.id)).json().data.attempt.id;
    await me.answer(attempt, radio.q.id, radio.rows[1].id); // wrong
    await me.answer(attempt, checkbox.q.id, [checkbox.rows[0].id, checkbox.rows[1].id]); // right
    // before the end: no review, no key
    const early = await me.review(quiz.id, attempt);
    expect([early.statusCode, early.json().name]).toEqual([409, 'ERROR_ATTEMPT_NOT_FINISHED']);
    expect((await me.key(quiz.id, attempt)).statusCode).toBe(403);
    await me.finish(quiz.id, attempt);
    const reply = await me.review(quiz.id, attempt);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    const correctness = show_correct && !holds;
    const scores = show_report && !holds;
    expect(data.shows).toEqual({ answers: show_report || correctness, scores, correctness, key: correctness });
    expect(data.verdict).toMatchObject({ evaluation: 'score', passed: false, score: 4, max_score: 10, percent: 40, passing_percentage: 60 });
    expect((await me.key(quiz.id, attempt)).statusCode).toBe(correctness ? 200 : 403);
    if (!show_report && !correctness) {
      expect(data.questions).toBeNull();
      return;
    }
    const [r, c, t] = data.questions;
    // the student's own answers, in the attempt's order
    expect(r.options.find((o: { id: number }) => o.id === radio.rows[1].id).chosen).toBe(true);
    expect(c.options.filter((o: { chosen: boolean }) => o.chosen)).toHaveLength(2);
    expect(t).toMatchObject({ answered: false, given_text: null, options: [] });
    expect([r.score, c.score, t.score]).toEqual(scores ? [0, 4, 0] : [null, null, null]);
    expect([r.is_correct, c.is_correct, t.is_correct]).toEqual(correctness ? [false, true, false] : [null, null, null]);
    // the key: only where correctness is shown
    expect(r.options.find((o: { id: number }) => o.id === radio.rows[0].id).is_correct).toBe(correctness ? true : null);
    expect(t.correct_texts).toEqual(correctness ? ['Net Present Value', 'NPV'] : null);
    if (!correctness) expect(reply.body).not.toMatch(/"is_correct":(true|false)|correct_texts":\[/);
  });

  it('gives no key for an attempt finished empty, and judges by the evaluation', async () => {
    const { quiz } = await makeQuiz(api, { kind: 'pass', show_correct: true, show_report: true });
    const empty = (await me.start(quiz.id)).json().data.attempt.id;
    await me.finish(quiz.id, empty);
    const data = (await me.review(quiz.id, empty)).json().data;
    expect(data.shows).toEqual({ answers: true, scores: true, correctness: true, key: false });
    expect(data.questions.every((q: { options: { is_correct: unknown }[] }) => q.options.every((o) => o.is_correct === null))).toBe(true);
    expect((await me.key(quiz.id, empty)).statusCode).toBe(403);
    // "score": the percentage and the minimum score both; "credit": the percentage only
    const scored = await makeQuiz(api, { kind: 'pass', evaluation: 'score', passing_percentage: 30, min_score: 5 });
    const credit = await makeQuiz(api, { kind: 'pass', evaluation: 'credit', passing_percentage: 30, min_score: 5 });
    for (const [q, passed] of [
      [scored, false],
      [credit, true],
    ] as const) {
      const a = (await me.start(q.quiz.id)).json().data.attempt.id;
      await me.answer(a, q.radio.q.id, q.radio.rows[0].id);
      await me.finish(q.quiz.id, a);
      expect((await me.review(q.quiz.id, a)).json().data.verdict).toMatchObject({ evaluation: q.quiz.evaluation, score: 4, percent: 40, min_score: 5, passed });
    }
  });
});
