import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questionAnswers, quizAttempts, quizzes } from '../../db/schema/index.ts';
import { maxScore, resultOf, type Attempt, type Option, type Question, type Quiz } from './engine.ts';
import { questionsWithOptions } from './store.ts';
import { preparedOn, preparedSql } from '../../db/prepared.ts';
import { RecentCache } from './recent-cache.ts';
import { AnswerBatcher, storeAnswersTogether, type AnswerKind, type BatchedAnswer } from './answer-batch.ts';

/**
 * The answer path's caches (issue 16, docs/performance.md "The answer path"), one set per API process.
 *
 * - A quiz's content (the quiz row, its questions in the editor's order, their options, the most it can give) is read
 *   once and kept under the quiz's `version`. Triggers in the database bump the version on every change of the quiz,
 *   a question, an option or the quiz's settings (migration 0007), whoever makes it and in whichever process; the
 *   answer's own statement compares the version, so an edit is seen by the very next answer in every process.
 * - An attempt's facts that never change (its quiz, its owner, number, start, question and option order), kept once
 *   the student's right to take the quiz was checked for it: the right is read once per attempt (again when the quiz
 *   changes).
 *
 * Both are small maps with a size cap (the oldest entry goes first); keys carry the school, so that two schools'
 * ids can never meet. An attempt leaves its cache when it finishes in this process (learner.ts), or after
 * ATTEMPT_IDLE_MS without a request here (another process served its last answer): the cache holds the attempts under
 * way, about 5 KB each for 30 questions, not every attempt the process has seen, which grew the API's live heap by
 * 10–15 MB an exam of 2,000 (docs/performance.md "Memory after the surge").
 */
export interface QuizContent {
  version: number;
  quiz: Quiz;
  /** Questions in the editor's order (sort, id). */
  questions: Question[];
  byId: Map<number, Question>;
  options: Map<number, Option[]>;
  max: number;
}

export interface AttemptFacts {
  id: number;
  quizId: number;
  userId: number;
  number: number;
  started_at: Date;
  question_order: number[];
  option_order: Record<string, number[]>;
}

/** The most attempts' facts one process keeps (about 5 KB each for 30 questions: 100 MB at most). */
export const ATTEMPTS_CACHED_UP_TO = 20_000;
/** An attempt no request has used in this process for this long leaves its cache (read again if it comes back). */
export const ATTEMPT_IDLE_MS = 15 * 60_000;

/** `now`: the clock the attempts' idle limit reads (a test's own). */
export function createQuizCaches(now: () => number = Date.now) {
  const contents = new RecentCache<QuizContent>(5_000);
  // attempts under way: a whole school's exam several times over; finished, idle or least recently used ones go
  const attempts = new RecentCache<AttemptFacts>(ATTEMPTS_CACHED_UP_TO, ATTEMPT_IDLE_MS, now);
  return {
    /** The quiz's content for this row (read again when the row's version is not the cached one). `db`: school-bound. */
    async content(db: Db, schoolId: number, quiz: Quiz): Promise<QuizContent> {
      const key = `${schoolId}:${quiz.id}`;
      const hit = contents.get(key);
      if (hit && hit.version === quiz.version) return { ...hit, quiz };
      const { questions: qs, options } = await questionsWithOptions(db, quiz.id);
      const content: QuizContent = { version: quiz.version, quiz, questions: qs, byId: new Map(qs.map((q) => [q.id, q])), options, max: qs.reduce((s, q) => s + maxScore(q, options.get(q.id)!), 0) };
      contents.set(key, content);
      return content;
    },
    cached(schoolId: number, quizId: number) {
      return contents.get(`${schoolId}:${quizId}`);
    },
    attempt(schoolId: number, attemptId: number) {
      return attempts.get(`${schoolId}:${attemptId}`);
    },
    remember(schoolId: number, a: Attempt) {
      const facts: AttemptFacts = { id: a.id, quizId: a.quiz_id, userId: a.user_id, number: a.number, started_at: a.started_at, question_order: a.question_order, option_order: a.option_order };
      attempts.set(`${schoolId}:${a.id}`, facts);
      return facts;
    },
    forget(schoolId: number, attemptId: number) {
      attempts.delete(`${schoolId}:${attemptId}`);
    },
  };
}

export type QuizCaches = ReturnType<typeof createQuizCaches>;

