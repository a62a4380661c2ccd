import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizAttempts, quizzes } from '../../db/schema/index.ts';
import { preparedOn, preparedSql } from '../../db/prepared.ts';

/**
 * The exam's answers stored together (issue 30 "Cost", docs/quizzes.md "Answers stored together").
 *
 * In a surge most of an answer's cost is not the answer: it is the round trip, the statement's start and the commit,
 * the same for one row as for fifty. So the answers that arrive while a school's earlier answers are being stored wait
 * for them and are then stored by one statement, one round trip and one commit, and each request gets its own row
 * back. An answer that finds nothing in flight goes at once, alone: batching costs a quiet school nothing, and under
 * load an answer waits at most for the statement before it.
 *
 * - One answer per attempt in a statement: a second answer of an attempt in the queue or in flight waits for the next
 *   statement, so an attempt's answers are still ordered by its row (exactly one of them sees the last count), as
 *   when each was a statement of its own.
 * - A statement that fails (a deadlock between two processes' batches, say) is not every request's failure: each of
 *   its answers is stored again alone (`single`), and only an answer that fails alone fails its request.
 * - `IN_FLIGHT` statement at most per school and process, so that a surge leaves the pool's other connections to the
 *   rest of the requests (two were measured too, and the exam's p99 was no better: docs/quizzes.md).
 */
export const IN_FLIGHT = 1;
/** Answers in one statement at most. */
export const BATCH_MOST = 64;

export interface BatchedAnswer {
  attemptId: number;
  userId: number;
  quizId: number;
  version: number;
  questionId: number;
  optionIds: number[] | null;
  text: string | null;
  is_correct: boolean | null;
  score: number;
}

/** One row of the statement's answer, as `storeAnswer`'s single statement gives it. */
export type AnswerRow = Record<string, unknown>;

interface Waiting {
  kind: AnswerKind;
  answer: BatchedAnswer;
  /** When the request asked: the deadline is held against this, not against when the statement ran. */
  at: string;
  resolve(row: AnswerRow | undefined): void;
  reject(err: unknown): void;
}

/**
 * Queues a school's answers and stores them in batches of one kind (`store`, one statement for many; `single`, the
 * statement for one, for a batch that failed). Answers each answer's row, or undefined when its attempt is not the
 * caller's.
 */
export class AnswerBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  /** Attempts whose answer is in a statement now. */
  private readonly busy = new Set<number>();

  constructor(
    private readonly store: (kind: AnswerKind, items: { answer: BatchedAnswer; at: string }[]) => Promise<(AnswerRow | undefined)[]>,
    private readonly single: (kind: AnswerKind, answer: BatchedAnswer, at: string) => Promise<AnswerRow | undefined>,
    private readonly most = BATCH_MOST,
    private readonly inFlightMost = IN_FLIGHT,
  ) {}

  submit(kind: AnswerKind, answer: BatchedAnswer): Promise<AnswerRow | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, answer, at: new Date().toISOString(), resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.inFlightMost && this.queue.length) {
      // the statement's kind is the first answer's that may go; answers of other kinds wait for a statement of theirs
      const kind = this.queue.find((w) => !this.busy.has(w.answer.attemptId))?.kind;
      if (!kind) return;
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      const taken = new Set<number>();
      for (const w of this.queue) {
        const id = w.answer.attemptId;
        if (w.kind === kind && batch.length < this.most && !this.busy.has(id) && !taken.has(id)) {
          batch.push(w);
          taken.add(id);
        } else {
          rest.push(w);
          // an attempt's later answers keep their order behind one that waits
          taken.add(id);
        }
      }
      this.queue = rest;
      for (const w of batch) this.busy.add(w.answer.attemptId);
      this.inFlight++;
      void this.run(kind, batch).finally(() => {
        this.inFlight--;
        for (const w of batch) this.busy.delete(w.answer.attemptId);
        this.pump();
      });
    }
  }

  private async run(kind: AnswerKind, batch: Waiting[]) {
    let rows: (AnswerRow | undefined)[];
    try {
      rows = await this.store(
        kind,
        batch.map((w) => ({ answer: w.answer, at: w.at })),
      );
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // each alone: one answer's trouble stays its own
      await Promise.all(batch.map((w) => this.single(kind, w.answer, w.at).then(w.resolve, w.reject)));
      return;
    }
    batch.forEach((w, i) => w.resolve(rows[i]));
  }
}

/**
 * `answer`: the one-way flow's (stored once, a second refused); `change`: the navigation's, which replaces a stored
 * answer; `keep`: the navigation's on a question whose correctness is shown, which is never replaced.
 */
export type AnswerKind = 'answer' | 'change' | 'keep';

/**
 * Stores several answers (at most one per attempt) in one statement: each attempt is read (school-bound, the
 * caller's, the quiz's version beside it); an answer is stored only when its attempt is open, its time not up when it
 * was asked and the quiz unchanged since it was scored; each attempt's count and points move with it. Answers each
 * answer's row in order, undefined where the attempt is not the caller's.
 */
