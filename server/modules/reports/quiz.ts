import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { DateTime, MaybeDateTime } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';
import type { Db } from '../../db/client.ts';
import { chapterQuizzes, chapters, questionAnswers, questionOptions, questions, quizAttempts, quizzes, users } from '../../db/schema/index.ts';
import type { Chart, ReportDef, ReportInput, Row } from './catalogue.ts';
import { keyset, orderOf, pages, studentName, text, userScope, windowOn } from './helpers.ts';

/** Finished attempts, not made in demo mode, of the report's quizzes, students and period. */
function attemptScope(db: Db, p: ReportInput): SQL {
  const conds: (SQL | undefined)[] = [eq(quizAttempts.status, 'FINISHED'), eq(quizAttempts.demo, false), ...windowOn(quizAttempts.finished_at, p.window), ...userScope(db, quizAttempts.user_id, p)];
  if (p.quiz_id) conds.push(eq(quizAttempts.quiz_id, p.quiz_id));
  if (p.program_id) {
    conds.push(
      inArray(
        quizAttempts.quiz_id,
        db.select({ id: chapterQuizzes.quiz_id }).from(chapterQuizzes).innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id)).where(eq(chapters.program_id, p.program_id)),
      ),
    );
  }
  return and(...conds)!;
}

const scoreColumns = {
  id: quizAttempts.id,
  user_id: quizAttempts.user_id,
  student: studentName(),
  login: users.login,
  quiz_id: quizAttempts.quiz_id,
  quiz: quizzes.title,
  attempt: quizAttempts.number,
  score: quizAttempts.score,
  max_score: quizAttempts.max_score,
  percent: quizAttempts.percent,
  passed: quizAttempts.passed,
  started_at: quizAttempts.started_at,
  finished_at: quizAttempts.finished_at,
  duration: sql<number>`round(extract(epoch from (${quizAttempts.finished_at} - ${quizAttempts.started_at})))`.mapWith(Number),
};

function scoreSelect(db: Db, where: SQL) {
  return db.select(scoreColumns).from(quizAttempts).innerJoin(users, eq(users.id, quizAttempts.user_id)).innerJoin(quizzes, eq(quizzes.id, quizAttempts.quiz_id)).where(where).$dynamic();
}

/** A row of quizScoreResults: a finished attempt. */
const QuizScoreRow = Type.Object({
  id: Id,
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  quiz_id: Id,
  quiz: Type.String(),
  attempt: Type.Integer(),
  score: nullable(Type.Number()),
  max_score: nullable(Type.Number()),
  percent: nullable(Type.Number()),
  passed: nullable(Type.Boolean()),
  started_at: DateTime,
  finished_at: MaybeDateTime,
  duration: nullable(Type.Integer({ description: 'seconds' })),
});

/** Per student and attempt: score, percent, passed, time spent (docs/reports.md). */
export const quizScoreResults: ReportDef = {
  type: 'quizScoreResults',
  group: 'quiz',
  title: text('Результаты тестов', 'Quiz score results'),
  params: ['quiz_id', 'program_id', 'user_id', 'users', 'group_id'],
  required: [],
  row: QuizScoreRow,
  columns: [
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'login', title: text('Логин', 'Login'), kind: 'text', sortable: true },
    { key: 'quiz', title: text('Тест', 'Quiz'), kind: 'text', sortable: true },
    { key: 'attempt', title: text('Попытка', 'Attempt'), kind: 'number', sortable: true },
    { key: 'score', title: text('Баллы', 'Score'), kind: 'number', sortable: true },
    { key: 'max_score', title: text('Из', 'Out of'), kind: 'number' },
    { key: 'percent', title: text('Процент', 'Percent'), kind: 'percent', sortable: true },
    { key: 'passed', title: text('Сдан', 'Passed'), kind: 'boolean', sortable: true },
    { key: 'finished_at', title: text('Завершён', 'Finished'), kind: 'datetime', sortable: true },
    { key: 'duration', title: text('Время', 'Time spent'), kind: 'duration', sortable: true },
  ],
  async page(db, p, o) {
    const where = attemptScope(db, p);
    const [{ n }] = await db.select({ n: count() }).from(quizAttempts).where(where);
    const order = orderOf(
      o,
      {
        student: [users.surname, users.name],
        login: users.login,
        quiz: quizzes.title,
        attempt: quizAttempts.number,
        score: quizAttempts.score,
        percent: quizAttempts.percent,
        passed: quizAttempts.passed,
        finished_at: quizAttempts.finished_at,
        duration: scoreColumns.duration,
      },
      quizAttempts.finished_at,
      'desc',
    );
    const rows = await scoreSelect(db, where)
      .orderBy(...order, asc(quizAttempts.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage);
    return { rows, total: Number(n) };
  },
  rows(db, p) {
    const where = attemptScope(db, p);
    return keyset(
      (after, limit) =>
        scoreSelect(db, after === null ? where : and(where, gt(quizAttempts.id, after))!)
          .orderBy(asc(quizAttempts.id))
          .limit(limit),
      (r) => r.id,
    );
  },
  async chart(db, p): Promise<Chart> {
    const bucket = sql<number>`least(floor(coalesce(${quizAttempts.percent}, 0) / 10), 9)`.mapWith(Number);
    const got = await db.select({ bucket, n: count() }).from(quizAttempts).where(attemptScope(db, p)).groupBy(bucket);
    const by = new Map(got.map((g) => [g.bucket, Number(g.n)]));
    return {
      kind: 'bar',
      title: text('Распределение результатов, %', 'Score distribution, %'),
      data: Array.from({ length: 10 }, (_, i) => ({ label: `${i * 10}–${i === 9 ? 100 : i * 10 + 9}`, value: by.get(i) ?? 0 })),
    };
  },
};