/** What the answer's statement saw: the attempt's state (after this answer when it was stored) and the quiz's version. */
export interface AnswerOutcome {
  status: Attempt['status'];
  deadline_at: Date | null;
  version: number;
  inserted: boolean;
  answered_count: number;
  answered_score: number;
  /** Attempts of this quiz the student has started (the open one included). */
  used: number;
  /** Questions answered before this one, as the statement saw them. */
  answered: number[];
  /** The quiz's grace past the deadline (seconds). */
  grace_seconds: number;
  /** A changing answer (`keepOpen`): the stored answer was the same as this one (a repeat, counted once). */
  same: boolean;
}

/** An answer to store: the attempt's, the question's and the score it was given (`BatchedAnswer`), and how. */
export type StoredAnswer = BatchedAnswer & {
  event: boolean;
  /**
   * The navigation's answer (issue 30): a stored answer is replaced (when `mayChange`), the attempt never finishes
   * by it. Without it, the first answer stays and a second is refused (the one-way flow, which finishes the attempt
   * with its last answer).
   */
  keepOpen?: boolean;
  mayChange?: boolean;
};

const asDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * One answer in one statement: the attempt is read (school-bound, the caller's, the quiz's version beside it); the
 * answer is stored only when the attempt is open, its time not up and the quiz unchanged since it was scored; the
 * attempt's count and points move with it (the attempt's row lock orders concurrent answers, so exactly one of them
 * sees the last count); the `quiz_answer` event is written with it. Answers what it saw, or undefined when the
 * attempt is not the caller's.
 *
 * The subqueries the statement writes itself take their ids from the school-bound read of the attempt (`a`); on
 * PostgreSQL row-level security covers them besides.
 */
export async function storeAnswer(db: Db, p: StoredAnswer): Promise<AnswerOutcome | undefined> {
  // the exam's answers are stored together with the school's others under load (answer-batch.ts); an answer whose
  // event goes in its own statement (ACTIVITY_BATCH_MS=0) alone
  if (!p.event) return outcomeOf(await batcherFor(db).submit(p.keepOpen ? (p.mayChange ? 'change' : 'keep') : 'answer', p));
  return outcomeOf(await storeOne(db, p, new Date().toISOString()));
}

/** The batches of a school's handle (one per school and process: the handles are kept, server/db/client.ts). */
const batchers = new WeakMap<Db, AnswerBatcher>();
function batcherFor(db: Db) {
  let b = batchers.get(db);
  if (!b)
    batchers.set(
      db,
      (b = new AnswerBatcher(
        (kind, items) => storeAnswersTogether(db, kind, items),
        (kind, answer, at) => storeOne(db, { ...answer, keepOpen: kind !== 'answer', mayChange: kind === 'change' }, at),
      )),
    );
  return b;
}

/** One answer in its own statement, asked at `at` (its deadline is held against that). */
async function storeOne(db: Db, p: BatchedAnswer & Partial<Omit<StoredAnswer, keyof BatchedAnswer>>, at: string): Promise<Record<string, unknown> | undefined> {
  // a named prepared statement per handle and shape (server/db/prepared.ts): parsed and planned once per connection
  const shape = `${p.keepOpen ? 'quiz:change' : 'quiz:answer'}${p.event ? '+event' : ''}`;
  const statement = preparedOn(db, shape, (bound) => preparedSql(bound, answerStatement(bound, !!p.event, !!p.keepOpen)));
  const [row] = await statement.execute({
    attempt: p.attemptId,
    user: p.userId,
    quiz: p.quizId,
    version: p.version,
    question: p.questionId,
    options: p.optionIds ? JSON.stringify(p.optionIds) : null,
    text: p.text,
    correct: p.is_correct,
    score: p.score,
    now: at,
    event: p.event ? JSON.stringify({ attempt_id: p.attemptId, quiz_id: p.quizId, is_correct: p.is_correct }) : undefined,
    ...(p.keepOpen ? { change: !!p.mayChange } : {}),
  });
  return row;
}

function outcomeOf(row: Record<string, unknown> | undefined): AnswerOutcome | undefined {
  if (!row) return undefined;
  const answered = typeof row.answered === 'string' ? JSON.parse(row.answered) : row.answered;
  return {
    status: row.status as Attempt['status'],
    deadline_at: asDate(row.deadline_at),
    version: Number(row.version),
    inserted: row.inserted === true || row.inserted === 't',
    answered_count: Number(row.answered_count ?? 0),
    answered_score: Number(row.answered_score ?? 0),
    used: Number(row.used),
    answered: (answered as number[]).map(Number),
    grace_seconds: Number(row.grace_seconds ?? 0),
    same: row.same === true || row.same === 't',
  };
}

