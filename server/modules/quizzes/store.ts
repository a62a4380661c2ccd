import { and, asc, count, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chapterQuizzes,
  chapters,
  groupUsers,
  programGroups,
  programUsers,
  programs,
  questionAnswers,
  questionOptions,
  questions,
  quizAttempts,
  quizSettings,
  quizzes,
} from '../../db/schema/index.ts';
import { preparedOn } from '../../db/prepared.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { maxScore, type Option, type Question, type Quiz } from './engine.ts';

/**
 * The request's school-bound handle (`req.db`) or a transaction opened on it (PGlite: inside a transaction only `tx`
 * may be used). Every function here takes one: a quiz, question or option of another school is not found.
 */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const issetAnswer = (what: string, variables: Record<string, unknown> = {}) => new AppError(409, 'ISSET_ANSWER', `The ${what} has answers of students and cannot be deleted`, variables);

export async function loadQuiz(db: Tx, id: number): Promise<Quiz> {
  const [q] = await db.select().from(quizzes).where(eq(quizzes.id, id));
  if (!q) throw notFound('quiz');
  return q;
}

export async function loadQuestion(db: Tx, id: number): Promise<Question> {
  const [q] = await db.select().from(questions).where(eq(questions.id, id));
  if (!q) throw notFound('question');
  return q;
}

/** An option of the school; an unknown one answers NOT_FOUND_QUESTION (the catalogue has no code of its own for options). */
export async function loadOption(db: Tx, id: number): Promise<Option> {
  const [o] = await db.select().from(questionOptions).where(eq(questionOptions.id, id));
  if (!o) throw new AppError(404, 'NOT_FOUND_QUESTION', 'question option not found', { option_id: id });
  return o;
}

/** Back-office settings of a quiz; a quiz without its row (the demo seed, the engine's tests) is active with radio questions. */
export async function settingsOf(db: Tx, quizId: number) {
  const [s] = await db.select().from(quizSettings).where(eq(quizSettings.quiz_id, quizId));
  return { status: s?.status ?? ('active' as const), question_type: s?.question_type ?? ('radio' as const) };
}

export async function saveSettings(db: Tx, quizId: number, values: Partial<{ status: 'active' | 'inactive'; question_type: 'radio' | 'checkbox' | 'text' }>) {
  if (values.status === undefined && values.question_type === undefined) return;
  await db
    .insert(quizSettings)
    .values({ quiz_id: quizId, ...values })
    .onConflictDoUpdate({ target: quizSettings.quiz_id, set: values });
}

/** Attempts are what ISSET_ANSWER protects: an attempt (even one without answers yet) is a student's record. */
export async function attemptsCount(db: Tx, quizId: number) {
  const [{ n }] = await db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quiz_id, quizId));
  return Number(n);
}

export async function questionAnswersCount(db: Tx, questionId: number) {
  const [{ n }] = await db.select({ n: count() }).from(questionAnswers).where(eq(questionAnswers.question_id, questionId));
  return Number(n);
}

/** Answers that chose this option (option ids are kept as a JSON list in the answer). */
export async function optionAnswersCount(db: Tx, option: Option) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(questionAnswers)
    .where(and(eq(questionAnswers.question_id, option.question_id), sql`${questionAnswers.option_ids} @> ${JSON.stringify([option.id])}::jsonb`));
  return Number(n);
}

export const optionView = (o: Option) => ({ id: o.id, question_id: o.question_id, text: o.text, is_correct: o.is_correct, score: o.score, sort: o.sort });

/** Options of these questions in the editor's order (sort, id): the one read of options the engine, the answer path and the editor share. */
export async function optionsOf(db: Tx, questionIds: number[]): Promise<Option[]> {
  if (!questionIds.length) return [];
  return db.select().from(questionOptions).where(inArray(questionOptions.question_id, questionIds)).orderBy(asc(questionOptions.sort), asc(questionOptions.id));
}

/** A quiz's questions in the editor's order (sort, id). */
export async function questionsOfQuiz(db: Tx, quizId: number) {
  return db.select().from(questions).where(eq(questions.quiz_id, quizId)).orderBy(asc(questions.sort), asc(questions.id));
}

/**
 * A quiz's questions and each one's options, both in the editor's order: what an attempt fixes its order from
 * (engine.ts `startAttempt`, given the answer path's cached content), what the answer path caches and what the
 * editor copies.
 */
export async function questionsWithOptions(db: Tx, quizId: number): Promise<{ questions: Question[]; options: Map<number, Option[]> }> {
  const qs = await questionsOfQuiz(db, quizId);
  const opts = await optionsOf(
    db,
    qs.map((q) => q.id),
  );
  return { questions: qs, options: new Map(qs.map((q) => [q.id, opts.filter((o) => o.question_id === q.id)])) };
}

/** Questions with their options in the editor's order, and the most each can give (as the engine scores it). */
export async function questionViews(db: Tx, list: Question[]) {
  const opts = await optionsOf(
    db,
    list.map((q) => q.id),
  );
  return list.map((q) => {
    const own = opts.filter((o) => o.question_id === q.id);
    return { id: q.id, quiz_id: q.quiz_id, text: q.text, type: q.type, sort: q.sort, max_score: maxScore(q, own), options: own.map(optionView) };
  });
}

