import { Type, type TSchema } from 'typebox';
import { quizKinds } from '../../db/schema/index.ts';
import { questionTypes, quizStatuses } from '../../db/schema/quiz-settings.ts';
import { Id } from '../../core/schemas.ts';
import { ACCESS } from '../../../common/access/roles.ts';

export const tags = ['admin: quizzes'];
/** Admins and superadmins only (see docs/quiz-editor.md: trainers do not edit quizzes). */
export const ADMINS = ACCESS.school.read;

const oneOf = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const QuestionType = oneOf(questionTypes);
/** A flag as JSON sends it (true/false) or as the shared client's form data does (1/0). */
export const Flag = Type.Union([Type.Boolean(), Type.Literal('1'), Type.Literal('0')]);
export const flag = (v: unknown) => (v === undefined ? undefined : v === true || v === '1');
/** The body with its flags as booleans. */
export function withFlags<T extends Record<string, unknown>>(body: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...body };
  for (const k of keys) if (k in out) out[k] = flag(out[k]);
  return out as T;
}
/** Points of an option: a whole number ≥ 0 (the engine stores integers). */
export const Score = Type.Integer({ minimum: 0, maximum: 100000 });
export const IdList = (maxItems = 1000) => Type.Array(Id, { minItems: 1, maxItems });

/** Every setting of a quiz (the spec's list plus the window the schema already has). */
export const QuizFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  status: oneOf(quizStatuses),
  kind: oneOf(quizKinds),
  question_type: QuestionType,
  sort_type: oneOf(['in_order', 'scatter'] as const),
  evaluation: oneOf(['score', 'credit'] as const),
  /** null (or 0, which the validator turns into null): unlimited */
  max_attempts: nullable(Type.Integer({ minimum: 1, maximum: 1000 })),
  /** null: no time limit */
  response_time_minutes: nullable(Type.Integer({ minimum: 1, maximum: 10080 })),
  show_report: Flag,
  notify_admin: Flag,
  show_correct: Flag,
  passing_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  min_score: Score,
  opens_at: nullable(Type.String({ format: 'date-time' })),
  closes_at: nullable(Type.String({ format: 'date-time' })),
  /** Seconds past an attempt's deadline in which an answer sent before it still counts (issue 30); at most 5 minutes. */
  grace_seconds: Type.Integer({ minimum: 0, maximum: 300 }),
};
export const QuizCreate = Type.Intersect([Type.Object({ title: QuizFields.title }), Type.Partial(Type.Object(QuizFields))]);
export const QuizUpdate = Type.Partial(Type.Object(QuizFields));

export const OptionFields = {
  text: Type.String({ minLength: 1, maxLength: 2000 }),
  is_correct: Flag,
  score: Score,
};
export const OptionInline = Type.Intersect([Type.Object({ text: OptionFields.text }), Type.Partial(Type.Object({ is_correct: OptionFields.is_correct, score: OptionFields.score }))]);

export const QuestionFields = {
  text: Type.String({ minLength: 1, maxLength: 5000 }),
  type: QuestionType,
};