/** A row of quizAnswerBreakdown: a question's option (`o<id>`), or a question without options (`q<id>`). */
const AnswerBreakdownRow = Type.Object({
  id: Type.String(),
  question_id: Id,
  question: Type.String(),
  answers: Type.Integer(),
  correct_percent: nullable(Type.Number()),
  option_id: nullable(Id),
  option: nullable(Type.String()),
  is_correct: nullable(Type.Boolean()),
  chosen: Type.Integer(),
  chosen_percent: nullable(Type.Number()),
});

/** Per question and option of one quiz: how many chose it, the question's share answered right (polls: the distribution). */
export const quizAnswerBreakdown: ReportDef = {
  type: 'quizAnswerBreakdown',
  group: 'quiz',
  title: text('Разбор ответов', 'Answer breakdown'),
  params: ['quiz_id', 'user_id', 'users', 'group_id'],
  required: ['quiz_id'],
  row: AnswerBreakdownRow,
  columns: [
    { key: 'question', title: text('Вопрос', 'Question'), kind: 'text' },
    { key: 'option', title: text('Вариант', 'Option'), kind: 'text' },
    { key: 'is_correct', title: text('Верный', 'Correct'), kind: 'boolean' },
    { key: 'chosen', title: text('Выбрали', 'Chosen'), kind: 'number', sortable: true },
    { key: 'chosen_percent', title: text('Доля выбравших', 'Chosen, share'), kind: 'percent', sortable: true },
    { key: 'answers', title: text('Ответов на вопрос', 'Answers to the question'), kind: 'number' },
    { key: 'correct_percent', title: text('Верно ответили', 'Answered right'), kind: 'percent' },
  ],
  async page(db, p, o) {
    const all = await breakdown(db, p);
    const dir = o.order === 'desc' ? -1 : 1;
    if (o.sort === 'chosen' || o.sort === 'chosen_percent') {
      const k = o.sort;
      all.sort((a, b) => dir * (((a[k] as number) ?? 0) - ((b[k] as number) ?? 0)));
    }
    return { rows: all.slice((o.page - 1) * o.perPage, o.page * o.perPage), total: all.length };
  },
  rows(db, p) {
    return pages((o) => this.page(db, p, o));
  },
  async chart(db, p): Promise<Chart> {
    const all = await breakdown(db, p);
    return {
      kind: 'bar',
      title: text('Ответы по вариантам', 'Answers per option'),
      data: all
        .filter((r) => r.option !== null)
        .map((r) => ({ label: `${String(r.question).slice(0, 40)} · ${String(r.option).slice(0, 40)}`, value: r.chosen as number, extra: r.is_correct ? 1 : 0 })),
    };
  },
};

/** One quiz's questions and options in order with the counts (a quiz is small: built whole, paged in code). */
async function breakdown(db: Db, p: ReportInput): Promise<Row[]> {
  const [quiz] = await db.select({ kind: quizzes.kind }).from(quizzes).where(eq(quizzes.id, p.quiz_id!));
  const attemptIds = db.select({ id: quizAttempts.id }).from(quizAttempts).where(attemptScope(db, p));
  const qs = await db.select({ id: questions.id, text: questions.text, type: questions.type }).from(questions).where(eq(questions.quiz_id, p.quiz_id!)).orderBy(asc(questions.sort), asc(questions.id));
  if (!qs.length) return [];
  const opts = await db
    .select()
    .from(questionOptions)
    .where(
      inArray(
        questionOptions.question_id,
        qs.map((q) => q.id),
      ),
    )
    .orderBy(asc(questionOptions.sort), asc(questionOptions.id));
  // counted in the database: one row per question and set of options chosen (a few per question), not per answer
  const answers = await db
    .select({
      question_id: questionAnswers.question_id,
      option_ids: questionAnswers.option_ids,
      n: count().mapWith(Number),
      right: sql<number>`count(*) filter (where ${questionAnswers.is_correct})`.mapWith(Number),
    })
    .from(questionAnswers)
    .where(
      and(
        inArray(
          questionAnswers.question_id,
          qs.map((q) => q.id),
        ),
        inArray(questionAnswers.attempt_id, attemptIds),
      ),
    )
    .groupBy(questionAnswers.question_id, questionAnswers.option_ids);
  const poll = quiz?.kind === 'poll';
  const rows: Row[] = [];
  for (const q of qs) {
    const mine = answers.filter((a) => a.question_id === q.id);
    const total = mine.reduce((sum, a) => sum + a.n, 0);
    const right = mine.reduce((sum, a) => sum + a.right, 0);
    const base = { question_id: q.id, question: q.text, answers: total, correct_percent: poll || !total ? null : Math.round((right / total) * 1000) / 10 };
    const own = opts.filter((o) => o.question_id === q.id);
    if (!own.length) rows.push({ id: `q${q.id}`, ...base, option_id: null, option: null, is_correct: null, chosen: total, chosen_percent: null });
    for (const o of own) {
      const chosen = mine.filter((a) => a.option_ids?.includes(o.id)).reduce((sum, a) => sum + a.n, 0);
      rows.push({
        id: `o${o.id}`,
        ...base,
        option_id: o.id,
        option: o.text,
        is_correct: poll ? null : o.is_correct,
        chosen,
        chosen_percent: total ? Math.round((chosen / total) * 1000) / 10 : 0,
      });
    }
  }
  return rows;
}