export async function questionView(db: Tx, q: Question) {
  return (await questionViews(db, [q]))[0];
}

/**
 * A radio question has at most one correct option. `keep` is the option that stays correct (the one just
 * saved as correct); without it the first correct option in the editor's order stays.
 */
export async function keepOneCorrect(db: Tx, questionId: number, keep?: number) {
  const correct = await db
    .select({ id: questionOptions.id })
    .from(questionOptions)
    .where(and(eq(questionOptions.question_id, questionId), eq(questionOptions.is_correct, true)))
    .orderBy(asc(questionOptions.sort), asc(questionOptions.id));
  const stays = keep ?? correct[0]?.id;
  const others = correct.map((o) => o.id).filter((id) => id !== stays);
  if (others.length) await db.update(questionOptions).set({ is_correct: false }).where(inArray(questionOptions.id, others));
}

/**
 * New positions for a sort call: the listed ids first, in the given order, then the others in their
 * current order (so a list sent while someone added a question still keeps everything). Answers
 * `null` when an id is not one of `current` or is repeated.
 */
export function reorder(current: number[], listed: number[]): number[] | null {
  if (new Set(listed).size !== listed.length || !listed.every((id) => current.includes(id))) return null;
  return [...listed, ...current.filter((id) => !listed.includes(id))];
}

/**
 * The learner's read of a quiz in one statement, prepared once per handle (server/db/prepared.ts): the quiz row, its
 * back-office status and whether the caller is enrolled (directly or through a group) in a program of the school whose
 * chapters hold it. The same rule as `assertItemVisible` (server/modules/programs/access.ts), which took three
 * statements after the quiz's own; every subquery is built by the handle's `select()`, so a school-bound handle writes
 * its school's condition into each.
 */
export function learnerQuizRead(db: Db) {
  return preparedOn(db, 'quiz:learner-quiz', (bound) => {
    const ph = sql.placeholder;
    const status = bound.select({ status: quizSettings.status }).from(quizSettings).where(eq(quizSettings.quiz_id, quizzes.id));
    const direct = bound
      .select({ one: sql`1` })
      .from(programUsers)
      .where(and(eq(programUsers.program_id, programs.id), eq(programUsers.user_id, ph('user'))));
    const viaGroup = bound
      .select({ one: sql`1` })
      .from(programGroups)
      .innerJoin(groupUsers, eq(groupUsers.group_id, programGroups.group_id))
      .where(and(eq(programGroups.program_id, programs.id), eq(groupUsers.user_id, ph('user'))));
    const holder = bound
      .select({ one: sql`1` })
      .from(chapterQuizzes)
      .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
      .innerJoin(programs, eq(programs.id, chapters.program_id))
      .where(and(eq(chapterQuizzes.quiz_id, quizzes.id), or(exists(direct), exists(viaGroup))));
    return bound
      .select({ quiz: quizzes, status: sql<string | null>`(${status})`, enrolled: sql<boolean>`exists (${holder})` })
      .from(quizzes)
      .where(eq(quizzes.id, ph('id')))
      .prepare('quiz_learner_quiz');
  });
}

/** A student's attempts of a quiz in their order, prepared once per handle. */
export function attemptsRead(db: Db) {
  return preparedOn(db, 'quiz:attempts-of', (bound) =>
    bound
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quiz_id, sql.placeholder('quiz')), eq(quizAttempts.user_id, sql.placeholder('user'))))
      .orderBy(asc(quizAttempts.number))
      .prepare('quiz_attempts_of'),
  );
}

/**
 * One attempt by its id and its student, prepared once per handle (the student bounds the lookup by id: answer-path.ts
 * answerStatement's note).
 */
export function attemptRead(db: Db) {
  return preparedOn(db, 'quiz:attempt', (bound) =>
    bound
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, sql.placeholder('id')), eq(quizAttempts.user_id, sql.placeholder('user'))))
      .prepare('quiz_attempt'),
  );
}

/** Whether an attempt of this id exists in the school (which of the two 404s a refused attempt gets). */
export async function attemptExists(db: Db, id: number) {
  return (await db.select({ id: quizAttempts.id }).from(quizAttempts).where(eq(quizAttempts.id, id))).length > 0;
}

/** The attempt, its quiz's version and the questions answered so far (GET /question), prepared once per handle. */
export function attemptStateRead(db: Db) {
  return preparedOn(db, 'quiz:attempt-state', (bound) =>
    bound
      .select({
        attempt: quizAttempts,
        version: quizzes.version,
        answered: sql<number[]>`(select coalesce(json_agg(x.question_id), '[]'::json) from question_answers x where x.attempt_id = ${quizAttempts.id})`,
      })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quiz_id))
      // the student bounds the lookup by id (answer-path.ts answerStatement's note)
      .where(and(eq(quizAttempts.id, sql.placeholder('id')), eq(quizAttempts.user_id, sql.placeholder('user'))))
      .prepare('quiz_attempt_state'),
  );
}