/**
 * The answer's statement, its per-call values as placeholders. The attempt's counters are updated by its id and its
 * student (`upd`), never `where id in (select attempt_id from ins)`: PostgreSQL planned that as a walk over every
 * attempt of the school for each answer. The student bounds every lookup of an attempt by id on the answer path,
 * because with a school's statistics out of date (a school whose attempts grew beside another school's million, too
 * few to set off autovacuum's analyze) the planner took the school's index over the primary key and read all of the
 * school's attempts (2,400 index entries, 109 ms an answer, in the cluster's exam; docs/quizzes.md "Cost"). `a` is built by the handle's own `select()`, so that a
 * school-bound handle writes its school's condition into it (each bound handle prepares its own: `preparedOn`).
 */
function answerStatement(db: Db, withEvent: boolean, keepOpen: boolean) {
  const ph = sql.placeholder;
  const a = db
    .select({
      id: quizAttempts.id,
      tenant_id: quizAttempts.tenant_id,
      status: quizAttempts.status,
      deadline_at: quizAttempts.deadline_at,
      version: quizzes.version,
      grace_seconds: quizzes.grace_seconds,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quiz_id))
    .where(and(eq(quizAttempts.id, ph('attempt')), eq(quizAttempts.user_id, ph('user'))));
  const event = withEvent
    ? sql`, ev as (insert into events (tenant_id, user_id, kind, subject_type, subject_id, data)
        select tenant_id, ${ph('user')}::int, 'quiz_answer', 'question', question_id, ${ph('event')}::jsonb from ins)`
    : sql``;
  // the server's clock: an answer counts until the deadline plus the quiz's grace (issue 30)
  const open = sql`a.status = 'IN_PROCESS' and (a.deadline_at is null or a.deadline_at + make_interval(secs => a.grace_seconds) > ${ph('now')}::timestamptz) and a.version = ${ph('version')}::int`;
  if (!keepOpen)
    return sql`with a as (${a.getSQL()}),
    ins as (
      insert into question_answers (tenant_id, attempt_id, question_id, option_ids, text, is_correct, score)
      select a.tenant_id, a.id, ${ph('question')}::int, ${ph('options')}::jsonb, ${ph('text')}::text, ${ph('correct')}::boolean, ${ph('score')}::real
      from a where ${open}
      on conflict do nothing
      returning tenant_id, attempt_id, question_id
    ),
    upd as (
      update quiz_attempts set answered_count = answered_count + 1, answered_score = answered_score + ${ph('score')}::real
      where id = ${ph('attempt')}::int and user_id = ${ph('user')}::int and exists (select 1 from ins)
      returning answered_count, answered_score
    )${event}
    select a.status, a.deadline_at, a.version, a.grace_seconds, false as same,
      exists (select 1 from ins) as inserted,
      (select answered_count from upd) as answered_count,
      (select answered_score from upd) as answered_score,
      (select count(*)::int from quiz_attempts x where x.quiz_id = ${ph('quiz')}::int and x.user_id = ${ph('user')}::int) as used,
      (select coalesce(json_agg(x.question_id), '[]'::json) from question_answers x where x.attempt_id = a.id) as answered
    from a`;
  // the navigation's answer: stored, or replacing the stored one (its arrival stamped, the change counted) unless the
  // question is locked; the same answer again changes nothing (a repeat from the browser's queue counts once)
  return sql`with a as (${a.getSQL()}),
    old as (select x.option_ids, x.text, x.score from question_answers x, a where x.attempt_id = a.id and x.question_id = ${ph('question')}::int),
    ins as (
      insert into question_answers (tenant_id, attempt_id, question_id, option_ids, text, is_correct, score)
      select a.tenant_id, a.id, ${ph('question')}::int, ${ph('options')}::jsonb, ${ph('text')}::text, ${ph('correct')}::boolean, ${ph('score')}::real
      from a where ${open}
      on conflict (attempt_id, question_id) do update set option_ids = excluded.option_ids, text = excluded.text, is_correct = excluded.is_correct,
        score = excluded.score, answered_at = now(), changes = question_answers.changes + 1
      where ${ph('change')}::boolean and (question_answers.option_ids is distinct from excluded.option_ids or question_answers.text is distinct from excluded.text)
      returning tenant_id, attempt_id, question_id
    ),
    upd as (
      update quiz_attempts set answered_count = answered_count + (select case when exists (select 1 from old) then 0 else 1 end),
        answered_score = answered_score + ${ph('score')}::real - coalesce((select score from old), 0)
      where id = ${ph('attempt')}::int and user_id = ${ph('user')}::int and exists (select 1 from ins)
      returning answered_count, answered_score
    )${event}
    select a.status, a.deadline_at, a.version, a.grace_seconds,
      exists (select 1 from ins) as inserted,
      exists (select 1 from old where old.option_ids is not distinct from ${ph('options')}::jsonb and old.text is not distinct from ${ph('text')}::text) as same,
      (select answered_count from upd) as answered_count,
      (select answered_score from upd) as answered_score,
      (select count(*)::int from quiz_attempts x where x.quiz_id = ${ph('quiz')}::int and x.user_id = ${ph('user')}::int) as used,
      (select coalesce(json_agg(x.question_id), '[]'::json) from question_answers x where x.attempt_id = a.id) as answered
    from a`;
}

