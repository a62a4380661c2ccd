import { Type } from 'typebox';
import { quizKinds } from '../../db/schema/index.ts';
import { questionTypes, quizStatuses } from '../../db/schema/quiz-settings.ts';
import { DateTime, dataOf, oneOf, orNull } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/**
 * What the quizzes module answers (docs/api.md "Response contracts"): the back office's quiz, question and option,
 * and the learner's quiz, attempt and question. Fastify serialises with these, so each names every field its handler
 * sends, in the order the handler builds it.
 */

const QuizKind = oneOf(quizKinds);
const SortType = oneOf(['in_order', 'scatter']);
const Evaluation = oneOf(['score', 'credit']);
const QuestionType = oneOf(questionTypes);
const Count = Type.Integer({ minimum: 0 });

// ---- the back office --------------------------------------------------------------------------------

/** An option as the editor shows it (store.ts `optionView`). */
export const AdminOption = Type.Object({ id: Id, question_id: Id, text: Type.String(), is_correct: Type.Boolean(), score: Type.Integer(), sort: Type.Integer() });
/** A question with its options in order and the most it can give (store.ts `questionViews`). */
export const AdminQuestion = Type.Object({
  id: Id,
  quiz_id: Id,
  text: Type.String(),
  type: QuestionType,
  sort: Type.Integer(),
  max_score: Type.Integer(),
  options: Type.Array(AdminOption),
});

/** A row of `quizzes` as stored, then its back-office settings and counts. */
const QuizRowFields = {
  id: Id,
  tenant_id: Id,
  title: Type.String(),
  kind: QuizKind,
  sort_type: SortType,
  evaluation: Evaluation,
  max_attempts: nullable(Type.Integer()),
  response_time_minutes: nullable(Type.Integer()),
  show_report: Type.Boolean(),
  notify_admin: Type.Boolean(),
  show_correct: Type.Boolean(),
  passing_percentage: Type.Integer(),
  min_score: Type.Integer(),
  opens_at: nullable(DateTime),
  closes_at: nullable(DateTime),
  created_at: DateTime,
  version: Type.Integer(),
  grace_seconds: Type.Integer(),
  status: oneOf(quizStatuses),
  question_type: QuestionType,
  questions_count: Count,
  attempts_count: Count,
  has_answers: Type.Boolean(),
};
/** A quiz in the back office's list. */
export const AdminQuizRow = Type.Object(QuizRowFields);
/** One quiz in the back office: every setting, counts, and its questions. */
export const AdminQuiz = Type.Object({ ...QuizRowFields, questions: Type.Array(AdminQuestion) });
/** `POST /admin/delete/quiz`: how many went, which, and which were kept (students answered them). */
export const DeleteQuizzesAnswer = dataOf(Type.Object({ count: Type.Integer(), deleted: Type.Array(Id), refused: Type.Array(Id) }));

// ---- the learner's side (learner.ts) ----------------------------------------------------------------

const Status = oneOf(['IN_PROCESS', 'FINISHED']);

/** The rules of a quiz as the learner sees them (learner.ts `publicQuiz`). */
const PublicQuizFields = {
  id: Id,
  title: Type.String(),
  kind: QuizKind,
  sort_type: SortType,
  evaluation: Evaluation,
  max_attempts: orNull(Type.Integer()),
  response_time_minutes: orNull(Type.Integer()),
  show_report: Type.Boolean(),
  show_correct: Type.Boolean(),
  passing_percentage: Type.Integer(),
  min_score: Type.Integer(),
  opens_at: orNull(DateTime),
  closes_at: orNull(DateTime),
  /** Seconds past the deadline in which an answer still counts (issue 30). */
  grace_seconds: Type.Integer(),
};
export const PublicQuiz = Type.Object(PublicQuizFields);

/** An attempt (learner.ts `attemptView`): its result only once finished. */
export const AttemptView = Type.Object({
  id: Id,
  number: Type.Integer(),
  status: Status,
  started_at: DateTime,
  finished_at: orNull(DateTime),
  seconds_left: orNull(Type.Integer()),
  score: orNull(Type.Number()),
  max_score: orNull(Type.Number()),
  percent: orNull(Type.Number()),
  passed: orNull(Type.Boolean()),
});

/** A question to answer: its options in the attempt's order, nothing about which is correct. */
const QuestionToAnswer = Type.Object({ id: Id, text: Type.String(), type: QuestionType, options: Type.Array(Type.Object({ id: Id, text: Type.String() })) });
/** The attempt's next question (learner.ts `nextFrom`). */
const NextQuestion = Type.Object({ status: Status, attempt: AttemptView, index: Type.Integer(), total: Type.Integer(), question: QuestionToAnswer });

/** The quiz's start page. */
export const QuizStart = Type.Object({
  quiz: Type.Object({ ...PublicQuizFields, questions_count: Count }),
  attempts_used: Count,
  attempts_left: orNull(Count),
  best: orNull(AttemptView),
  last: orNull(AttemptView),
  attempt: orNull(AttemptView),
});