export async function storeAnswersTogether(db: Db, kind: AnswerKind, items: { answer: BatchedAnswer; at: string }[]): Promise<(AnswerRow | undefined)[]> {
  const statement = preparedOn(db, `quiz:answers:${kind}`, (bound) => preparedSql(bound, answersStatement(bound, kind)));
  const rows = await statement.execute({
    items: JSON.stringify(
      items.map(({ answer: p, at }, n) => ({
        n,
        attempt: p.attemptId,
        usr: p.userId,
        quiz: p.quizId,
        version: p.version,
        question: p.questionId,
        options: p.optionIds,
        text: p.text,
        correct: p.is_correct,
        score: p.score,
        at,
      })),
    ),
  });
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  return items.map((_, n) => byN.get(n));
}

/**
 * The statement of several answers, their values one JSON placeholder (the same text for any count, prepared once).
 * Each attempt is read by its primary key for its own answer (`lateral … limit 1`: a join over the input would be
 * planned as a walk over every attempt of the school, 238 ms for 50 answers against 10 ms this way, measured with
 * `explain analyze` on 4,000 attempts), and so is each counter's update (`x.id = ai.attempt`, no other condition for
 * the planner to prefer the school's index by). `a` is the handle's own select, so that a school-bound handle writes
 * its school's condition into it.
 */
function answersStatement(db: Db, kind: AnswerKind) {
  const a = db
    .select({
      tenant_id: quizAttempts.tenant_id,
      status: quizAttempts.status,
      deadline_at: quizAttempts.deadline_at,
      version: quizzes.version,
      grace_seconds: quizzes.grace_seconds,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quiz_id))
    .where(and(sql`${quizAttempts.id} = i.attempt`, sql`${quizAttempts.user_id} = i.usr`))
    .limit(1);
  const ai = sql`ai as (
      select i.*, a.tenant_id, a.status, a.deadline_at, a.version as quiz_version, a.grace_seconds
      from jsonb_to_recordset(${sql.placeholder('items')}::jsonb)
        as i(n int, attempt int, usr int, quiz int, version int, question int, options jsonb, text text, correct boolean, score real, at timestamptz)
      cross join lateral (${a.getSQL()}) a
    )`;
  // the server's clock: an answer counts until the deadline plus the quiz's grace, held against when it was asked
  const open = sql`status = 'IN_PROCESS' and (deadline_at is null or deadline_at + make_interval(secs => grace_seconds) > at) and quiz_version = version`;
  const insert = sql`insert into question_answers (tenant_id, attempt_id, question_id, option_ids, text, is_correct, score)
      select tenant_id, attempt, question, options, text, correct, score from ai where ${open}`;
  const tail = sql`upd.answered_count, upd.answered_score,
      (select count(*)::int from quiz_attempts x where x.quiz_id = ai.quiz and x.user_id = ai.usr) as used,
      (select coalesce(json_agg(x.question_id), '[]'::json) from question_answers x where x.attempt_id = ai.attempt) as answered
    from ai left join upd on upd.id = ai.attempt`;
  if (kind === 'answer')
    return sql`with ${ai},
    ins as (${insert} on conflict do nothing returning attempt_id),
    upd as (
      update quiz_attempts x set answered_count = x.answered_count + 1, answered_score = x.answered_score + ai.score
      from ai where x.id = ai.attempt and exists (select 1 from ins where ins.attempt_id = ai.attempt)
      returning x.id, x.answered_count, x.answered_score
    )
    select ai.n, ai.status, ai.deadline_at, ai.quiz_version as version, ai.grace_seconds, false as same,
      exists (select 1 from ins where ins.attempt_id = ai.attempt) as inserted, ${tail}`;
  // the navigation's: stored, or replacing the stored one (its arrival stamped, the change counted) unless the question
  // is locked (`keep`); the same answer again changes nothing (a repeat from the browser's queue counts once)
  const replace =
    kind === 'change'
      ? sql`do update set option_ids = excluded.option_ids, text = excluded.text, is_correct = excluded.is_correct,
        score = excluded.score, answered_at = now(), changes = question_answers.changes + 1
        where question_answers.option_ids is distinct from excluded.option_ids or question_answers.text is distinct from excluded.text`
      : sql`do nothing`;
  return sql`with ${ai},
    old as (select ai.attempt, x.option_ids, x.text, x.score from ai join question_answers x on x.attempt_id = ai.attempt and x.question_id = ai.question),
    ins as (${insert} on conflict (attempt_id, question_id) ${replace} returning attempt_id),
    upd as (
      update quiz_attempts x set answered_count = x.answered_count + (case when exists (select 1 from old where old.attempt = ai.attempt) then 0 else 1 end),
        answered_score = x.answered_score + ai.score - coalesce((select old.score from old where old.attempt = ai.attempt), 0)
      from ai where x.id = ai.attempt and exists (select 1 from ins where ins.attempt_id = ai.attempt)
      returning x.id, x.answered_count, x.answered_score
    )
    select ai.n, ai.status, ai.deadline_at, ai.quiz_version as version, ai.grace_seconds,
      exists (select 1 from ins where ins.attempt_id = ai.attempt) as inserted,
      exists (select 1 from old where old.attempt = ai.attempt and old.option_ids is not distinct from ai.options and old.text is not distinct from ai.text) as same,
      ${tail}`;
}
