import { ApiError } from '../../../common/api/client.ts';
import type { QuizSheetQuestion } from '../../../common/api/types/quizzes.ts';

export type {
  QuizAttempt,
  QuizAttemptSheet,
  QuizReview,
  QuizReviewQuestion,
  QuizSheetQuestion,
  QuizStartPage,
  QuizState,
} from '../../../common/api/types/quizzes.ts';

/** What the API takes as an answer: an option id (radio), option ids (checkbox) or a text. */
export type AnswerValue = number | number[] | string;

/** The answer a question of the sheet holds, as the API takes it (null: none). */
export function storedAnswer(q: QuizSheetQuestion): AnswerValue | null {
  if (!q.answer) return null;
  if (q.type === 'text') return q.answer.text ?? '';
  const ids = q.answer.option_ids ?? [];
  return q.type === 'radio' ? (ids[0] ?? null) : ids;
}

/** Whether a value counts as an answer (a text of spaces or no option chosen does not). */
export const isGiven = (v: AnswerValue | null | undefined) => (typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.length > 0 : v != null);

/** The selected option ids of a value. */
export const chosenIds = (v: AnswerValue | null | undefined): number[] => (typeof v === 'number' ? [v] : Array.isArray(v) ? v : []);

/**
 * A call that got no answer (no connection, the server unreachable or busy): the answer waits in the browser. A refusal
 * the API worded (4xx) is final.
 */
export const isNetworkFailure = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status === 502 || e.status === 503 || e.status === 504);

export const errorName = (e: unknown) => (e instanceof ApiError ? e.body.name : undefined);