/** `GET /api/quiz/:id/question`: the next question with its place (`index` of `total`), or the finished attempt and `question: null`. */
export const QuestionStep = Type.Union([NextQuestion, Type.Object({ status: Status, attempt: AttemptView, question: Type.Null() })]);

/** What an answer answers: the attempt, the next question, and correctness only when the quiz may show it. */
export const AnswerOutcome = Type.Object({
  status: Status,
  attempt: AttemptView,
  next: orNull(NextQuestion),
  is_correct: Type.Optional(orNull(Type.Boolean())),
  /** Only with the answer that finished the attempt, when correctness may be shown. */
  correct_option_ids: Type.Optional(Type.Array(Id)),
  /** A `keep_open` answer: true when right or wrong was shown, so the answer can no longer be changed. */
  locked: Type.Optional(Type.Boolean()),
});

const RevealedOptions = Type.Array(Type.Object({ id: Id, text: Type.String(), is_correct: Type.Boolean() }));
const GivenAnswer = nullable(Type.Object({ option_ids: nullable(Type.Array(Id)), text: nullable(Type.String()), is_correct: nullable(Type.Boolean()), score: Type.Number() }));
/** A question with its key and the learner's answer (`questionWithAnswer`); a text question's key is its accepted answers. */
export const RevealedQuestion = Type.Union([
  Type.Object({ id: Id, text: Type.String(), type: oneOf(['radio', 'checkbox']), options: RevealedOptions, answer: GivenAnswer }),
  Type.Object({ id: Id, text: Type.String(), type: oneOf(['text']), options: RevealedOptions, correct_texts: Type.Array(Type.String()), answer: GivenAnswer }),
]);

/** A finished attempt's result, with the per-question report when it may be shown. */
export const AttemptResult = Type.Object({
  quiz: PublicQuiz,
  attempt: AttemptView,
  report: nullable(Type.Array(Type.Object({ id: Id, text: Type.String(), answered: Type.Boolean(), is_correct: nullable(Type.Boolean()), score: Type.Number() }))),
});

// ---- the navigation and the review (issue 30: navigation.ts, results.ts) -------------------------

/** An open attempt as a whole (`GET /api/quiz/:id/attempt`): every question, the answers given, flags and the summary. */
export const AttemptSheet = Type.Object({
  status: Status,
  attempt: AttemptView,
  grace_seconds: Type.Integer(),
  questions: Type.Array(
    Type.Object({
      id: Id,
      text: Type.String(),
      type: QuestionType,
      options: Type.Array(Type.Object({ id: Id, text: Type.String() })),
      answer: orNull(Type.Object({ option_ids: nullable(Type.Array(Id)), text: nullable(Type.String()), answered_at: DateTime })),
      flagged: Type.Boolean(),
      locked: Type.Boolean(),
      is_correct: Type.Optional(orNull(Type.Boolean())),
    }),
  ),
  summary: Type.Object({ total: Count, answered: Count, unanswered: Type.Array(Id), flagged: Type.Array(Id) }),
});

/** What the review of a finished attempt shows (engine.ts `reviewRules`). */
const ReviewShows = Type.Object({ answers: Type.Boolean(), scores: Type.Boolean(), correctness: Type.Boolean(), key: Type.Boolean() });

/** `GET /api/quiz/:id/review`: the verdict by the evaluation, and the questions as the settings allow (null: none). */
export const AttemptReview = Type.Object({
  quiz: PublicQuiz,
  attempt: AttemptView,
  verdict: Type.Object({
    evaluation: Evaluation,
    passed: orNull(Type.Boolean()),
    score: orNull(Type.Number()),
    max_score: orNull(Type.Number()),
    percent: orNull(Type.Number()),
    passing_percentage: Type.Integer(),
    min_score: Type.Integer(),
  }),
  shows: ReviewShows,
  questions: orNull(
    Type.Array(
      Type.Object({
        id: Id,
        text: Type.String(),
        type: QuestionType,
        options: Type.Array(Type.Object({ id: Id, text: Type.String(), chosen: Type.Boolean(), is_correct: orNull(Type.Boolean()) })),
        answered: Type.Boolean(),
        given_text: orNull(Type.String()),
        score: orNull(Type.Number()),
        is_correct: orNull(Type.Boolean()),
        correct_texts: orNull(Type.Array(Type.String())),
      }),
    ),
  ),
});

/** `GET /api/quiz/states`: the caller's state of each quiz (the course page). */
export const QuizStates = Type.Array(
  Type.Object({
    quiz_id: Id,
    state: oneOf(['not_started', 'in_progress', 'passed', 'not_passed', 'no_attempts_left', 'answered']),
    attempts_used: Count,
    attempts_left: orNull(Count),
    best_percent: orNull(Type.Number()),
  }),
);
