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

describe('quiz back office: /admin/quiz (the quiz and its settings, ISSET_ANSWER once students answered)', () => {
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

    it('takes a grace period past the deadline of 0 to 300 seconds and refuses 301, negative or fractional ones (issue 30)', async () => {
      const q = await newQuiz({ grace_seconds: 0 });
      expect(q.grace_seconds).toBe(0);
      for (const grace of [300, 1, 0]) expect(await ok({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { grace_seconds: grace } })).toMatchObject({ grace_seconds: grace });
      for (const [grace, error] of [
        [301, 'validation.max:300'],
        [-1, 'validation.min:0'],
      ] as const) {
        const res = await call({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { grace_seconds: grace } });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ grace_seconds: [error] });
      }
      expect((await call({ method: 'PUT', url: `/admin/quiz/${q.id}`, payload: { grace_seconds: 2.5 } })).statusCode).toBe(422);
      expect((await call({ method: 'POST', url: '/admin/quiz', payload: { title: 'Без льготы', grace_seconds: 301 } })).statusCode).toBe(422);
      // nothing refused was written: the last accepted value stays
      expect((await ok({ method: 'GET', url: `/admin/quiz/${q.id}` })).grace_seconds).toBe(0);
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
});
