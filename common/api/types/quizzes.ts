import type { Static } from 'typebox';
import type { AnswerOutcome, AttemptReview, AttemptSheet, AttemptView, QuestionStep, QuizStart, QuizStates } from '../../../server/modules/quizzes/responses.ts';

/** The learner's quiz API as the server's schemas declare it (server/modules/quizzes/responses.ts; issue 28 item 1). */
export type QuizAttempt = Static<typeof AttemptView>;
export type QuizStartPage = Static<typeof QuizStart>;
export type QuizQuestionStep = Static<typeof QuestionStep>;
export type QuizAnswerOutcome = Static<typeof AnswerOutcome>;
export type QuizAttemptSheet = Static<typeof AttemptSheet>;
export type QuizSheetQuestion = QuizAttemptSheet['questions'][number];
export type QuizReview = Static<typeof AttemptReview>;
export type QuizReviewQuestion = NonNullable<QuizReview['questions']>[number];
export type QuizState = Static<typeof QuizStates>[number];
