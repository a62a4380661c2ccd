/** Values of the quiz's select settings, named by translation keys of messages.ts. */
const of = (group: string, ids: string[]) => ids.map((id) => ({ id, name: `quizzes.${group}.${id}` }));

export const choices = {
  status: of('status', ['active', 'inactive']),
  kind: of('kind', ['exam', 'pass', 'poll']),
  question_type: of('question_type', ['radio', 'checkbox', 'text']),
  sort_type: of('sort_type', ['in_order', 'scatter']),
  evaluation: of('evaluation', ['score', 'credit']),
};

export type QuestionType = 'radio' | 'checkbox' | 'text';
export interface OptionView {
  id: number;
  question_id: number;
  text: string;
  is_correct: boolean;
  score: number;
  sort: number;
}
export interface QuestionView {
  id: number;
  quiz_id: number;
  text: string;
  type: QuestionType;
  sort: number;
  max_score: number;
  options: OptionView[];
}
