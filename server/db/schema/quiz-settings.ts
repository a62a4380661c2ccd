import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { quizzes } from './learning.ts';

export const quizStatuses = ['active', 'inactive'] as const;
export type QuizStatus = (typeof quizStatuses)[number];
export const questionTypes = ['radio', 'checkbox', 'text'] as const;
export type QuestionType = (typeof questionTypes)[number];

/**
 * The back-office settings of a quiz that the learner engine does not read: its status and the question type
 * new questions get. One row per quiz, kept beside `quizzes` (owned by the engine) rather than in it; a quiz
 * without a row reads as `active` / `radio`.
 */
export const quizSettings = pgTable(
  'quiz_settings',
  {
    quiz_id: integer()
      .primaryKey()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    tenant_id: schoolId(),
    status: text().$type<QuizStatus>().notNull().default('active'),
    question_type: text().$type<QuestionType>().notNull().default('radio'),
  },
  (t) => [index('quiz_settings_tenant_status').on(t.tenant_id, t.status)],
);
