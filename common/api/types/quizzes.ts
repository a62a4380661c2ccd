import type {
  AdminOption,
  AdminQuestion,
  AdminQuiz,
  DeleteQuizzesAnswer,
  AnswerOutcome,
  AttemptReview,
  AttemptSheet,
  AttemptView,
  QuestionStep,
  QuizStart,
  QuizStates,
} from '../../../server/modules/quizzes/responses.ts';
import type { Wire } from './wire.ts';

/** The learner's quiz API as the server's schemas declare it (server/modules/quizzes/responses.ts; issue 28 item 1). */
export type QuizAttempt = Wire<typeof AttemptView>;
export type QuizStartPage = Wire<typeof QuizStart>;
export type QuizQuestionStep = Wire<typeof QuestionStep>;
export type QuizAnswerOutcome = Wire<typeof AnswerOutcome>;
export type QuizAttemptSheet = Wire<typeof AttemptSheet>;
export type QuizSheetQuestion = QuizAttemptSheet['questions'][number];
export type QuizReview = Wire<typeof AttemptReview>;
export type QuizReviewQuestion = NonNullable<QuizReview['questions']>[number];
export type QuizState = Wire<typeof QuizStates>[number];

/** The back office's quiz editor (server/modules/quizzes/responses.ts). */
export type AdminQuizRecord = Wire<typeof AdminQuiz>;
export type AdminQuizQuestion = Wire<typeof AdminQuestion>;
export type AdminQuizOption = Wire<typeof AdminOption>;
export type DeleteQuizzes = Wire<typeof DeleteQuizzesAnswer>;
