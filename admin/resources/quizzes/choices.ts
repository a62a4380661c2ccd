import type { AdminQuizOption, AdminQuizQuestion } from '../../../common/api/types/quizzes.ts';

/** Values of the quiz's select settings, named by translation keys of messages.ts. */
const of = (group: string, ids: string[]) => ids.map((id) => ({ id, name: `quizzes.${group}.${id}` }));

export const choices = {
  status: of('status', ['active', 'inactive']),
  kind: of('kind', ['exam', 'pass', 'poll']),
  question_type: of('question_type', ['radio', 'checkbox', 'text']),
  sort_type: of('sort_type', ['in_order', 'scatter']),
  evaluation: of('evaluation', ['score', 'credit']),
};

/** A question and its options as the editor reads and writes them (the server's `AdminQuestion`, `AdminOption`). */
export type QuestionType = AdminQuizQuestion['type'];
export type OptionView = AdminQuizOption;
export type QuestionView = AdminQuizQuestion;
