import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { preparedOn } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import { type questionOptions, type questions, quizAttempts, type quizzes } from '../../db/schema/index.ts';
import { attemptPassed } from '../programs/index.ts';

export type Quiz = typeof quizzes.$inferSelect;
export type Attempt = typeof quizAttempts.$inferSelect;
export type Option = typeof questionOptions.$inferSelect;
export type Question = typeof questions.$inferSelect;

export function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export const secondsLeft = (a: Attempt, now = new Date()) => (a.deadline_at ? Math.max(0, Math.floor((a.deadline_at.getTime() - now.getTime()) / 1000)) : null);
/** Whether the attempt's answers are no longer taken: its deadline plus the quiz's grace (seconds, issue 30) has passed. */
export const isTimeUp = (a: Attempt, now = new Date(), graceSeconds = 0) => !!a.deadline_at && a.deadline_at.getTime() + graceSeconds * 1000 <= now.getTime();

/**
 * Whether correctness may reach the one taking the quiz now: the correct options (the key), whether an answer was
 * right, and the per-question report (docs/quizzes.md "Secrecy"). Only when the quiz shows correctness
 * (`show_correct`), and for an exam only once no attempt is left: an exam with attempts still to come, or without a
 * limit, keeps its key, so a throw-away attempt teaches nothing for the next one. `attemptsUsed` counts every attempt
 * started, the open one included. A school that wants an exam's key shown between attempts makes it a `pass` quiz.
 */
export function mayShowCorrect(quiz: Pick<Quiz, 'kind' | 'show_correct' | 'max_attempts'>, attemptsUsed: number) {
  if (!quiz.show_correct) return false;
  if (quiz.kind !== 'exam') return true;
  return quiz.max_attempts != null && attemptsUsed >= quiz.max_attempts;
}

/**
 * What the review of a finished attempt shows (docs/quizzes.md "Review"), by the quiz's settings. An exam with
 * attempts still to come keeps the points per question and correctness, like its key (issue 10); the key itself also
 * needs an attempt with at least one answer, so an attempt finished empty teaches nothing.
 */
export function reviewRules(quiz: Pick<Quiz, 'kind' | 'show_correct' | 'show_report' | 'max_attempts'>, attemptsUsed: number, answeredCount: number) {
  const examHolds = quiz.kind === 'exam' && !(quiz.max_attempts != null && attemptsUsed >= quiz.max_attempts);
  const correctness = quiz.kind !== 'poll' && mayShowCorrect(quiz, attemptsUsed);
  return {
    answers: quiz.show_report || correctness,
    scores: quiz.kind !== 'poll' && quiz.show_report && !examHolds,
    correctness,
    key: correctness && answeredCount > 0,
  };
}

/** Points an option is worth: its score, or 1 for a correct option without one. */
const worth = (o: Option) => (o.score > 0 ? o.score : o.is_correct ? 1 : 0);

/** The most a question can give. */
export function maxScore(q: Question, opts: Option[]) {
  const correct = opts.filter((o) => o.is_correct);
  if (q.type === 'checkbox') return correct.reduce((s, o) => s + worth(o), 0);
  return Math.max(0, ...opts.map(worth));
}

/** Scores one answer. Radio: the chosen option; checkbox: all and only the correct ones; text: equal to a correct option's text (case and spaces aside). */
export function scoreAnswer(q: Question, opts: Option[], answer: { optionIds?: number[]; text?: string }) {
  if (q.type === 'text') {
    const given = (answer.text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const hit = opts.find((o) => o.is_correct && o.text.trim().toLowerCase().replace(/\s+/g, ' ') === given);
    return { is_correct: !!hit, score: hit ? worth(hit) : 0 };
  }
  const chosen = opts.filter((o) => answer.optionIds?.includes(o.id));
  if (q.type === 'radio') {
    const o = chosen[0];
    return { is_correct: !!o?.is_correct, score: o ? (o.is_correct ? worth(o) : Math.max(0, o.score)) : 0 };
  }
  const correct = new Set(opts.filter((o) => o.is_correct).map((o) => o.id));
  const exact = chosen.length === correct.size && chosen.every((o) => correct.has(o.id));
  return { is_correct: exact, score: exact ? chosen.reduce((s, o) => s + worth(o), 0) : 0 };
}

/** Percent and pass of a finished attempt by the quiz's evaluation (both ways of finishing, answer-path.ts: `finishOpenAttempt` and the last answer's `finishWithAnswers`). */
export function resultOf(quiz: Quiz, score: number, max: number) {
  const percent = quiz.kind === 'poll' ? 100 : max ? Math.round((score / max) * 1000) / 10 : 0;
  return { percent, passed: attemptPassed(quiz, { percent, score }) };
}

/**
 * Starts an attempt: the deadline is fixed on the server's clock, the order of questions and options once, from the
 * quiz's `content` (its questions and their options in the editor's order: store.ts `questionsWithOptions`, as the
 * answer path caches it). `db`: the school-bound handle.
 */
export async function startAttempt(db: Db, quiz: Quiz, content: { questions: Question[]; options: Map<number, Option[]> }, userId: number, number: number, demo = false) {
  const qs = content.questions;
  const scatter = quiz.sort_type === 'scatter';
  const question_order = (scatter ? shuffle(qs) : qs).map((q) => q.id);
  const option_order: Record<string, number[]> = {};
  for (const q of qs) {
    const own = (content.options.get(q.id) ?? []).map((o) => o.id);
    option_order[q.id] = scatter ? shuffle(own) : own;
  }
  const deadline_at = quiz.response_time_minutes ? new Date(Date.now() + quiz.response_time_minutes * 60_000) : null;
  // prepared once per handle (server/db/prepared.ts); the school-bound handle stamps its school into it
  const insert = preparedOn(db, 'quiz:start', (bound) => {
    const ph = sql.placeholder;
    return bound
      .insert(quizAttempts)
      .values({
        quiz_id: ph('quiz'),
        user_id: ph('user'),
        number: ph('number'),
        deadline_at: sql`${ph('deadline')}::timestamptz`,
        question_order: ph('questions'),
        option_order: ph('options'),
        demo: ph('demo'),
      } as never)
      .returning()
      .prepare('quiz_start');
  });
  const [a] = await insert.execute({ quiz: quiz.id, user: userId, number, deadline: deadline_at?.toISOString() ?? null, questions: question_order, options: option_order, demo });
  return a;
}
