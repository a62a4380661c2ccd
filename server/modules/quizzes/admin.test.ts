import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { chapterQuizzes, chapters, programs, questionOptions, questions, quizzes } from '../../db/schema/index.ts';

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

const EVERY_SETTING = {
  title: 'Итоговый экзамен по лидерству',
  status: 'inactive',
  kind: 'exam',
  question_type: 'checkbox',
  sort_type: 'scatter',
  evaluation: 'credit',
  max_attempts: 3,
  response_time_minutes: 45,
  show_report: false,
  notify_admin: true,
  show_correct: true,
  passing_percentage: 75,
  min_score: 4,
  opens_at: '2026-12-01T09:00:00.000Z',
  closes_at: '2026-12-31T18:00:00.000Z',
};

describe('quiz back office: /admin/quiz, /admin/question, /admin/QuestionOption', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
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
  const questionOrder = async (quizId: number) => (await ok<{ questions: QuestionView[] }>({ method: 'GET', url: `/admin/quiz/${quizId}` })).questions.map((q) => q.id);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    student = await api.login('student');
    const [q] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 2)).limit(1);
    const [qu] = await api.db.select().from(questions).where(eq(questions.quiz_id, q.id)).limit(1);
    const [o] = await api.db.select().from(questionOptions).where(eq(questionOptions.question_id, qu.id)).limit(1);
    Object.assign(north, { quiz: q.id, question: qu.id, option: o.id });
  });
  afterAll(() => api.close());

  describe('quizzes', () => {
    it('creates a quiz with every setting of the spec, reads, edits and deletes it', async () => {
      const created = await newQuiz(EVERY_SETTING);
      expect(created).toMatchObject({ ...EVERY_SETTING, questions_count: 0, attempts_count: 0, has_answers: false, questions: [] });
      const read = await ok({ method: 'GET', url: `/admin/quiz/${created.id}` });
      expect(read).toMatchObject(EVERY_SETTING);

      const edited = await ok({
        method: 'PUT',
        url: `/admin/quiz/${created.id}`,
        payload: { status: 'active', kind: 'poll', max_attempts: null, response_time_minutes: null, passing_percentage: 0, closes_at: null },
      });
      expect(edited).toMatchObject({
        status: 'active',
        kind: 'poll',
        max_attempts: null,
        response_time_minutes: null,
        passing_percentage: 0,
        closes_at: null,
        question_type: 'checkbox',
        title: EVERY_SETTING.title,
      });

      // settings may also arrive as form data (flags as 1/0, as the shared client sends them)
      const form = multipart({ _method: 'PUT', show_report: '1', notify_admin: '0', passing_percentage: '55', status: 'inactive' });
      const viaForm = await call({ method: 'POST', url: `/admin/quiz/${created.id}`, payload: form.payload, headers: form.headers });
      expect(viaForm.json().data).toMatchObject({ show_report: true, notify_admin: false, passing_percentage: 55, status: 'inactive' });

      expect(await ok({ method: 'DELETE', url: `/admin/quiz/${created.id}` })).toEqual({ id: created.id });
      const gone = await call({ method: 'GET', url: `/admin/quiz/${created.id}` });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().name).toBe('NOT_FOUND_QUIZ');
    });

    it('gives a quiz made with a title only the defaults: active, radio, pass, in order, by score', async () => {
      const q = await newQuiz({ title: 'Только название' });
      expect(q).toMatchObject({
        status: 'active',
        question_type: 'radio',
        kind: 'pass',
        sort_type: 'in_order',
        evaluation: 'score',
        max_attempts: null,
        show_report: true,
        notify_admin: false,
        show_correct: false,
        passing_percentage: 60,
        min_score: 0,
      });
    });

    it('lists with search, kind and status filters, sorting and pages', async () => {
      const a = await newQuiz({ title: 'Поиск: альфа', kind: 'poll', status: 'inactive' });
      const b = await newQuiz({ title: 'Поиск: бета', kind: 'poll' });
      await newQuiz({ title: 'Поиск: гамма', kind: 'exam' });
      const list = async (qs: string) => (await call({ method: 'GET', url: `/admin/quiz?${qs}` })).json();

      expect((await list('q=поиск:&sort=title&order=asc')).data.map((q: { title: string }) => q.title)).toEqual(['Поиск: альфа', 'Поиск: бета', 'Поиск: гамма']);
      expect((await list('q=поиск:&sort=title&order=desc')).data[0].title).toBe('Поиск: гамма');
      expect((await list(`q=${encodeURIComponent('Поиск')}&filter[kind]=poll&sort=id&order=asc`)).data.map((q: { id: number }) => q.id)).toEqual([a.id, b.id]);
      expect((await list('q=Поиск&filter[kind]=poll&filter[status]=inactive')).data.map((q: { id: number }) => q.id)).toEqual([a.id]);
      // the seeded quizzes have no settings row and count as active
      const active = (await list('filter[status]=active&per_page=100')).data.map((q: { title: string }) => q.title);
      expect(active).toEqual(expect.arrayContaining(['Экзамен по стратегии', 'Поиск: бета']));
      expect(active).not.toContain('Поиск: альфа');

      const page = await list('q=Поиск&per_page=2&page=2&sort=title&order=asc');
      expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, total: 3, per_page: 2, from: 3, to: 3 });
      expect(page.data[0]).toMatchObject({ title: 'Поиск: гамма', status: 'active', question_type: 'radio', questions_count: 0, has_answers: false });
      const exam = (await list(`q=${encodeURIComponent('Экзамен по стратегии')}`)).data[0];
      expect(exam).toMatchObject({ kind: 'exam', questions_count: 3, attempts_count: 0 });
      // only this school's quizzes
      expect((await list('per_page=100')).data.every((q: { tenant_id: number }) => q.tenant_id === 1)).toBe(true);
    });

    it('refuses bad settings with field errors', async () => {
      const bad = await call({
        method: 'POST',
        url: '/admin/quiz',
        payload: {
          title: '',
          kind: 'quiz',
          question_type: 'essay',
          sort_type: 'random',
          evaluation: 'grade',
          status: 'draft',
          max_attempts: 1.5,
          response_time_minutes: -5,
          passing_percentage: 101,
          min_score: -1,
          opens_at: 'завтра',
        },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual([
        'evaluation',
        'kind',
        'max_attempts',
        'min_score',
        'opens_at',
        'passing_percentage',
        'question_type',
        'response_time_minutes',
        'sort_type',
        'status',
        'title',
      ]);
      expect(bad.json().errors.passing_percentage).toEqual(['validation.max:100']);
      expect((await call({ method: 'POST', url: '/admin/quiz', payload: {} })).json().errors.title).toEqual(['validation.required']);
      const window = await call({ method: 'POST', url: '/admin/quiz', payload: { title: 'Окно', opens_at: '2026-12-10T00:00:00Z', closes_at: '2026-12-01T00:00:00Z' } });
      expect(window.statusCode).toBe(422);
      expect(window.json().errors).toEqual({ closes_at: ['validation.date'] });
      // an edit is checked against the stored window too
      const q = await newQuiz({ opens_at: '2026-12-10T00:00:00Z' });
      expect((await call({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { closes_at: '2026-12-09T00:00:00Z' } })).json().errors).toEqual({ closes_at: ['validation.date'] });
      expect((await call({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { min_score: 1.5 } })).statusCode).toBe(422);
      // 0 attempts or minutes is read as "no limit"
      expect(await ok({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { max_attempts: 0, response_time_minutes: 0 } })).toMatchObject({ max_attempts: null, response_time_minutes: null });
      const filter = await call({ method: 'GET', url: '/admin/quiz?filter[kind]=quiz' });
      expect(filter.statusCode).toBe(422);
      expect(filter.json().errors).toEqual({ 'filter.kind': ['validation.choice'] });
    });

    it('duplicates a quiz with its settings, questions and options, in order, under new ids', async () => {
      const source = await newQuiz({ ...EVERY_SETTING, title: 'Оригинал' });
      const q1 = await newQuestion(source.id, { text: 'Первый', type: 'radio', options: [{ text: 'да', is_correct: true, score: 3 }, { text: 'нет' }] });
      const q2 = await newQuestion(source.id, { text: 'Второй', type: 'text', options: [{ text: 'SWOT', score: 2 }] });
      await ok({ method: 'POST', url: `/admin/quiz/${source.id}/sort`, payload: { questions: [q2.id, q1.id] } });

      const copy = await ok<Record<string, unknown> & { id: number; questions: QuestionView[] }>({ method: 'POST', url: `/admin/quiz/${source.id}/duplicate` }, 201);
      expect(copy.id).not.toBe(source.id);
      const { title: _t, opens_at: _o, closes_at: _c, ...settings } = EVERY_SETTING;
      expect(copy).toMatchObject({ ...settings, title: 'Оригинал (копия)', questions_count: 2, attempts_count: 0 });
      expect(copy.questions.map((q) => [q.text, q.type, q.options.map((o) => [o.text, o.is_correct, o.score])])).toEqual([
        ['Второй', 'text', [['SWOT', true, 2]]],
        [
          'Первый',
          'radio',
          [
            ['да', true, 3],
            ['нет', false, 0],
          ],
        ],
      ]);
      // questions and options number from two sequences: a copied question may share its number with a source option
      const sourceQuestionIds = [q1.id, q2.id];
      const sourceOptionIds = [...q1.options, ...q2.options].map((o) => o.id);
      expect(copy.questions.map((q) => q.id).filter((id) => sourceQuestionIds.includes(id))).toEqual([]);
      expect(copy.questions.flatMap((q) => q.options.map((o) => o.id)).filter((id) => sourceOptionIds.includes(id))).toEqual([]);

      // the copy is independent: editing it leaves the original as it was
      await ok({ method: 'PUT', url: `/admin/QuestionOption/${copy.questions[1].options[0].id}`, payload: { text: 'изменено' } });
      expect((await ok<QuestionView>({ method: 'GET', url: `/admin/question/${q1.id}` })).options[0].text).toBe('да');
      expect((await ok({ method: 'POST', url: `/admin/quiz/${source.id}/duplicate`, headers: { 'accept-language': 'en' } }, 201)).title).toBe('Оригинал (copy)');
    });

    it('orders questions; the learner engine then serves an in-order quiz in that order', async () => {
      const quiz = await newQuiz({ title: 'Порядок', sort_type: 'in_order', kind: 'pass' });
      const [a, b, c] = [
        await newQuestion(quiz.id, { text: 'A', options: [{ text: 'a', is_correct: true }] }),
        await newQuestion(quiz.id, { text: 'B', options: [{ text: 'b', is_correct: true }] }),
        await newQuestion(quiz.id, { text: 'C', options: [{ text: 'c', is_correct: true }] }),
      ];
      expect(await questionOrder(quiz.id)).toEqual([a.id, b.id, c.id]);
      const sorted = await ok<QuestionView[]>({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: { questions: [c.id, a.id, b.id] } });
      expect(sorted.map((q) => q.id)).toEqual([c.id, a.id, b.id]);
      expect(await questionOrder(quiz.id)).toEqual([c.id, a.id, b.id]);
      // a partial list puts the listed first and keeps the rest in their order
      await ok({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: { questions: [b.id] } });
      expect(await questionOrder(quiz.id)).toEqual([b.id, c.id, a.id]);
      // as form data (questions[]=…) too
      const form = multipart({ 'questions[]': String(a.id) });
      expect((await call({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: form.payload, headers: form.headers })).statusCode).toBe(200);
      expect(await questionOrder(quiz.id)).toEqual([a.id, b.id, c.id]);
      await ok({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: { questions: [c.id, b.id, a.id] } });

      // the student studies program 2 through the group; put the quiz into its first chapter
      const [program] = await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Финансы для руководителей')));
      const [chapter] = await api.db.select().from(chapters).where(eq(chapters.program_id, program.id)).limit(1);
      await api.db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: chapter.id, quiz_id: quiz.id, sort: 9 });
      const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id;
      const served: number[] = [];
      for (;;) {
        const next = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, token: student })).json().data;
        if (!next.question) break;
        served.push(next.question.id);
        const res = await api.call({
          method: 'POST',
          url: '/api/QuestionUserAnswer',
          token: student,
          payload: { id_quizAttemp: attempt, question_id: next.question.id, answer: next.question.options[0].id },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(served).toEqual([c.id, b.id, a.id]);
    });

    it('refuses a sort list with foreign, repeated or no ids', async () => {
      const quiz = await newQuiz();
      const a = await newQuestion(quiz.id);
      const other = await newQuestion((await newQuiz()).id);
      for (const list of [[a.id, other.id], [a.id, a.id], [north.question]]) {
        const res = await call({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: { questions: list } });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ questions: ['validation.choice'] });
      }
      expect((await call({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: { questions: [] } })).statusCode).toBe(422);
      expect((await call({ method: 'POST', url: `/admin/quiz/${quiz.id}/sort`, payload: {} })).json().errors).toEqual({ questions: ['validation.required'] });
    });
  });

  describe('ISSET_ANSWER once students answered', () => {
    it('keeps quizzes, questions and chosen options that have answers; deletes the rest', async () => {
      const quiz = await newQuiz({ title: 'С ответами', sort_type: 'in_order' });
      const q1 = await newQuestion(quiz.id, { text: 'Q1', options: [{ text: 'верно', is_correct: true }, { text: 'неверно' }] });
      const q2 = await newQuestion(quiz.id, { text: 'Q2', options: [{ text: 'x', is_correct: true }] });
      const [program] = await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Финансы для руководителей')));
      const [chapter] = await api.db.select().from(chapters).where(eq(chapters.program_id, program.id)).limit(1);
      await api.db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: chapter.id, quiz_id: quiz.id, sort: 10 });

      // an attempt alone already protects the quiz
      const attempt = (await api.call({ method: 'GET', url: `/api/quiz/${quiz.id}?is_new=true`, token: student })).json().data.attempt.id;
      const refused = await call({ method: 'DELETE', url: `/admin/quiz/${quiz.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ name: 'ISSET_ANSWER', category: 'conflict' });
      // the method-override twin is refused the same way
      expect((await call({ method: 'POST', url: `/admin/quiz/${quiz.id}`, payload: { _method: 'DELETE' } })).json().name).toBe('ISSET_ANSWER');

      const answered = await api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token: student, payload: { id_quizAttemp: attempt, question_id: q1.id, answer: q1.options[0].id } });
      expect(answered.statusCode).toBe(200);
      expect((await call({ method: 'DELETE', url: `/admin/question/${q1.id}` })).json().name).toBe('ISSET_ANSWER');
      expect((await call({ method: 'DELETE', url: `/admin/QuestionOption/${q1.options[0].id}` })).json().name).toBe('ISSET_ANSWER');
      // an option nobody chose, and a question nobody answered, may go
      expect(await ok({ method: 'DELETE', url: `/admin/QuestionOption/${q1.options[1].id}` })).toEqual({ id: q1.options[1].id, question_id: q1.id });
      expect(await ok({ method: 'DELETE', url: `/admin/question/${q2.id}` })).toEqual({ id: q2.id, quiz_id: quiz.id });
      expect(await ok({ method: 'GET', url: `/admin/quiz/${quiz.id}` })).toMatchObject({ has_answers: true, attempts_count: 1, questions_count: 1 });
      // editing stays possible (typos)
      expect((await ok({ method: 'PUT', url: `/admin/question/${q1.id}`, payload: { text: 'Q1 исправлен' } })).text).toBe('Q1 исправлен');

      // bulk: the free quiz is deleted, the answered one is reported as refused
      const free = await newQuiz({ title: 'Свободный' });
      const bulk = await ok({ method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: [quiz.id, free.id, north.quiz] } });
      expect(bulk).toEqual({ count: 1, deleted: [free.id], refused: [quiz.id] });
      expect((await call({ method: 'GET', url: `/admin/quiz/${free.id}` })).statusCode).toBe(404);
      // nothing deletable: the whole call is ISSET_ANSWER and names the refused
      const none = await call({ method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: [quiz.id] } });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ name: 'ISSET_ANSWER', variables: { refused: [quiz.id] } });
      expect((await call({ method: 'GET', url: `/admin/quiz/${quiz.id}` })).statusCode).toBe(200);
      // the other school's quiz was ignored, not deleted
      expect((await api.db.select().from(quizzes).where(eq(quizzes.id, north.quiz))).length).toBe(1);
    });

    it('bulk delete takes form data and refuses an empty or foreign selection', async () => {
      const [a, b] = [await newQuiz(), await newQuiz()];
      const form = multipart({ 'quizzes[]': String(a.id) });
      const res = await call({ method: 'POST', url: '/admin/delete/quiz', payload: form.payload, headers: form.headers });
      expect(res.json().data).toEqual({ count: 1, deleted: [a.id], refused: [] });
      const empty = await call({ method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: [] } });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().name).toBe('NOT_CHECK_ID_QUIZ');
      expect((await call({ method: 'POST', url: '/admin/delete/quiz', payload: {} })).json().name).toBe('NOT_CHECK_ID_QUIZ');
      const foreign = await call({ method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: [north.quiz] } });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().name).toBe('NOT_FOUND_QUIZ');
      expect((await call({ method: 'POST', url: '/admin/delete/quiz', payload: { quizzes: ['x'] } })).statusCode).toBe(422);
      expect((await call({ method: 'GET', url: `/admin/quiz/${b.id}` })).statusCode).toBe(200);
    });
  });

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
