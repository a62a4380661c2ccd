import { and, eq } from 'drizzle-orm';
import type { TestApi } from './harness.ts';
import { chapterQuizzes, chapters, programs, questionOptions, questions, quizzes } from '../db/schema/index.ts';

/** An option of the fixture's questions: its text, whether it is right, its score. */
export type FixtureOption = [string, boolean, number];

/**
 * The tests' quiz (navigation.test.ts, review.test.ts, quizzes.test.ts): in a chapter of a demo school's program (by
 * default the one the demo student is enrolled in), with a radio (R1 right, 4 points), a checkbox (C1 and C2 right, 2
 * each) and a text question ("NPV"); `options` gives the radio and checkbox other options.
 */
export async function makeQuiz(api: TestApi, settings: Partial<typeof quizzes.$inferInsert>, options: { programTitle?: string; radio?: FixtureOption[]; checkbox?: FixtureOption[] } = {}) {
  const [p] = await api.db
    .select()
    .from(programs)
    .where(and(eq(programs.tenant_id, 1), eq(programs.title, options.programTitle ?? 'Стратегический менеджмент')));
  const [c] = await api.db.select().from(chapters).where(eq(chapters.program_id, p.id));
  const [quiz] = await api.db
    .insert(quizzes)
    .values({ tenant_id: 1, title: `Q ${Math.random()}`, ...settings })
    .returning();
  await api.db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: c.id, quiz_id: quiz.id, sort: 9 });
  const add = async (sort: number, type: 'radio' | 'checkbox' | 'text', opts: FixtureOption[]) => {
    const [q] = await api.db
      .insert(questions)
      .values({ tenant_id: 1, quiz_id: quiz.id, text: `${type} ${sort}`, type, sort })
      .returning();
    const rows = await api.db
      .insert(questionOptions)
      .values(opts.map(([text, is_correct, score], i) => ({ tenant_id: 1, question_id: q.id, text, is_correct, score, sort: i })))
      .returning();
    return { q, rows };
  };
  const radio = await add(
    1,
    'radio',
    options.radio ?? [
      ['R1', true, 4],
      ['R2', false, 0],
      ['R3', false, 0],
    ],
  );
  const checkbox = await add(
    2,
    'checkbox',
    options.checkbox ?? [
      ['C1', true, 2],
      ['C2', true, 2],
      ['C3', false, 0],
    ],
  );
  const text = await add(3, 'text', [
    ['Net Present Value', true, 2],
    ['NPV', true, 2],
  ]);
  return { quiz, radio, checkbox, text };
}

/** The learner's calls of the navigation, for one token. */
export function learnerCalls(api: TestApi, token: string) {
  return {
    start: (quizId: number) => api.call({ method: 'GET', url: `/api/quiz/${quizId}?is_new=true`, token }),
    page: (quizId: number) => api.call({ method: 'GET', url: `/api/quiz/${quizId}`, token }),
    sheet: (quizId: number, attempt: number) => api.call({ method: 'GET', url: `/api/quiz/${quizId}/attempt?id_quizAttemp=${attempt}`, token }),
    answer: (attempt: number, question_id: number, answer: unknown) =>
      api.call({ method: 'POST', url: '/api/QuestionUserAnswer', token, payload: { id_quizAttemp: attempt, question_id, answer, keep_open: true } }),
    flag: (quizId: number, attempt: number, question_id: number, flagged: boolean) =>
      api.call({ method: 'POST', url: `/api/quiz/${quizId}/flag`, token, payload: { id_quizAttemp: attempt, question_id, flagged } }),
    finish: (quizId: number, attempt: number) => api.call({ method: 'POST', url: `/api/quiz/${quizId}/finish?id_quizAttemp=${attempt}`, token }),
    review: (quizId: number, attempt: number) => api.call({ method: 'GET', url: `/api/quiz/${quizId}/review?id_quizAttemp=${attempt}`, token }),
    key: (quizId: number, attempt: number) => api.call({ method: 'GET', url: `/api/quiz/${quizId}/questionWithAnswer?id_quizAttemp=${attempt}`, token }),
    states: (ids: number[]) => api.call({ method: 'GET', url: `/api/quiz/states?ids=${ids.join(',')}`, token }),
  };
}
