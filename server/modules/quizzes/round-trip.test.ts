import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { questionOptions, quizzes } from '../../db/schema/index.ts';

/** The quiz round trip: one call per question — an answer's reply carries the next question, in JSON. */
describe('quiz round trip', () => {
  let api: TestApi;
  let student: string;
  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('each answer answers the next question (the one GET /question would give), and null after the last', async () => {
    const [quiz] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.title, 'Экзамен по стратегии'), eq(quizzes.tenant_id, 1)));
    const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id;
    let current = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student })).json().data;
    const seen: number[] = [];
    for (;;) {
      const q = current.question;
      seen.push(q.id);
      const [first] = await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id)).limit(1);
      const answer = q.type === 'text' ? 'anything' : q.type === 'radio' ? first.id : [first.id];
      // JSON with an array, not multipart
      const res = await api.call({
        method: 'POST',
        url: '/api/QuestionUserAnswer',
        token: student,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id_quizAttemp: attempt, question_id: q.id, answer }),
      });
      expect(res.statusCode).toBe(200);
      const reply = res.json().data;
      if (reply.status === 'FINISHED') {
        expect(reply.next).toBeNull();
        break;
      }
      const viaGet = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student })).json().data;
      // the same question, index and attempt (the clock may have moved by a second)
      const still = (x: { attempt: Record<string, unknown> }) => ({ ...x, attempt: { ...x.attempt, seconds_left: undefined } });
      expect(still(reply.next)).toEqual(still(viaGet));
      expect(JSON.stringify(reply.next)).not.toContain('is_correct');
      current = reply.next;
    }
    expect(new Set(seen).size).toBe(3);
  });
});