/**
 * Finishes an attempt whose last answer was just stored, in one statement, with the points the attempt counted; the
 * `quiz_attempt` event goes with it. Answers the finished attempt, or undefined when another request finished it first.
 */
export async function finishWithAnswers(db: Db, quiz: Quiz, attemptId: number, owner: number, score: number, max: number, eventFor: number | undefined): Promise<Attempt | undefined> {
  const { percent, passed } = resultOf(quiz, score, max);
  const withEvent = eventFor !== undefined;
  const statement = preparedOn(db, withEvent ? 'quiz:finish+event' : 'quiz:finish', (bound) => preparedSql(bound, finishStatement(bound, withEvent)));
  const [row] = await statement.execute({ attempt: attemptId, owner, now: new Date(), score, max, percent, passed, user: eventFor });
  if (!row) return undefined;
  return {
    ...(row as unknown as Attempt),
    started_at: asDate(row.started_at)!,
    deadline_at: asDate(row.deadline_at),
    finished_at: asDate(row.finished_at),
    score: Number(row.score),
    max_score: Number(row.max_score),
    percent: Number(row.percent),
  };
}

/**
 * Finishes an open attempt once (POST /finish, the time up; a second or concurrent call changes nothing): the sum of
 * its stored answers against the most its questions give (from the quiz's cached `content`), then the finishing
 * statement with its event. Two round trips, not the five of reading the questions, their options and the answers
 * and writing the event apart (the exam's finish p99, docs/quizzes.md "Cost"). `finishedNow` is true only for the
 * call that actually finished it.
 */
export async function finishOpenAttempt(db: Db, quiz: Quiz, attempt: Attempt, content: QuizContent, eventFor: number | undefined): Promise<{ attempt: Attempt; finishedNow: boolean }> {
  if (attempt.status === 'FINISHED') return { attempt, finishedNow: false };
  let max = 0;
  for (const id of attempt.question_order) {
    const q = content.byId.get(id);
    if (q) max += maxScore(q, content.options.get(id) ?? []);
  }
  const [{ score }] = await db
    .select({ score: sql<number>`coalesce(sum(${questionAnswers.score}), 0)` })
    .from(questionAnswers)
    .where(eq(questionAnswers.attempt_id, attempt.id));
  const done = await finishWithAnswers(db, quiz, attempt.id, attempt.user_id, Number(score), max, eventFor);
  if (done) return { attempt: done, finishedNow: true };
  const [current] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attempt.id), eq(quizAttempts.user_id, attempt.user_id)));
  return { attempt: current, finishedNow: false };
}

/** The finishing statement (the handle's own update, its school's condition in it), with or without its event. */
function finishStatement(db: Db, withEvent: boolean) {
  const ph = sql.placeholder;
  const done = db
    .update(quizAttempts)
    .set({ status: 'FINISHED', finished_at: ph('now') as never, score: ph('score') as never, max_score: ph('max') as never, percent: ph('percent') as never, passed: ph('passed') as never })
    // the student bounds the lookup by id (answerStatement's note)
    .where(and(eq(quizAttempts.id, ph('attempt')), eq(quizAttempts.user_id, ph('owner')), eq(quizAttempts.status, 'IN_PROCESS')))
    .returning();
  const event = withEvent
    ? sql`, ev as (insert into events (tenant_id, user_id, kind, subject_type, subject_id, data)
      select tenant_id, ${ph('user')}::int, 'quiz_attempt', 'quiz', quiz_id, jsonb_build_object('attempt_id', id, 'score', score, 'percent', percent, 'passed', passed) from done)`
    : sql``;
  return sql`with done as (${done.getSQL()})${event}
    select * from done`;
}
