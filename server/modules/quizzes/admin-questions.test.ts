import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { questionOptions, questions, quizzes } from '../../db/schema/index.ts';

interface OptionView {
  id: number;
  text: string;
  is_correct: boolean;
  score: number;
  sort: number;
}
interface QuestionView {
  id: number;
  quiz_id: number;
  text: string;
  type: string;
  sort: number;
  max_score: number;
  options: OptionView[];
}

describe('quiz back office: /admin/question, /admin/QuestionOption, access', () => {
  let api: TestApi;
  let admin: string;
  /** One foreign record of each kind (school "north"). */
  const north = { quiz: 0, question: 0, option: 0 };

  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; token?: string; headers?: Record<string, string> };
  const call = (c: Call) => api.call({ token: admin, ...c } as never);
  const ok = async <T = Record<string, unknown>>(c: Call, status = 200): Promise<T> => {
    const res = await call(c);
    expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(status);
    return res.json().data as T;
  };
  const newQuiz = (body: Record<string, unknown> = {}) => ok<Record<string, unknown> & { id: number }>({ method: 'POST', url: '/admin/quiz', payload: { title: 'Тест', ...body } }, 201);
  const newQuestion = (quiz_id: number, body: Record<string, unknown> = {}) => ok<QuestionView>({ method: 'POST', url: '/admin/question', payload: { quiz_id, text: 'Вопрос', ...body } }, 201);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const [q] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 2)).limit(1);
    const [qu] = await api.db.select().from(questions).where(eq(questions.quiz_id, q.id)).limit(1);
    const [o] = await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, qu.id)).limit(1);
    Object.assign(north, { quiz: q.id, question: qu.id, option: o.id });
  });
  afterAll(() => api.close());

  describe('questions', () => {
    it("adds questions at the end with the quiz's question type, lists them in order, edits and deletes", async () => {
      const quiz = await newQuiz({ question_type: 'checkbox' });
      const q1 = await newQuestion(quiz.id, { text: 'Какие отчёты обязательны?', options: [{ text: 'Баланс', is_correct: true, score: 2 }, { text: 'ОДДС', is_correct: true }, { text: 'Штатное' }] });
      expect(q1).toMatchObject({ quiz_id: quiz.id, type: 'checkbox', sort: 1, max_score: 3 }); // 2 + 1 for a correct option without points
      expect(q1.options.map((o) => [o.text, o.is_correct, o.score, o.sort])).toEqual([
        ['Баланс', true, 2, 1],
        ['ОДДС', true, 0, 2],
        ['Штатное', false, 0, 3],
      ]);
      const q2 = await newQuestion(quiz.id, { text: 'Назовите анализ', type: 'text', options: [{ text: 'SWOT' }] });
      expect(q2).toMatchObject({ type: 'text', sort: 2 });
      expect(q2.options[0].is_correct).toBe(true); // a text question's option is an accepted answer

      const list = (await call({ method: 'GET', url: `/admin/question?filter[quiz_id]=${quiz.id}` })).json();
      expect(list.data.map((q: QuestionView) => q.id)).toEqual([q1.id, q2.id]);
      expect(list.meta.total).toBe(2);
      expect((await call({ method: 'GET', url: `/admin/question?filter[quiz_id]=${quiz.id}&q=${encodeURIComponent('анализ')}` })).json().data.map((q: QuestionView) => q.id)).toEqual([q2.id]);
      expect((await ok<QuestionView>({ method: 'GET', url: `/admin/question/${q1.id}` })).options).toHaveLength(3);

      // turning it into radio keeps the first correct option only
      const radio = await ok<QuestionView>({ method: 'PUT', url: `/admin/question/${q1.id}`, payload: { type: 'radio', text: 'Главный отчёт?' } });
      expect(radio).toMatchObject({ type: 'radio', text: 'Главный отчёт?', max_score: 2 });
      expect(radio.options.map((o) => o.is_correct)).toEqual([true, false, false]);

      expect(await ok({ method: 'DELETE', url: `/admin/question/${q1.id}` })).toEqual({ id: q1.id, quiz_id: quiz.id });
      expect((await call({ method: 'GET', url: `/admin/question/${q1.id}` })).json().name).toBe('NOT_FOUND_QUESTION');
      expect((await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, q1.id))).length).toBe(0);
    });

    it('a radio question created with two correct options keeps the first', async () => {
      const q = await newQuestion((await newQuiz()).id, { type: 'radio', options: [{ text: 'a' }, { text: 'b', is_correct: true }, { text: 'c', is_correct: true }] });
      expect(q.options.map((o) => o.is_correct)).toEqual([false, true, false]);
    });

    it("orders a question's options", async () => {
      const q = await newQuestion((await newQuiz()).id, { options: [{ text: '1' }, { text: '2' }, { text: '3' }] });
      const [o1, o2, o3] = q.options.map((o) => o.id);
      const sorted = await ok<QuestionView>({ method: 'POST', url: `/admin/question/${q.id}/sort`, payload: { options: [o3, o1, o2] } });
      expect(sorted.options.map((o) => o.id)).toEqual([o3, o1, o2]);
      expect((await ok<QuestionView>({ method: 'GET', url: `/admin/question/${q.id}` })).options.map((o) => o.text)).toEqual(['3', '1', '2']);
      const other = await newQuestion(q.quiz_id, { options: [{ text: 'x' }] });
      const bad = await call({ method: 'POST', url: `/admin/question/${q.id}/sort`, payload: { options: [o1, other.options[0].id] } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ options: ['validation.choice'] });
    });

    it('refuses bad input', async () => {
      const quiz = await newQuiz();
      const bad = await call({ method: 'POST', url: '/admin/question', payload: { quiz_id: quiz.id, text: '', type: 'essay', options: [{ text: 'a', score: -1 }] } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['options.0.score', 'text', 'type']);
      expect((await call({ method: 'POST', url: '/admin/question', payload: { text: 'без теста' } })).json().errors).toEqual({ quiz_id: ['validation.required'] });
      const q = await newQuestion(quiz.id);
      expect((await call({ method: 'PUT', url: `/admin/question/${q.id}`, payload: { text: 'x'.repeat(5001) } })).json().errors).toEqual({ text: ['validation.max_length:5000'] });
      expect((await call({ method: 'GET', url: '/admin/question?filter[quiz_id]=abc' })).statusCode).toBe(422);
    });
  });

  describe('options', () => {
    it('creates, lists, edits (form data with _method=PUT), scores and deletes options', async () => {
      const q = await newQuestion((await newQuiz()).id, { type: 'radio' });
      const a = await ok<OptionView>({ method: 'POST', url: '/admin/QuestionOption', payload: { question_id: q.id, text: 'Первый', is_correct: true, score: 2 } }, 201);
      expect(a).toMatchObject({ question_id: q.id, text: 'Первый', is_correct: true, score: 2, sort: 1 });
      const b = await ok<OptionView>({ method: 'POST', url: '/admin/QuestionOption', payload: { question_id: q.id, text: 'Второй' } }, 201);
      expect(b).toMatchObject({ is_correct: false, score: 0, sort: 2 });
      expect((await call({ method: 'GET', url: `/admin/QuestionOption?filter[question_id]=${q.id}` })).json().data.map((o: OptionView) => o.id)).toEqual([a.id, b.id]);
      expect(await ok({ method: 'GET', url: `/admin/QuestionOption/${b.id}` })).toMatchObject({ text: 'Второй' });

      // the back office's update: multipart form data, POST with _method=PUT
      const form = multipart({ _method: 'PUT', text: 'Второй (верный)', is_correct: '1', score: '5' });
      const res = await call({ method: 'POST', url: `/admin/QuestionOption/${b.id}`, payload: form.payload, headers: form.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: b.id, text: 'Второй (верный)', is_correct: true, score: 5 });
      // radio: marking b correct unmarked a
      const options = (await ok<QuestionView>({ method: 'GET', url: `/admin/question/${q.id}` })).options;
      expect(options.map((o) => [o.id, o.is_correct])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
      // a form with bad values is refused like JSON
      const badForm = multipart({ _method: 'PUT', score: 'много', is_correct: 'может быть' });
      const bad = await call({ method: 'POST', url: `/admin/QuestionOption/${b.id}`, payload: badForm.payload, headers: badForm.headers });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['is_correct', 'score']);
      // and plain PUT works as well
      expect(await ok({ method: 'PUT', url: `/admin/QuestionOption/${a.id}`, payload: { is_correct: false, text: 'Первый (неверный)' } })).toMatchObject({
        is_correct: false,
        text: 'Первый (неверный)',
      });

      expect(await ok({ method: 'POST', url: `/admin/QuestionOption/${a.id}/setScore`, payload: { score: 7 } })).toMatchObject({ id: a.id, score: 7 });
      for (const score of [-1, 1.5, 'семь']) {
        const r = await call({ method: 'POST', url: `/admin/QuestionOption/${a.id}/setScore`, payload: { score } });
        expect(r.statusCode).toBe(422);
        expect(Object.keys(r.json().errors)).toEqual(['score']);
      }
      expect((await ok<OptionView>({ method: 'GET', url: `/admin/QuestionOption/${a.id}` })).score).toBe(7);

      expect(await ok({ method: 'DELETE', url: `/admin/QuestionOption/${a.id}` })).toEqual({ id: a.id, question_id: q.id });
      expect((await call({ method: 'GET', url: `/admin/QuestionOption/${a.id}` })).statusCode).toBe(404);
    });

    it("a checkbox question keeps several correct options; a text question's options are correct by default", async () => {
      const quiz = await newQuiz();
      const cb = await newQuestion(quiz.id, { type: 'checkbox' });
      for (const text of ['a', 'b']) await ok({ method: 'POST', url: '/admin/QuestionOption', payload: { question_id: cb.id, text, is_correct: true } }, 201);
      expect((await ok<QuestionView>({ method: 'GET', url: `/admin/question/${cb.id}` })).options.map((o) => o.is_correct)).toEqual([true, true]);
      const tx = await newQuestion(quiz.id, { type: 'text' });
      expect((await ok<OptionView>({ method: 'POST', url: '/admin/QuestionOption', payload: { question_id: tx.id, text: 'SWOT' } }, 201)).is_correct).toBe(true);
    });

    it('refuses bad input', async () => {
      const q = await newQuestion((await newQuiz()).id);
      const bad = await call({ method: 'POST', url: '/admin/QuestionOption', payload: { question_id: q.id, text: '', score: -2 } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['score', 'text']);
      expect((await call({ method: 'POST', url: '/admin/QuestionOption', payload: { text: 'x' } })).json().errors).toEqual({ question_id: ['validation.required'] });
      // POST on an option without _method is not an update
      expect((await call({ method: 'POST', url: `/admin/QuestionOption/${q.id}`, payload: { text: 'x' } })).statusCode).toBe(404);
    });
  });

  describe('access', () => {
    /** Every route of the module, with a body that would otherwise be accepted. */
    const routes = (): Call[] => [
      { method: 'GET', url: '/admin/quiz' },
      { method: 'GET', url: `/admin/quiz/${north.quiz}` },
      { method: 'POST', url: '/admin/quiz', payload: { title: 'x' } },
      { method: 'PUT', url: `/admin/quiz/${north.quiz}`, payload: { title: 'x' } },
      { method: 'DELETE', url: `/admin/quiz/${north.quiz}` },
      { method: 'POST', url: `/admin/quiz/${north.quiz}/duplicate` },
      { method: 'POST', url: `/admin/quiz/${north.quiz}/sort`, payload: { questions: [north.question] } },
      { method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: [north.quiz] } },
      { method: 'GET', url: '/admin/question' },
      { method: 'GET', url: `/admin/question/${north.question}` },
      { method: 'POST', url: '/admin/question', payload: { quiz_id: north.quiz, text: 'x' } },
      { method: 'PUT', url: `/admin/question/${north.question}`, payload: { text: 'x' } },
      { method: 'DELETE', url: `/admin/question/${north.question}` },
      { method: 'POST', url: `/admin/question/${north.question}/sort`, payload: { options: [north.option] } },
      { method: 'GET', url: '/admin/QuestionOption' },
      { method: 'GET', url: `/admin/QuestionOption/${north.option}` },
      { method: 'POST', url: '/admin/QuestionOption', payload: { question_id: north.question, text: 'x' } },
      { method: 'PUT', url: `/admin/QuestionOption/${north.option}`, payload: { text: 'x' } },
      { method: 'DELETE', url: `/admin/QuestionOption/${north.option}` },
      { method: 'POST', url: `/admin/QuestionOption/${north.option}/setScore`, payload: { score: 1 } },
    ];

    it.each(['trainer', 'moderator', 'student'])('refuses a %s on every route (403 ERROR_ACCESS)', async (role) => {
      const token = await api.login(role);
      for (const r of routes()) {
        const res = await call({ ...r, token });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().name).toBe('ERROR_ACCESS');
      }
      expect((await call({ method: 'GET', url: '/admin/quiz', token: '' })).statusCode).toBe(401);
    });

    it("answers 404 for another school's quiz, question and option on every route", async () => {
      const expected: Record<string, string> = { quiz: 'NOT_FOUND_QUIZ', question: 'NOT_FOUND_QUESTION', QuestionOption: 'NOT_FOUND_QUESTION' };
      for (const r of routes().filter((x) => !(x.method === 'GET' && /\/(quiz|question|QuestionOption)$/.test(x.url)) && x.url !== '/admin/quiz')) {
        const res = await call(r);
        const entity = r.url === '/admin/question' ? 'quiz' : r.url === '/admin/QuestionOption' ? 'question' : r.url.includes('delete/quiz') ? 'quiz' : r.url.split('/')[2];
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
        expect(res.json().name, `${r.method} ${r.url}`).toBe(expected[entity]);
      }
      expect((await call({ method: 'GET', url: `/admin/question?filter[quiz_id]=${north.quiz}` })).json().name).toBe('NOT_FOUND_QUIZ');
      expect((await call({ method: 'GET', url: `/admin/QuestionOption?filter[question_id]=${north.question}` })).json().name).toBe('NOT_FOUND_QUESTION');
      // unfiltered lists hold only this school's records
      const qs = (await call({ method: 'GET', url: '/admin/question?per_page=100' })).json().data as QuestionView[];
      expect(qs.some((q) => q.id === north.question)).toBe(false);
      // and nothing of north changed
      const [northQuiz] = await api.db.select().from(quizzes).where(eq(quizzes.id, north.quiz));
      expect(northQuiz.title).not.toBe('x');
    });

    it('lets a superadmin manage quizzes', async () => {
      const token = await api.login('superadmin');
      const q = await ok<{ id: number }>({ method: 'POST', url: '/admin/quiz', payload: { title: 'От суперадмина' }, token }, 201);
      expect((await call({ method: 'DELETE', url: `/admin/quiz/${q.id}`, token })).statusCode).toBe(200);
    });

    it("north's admin does not see demo's quizzes", async () => {
      const token = await api.login('admin', 'north');
      const [demoQuiz] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 1)).limit(1);
      const res = await api.call({ method: 'GET', url: `/admin/quiz/${demoQuiz.id}`, token, tenant: 'north' });
      expect(res.json().name).toBe('NOT_FOUND_QUIZ');
    });
  });
});
