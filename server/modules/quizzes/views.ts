import { secondsLeft, type Attempt, type Quiz } from './engine.ts';

/** The rules of a quiz as the learner sees them (responses.ts `PublicQuiz`). */
export const publicQuiz = (q: Quiz) => ({
  id: q.id,
  title: q.title,
  kind: q.kind,
  sort_type: q.sort_type,
  evaluation: q.evaluation,
  max_attempts: q.max_attempts,
  response_time_minutes: q.response_time_minutes,
  show_report: q.show_report,
  show_correct: q.show_correct,
  passing_percentage: q.passing_percentage,
  min_score: q.min_score,
  opens_at: q.opens_at,
  closes_at: q.closes_at,
  grace_seconds: q.grace_seconds,
});

/** An attempt as the learner sees it (responses.ts `AttemptView`): its result only once finished. */
export const attemptView = (a: Attempt) => ({
  id: a.id,
  number: a.number,
  status: a.status,
  started_at: a.started_at,
  finished_at: a.finished_at,
  seconds_left: a.status === 'FINISHED' ? 0 : secondsLeft(a),
  score: a.status === 'FINISHED' ? a.score : null,
  max_score: a.status === 'FINISHED' ? a.max_score : null,
  percent: a.status === 'FINISHED' ? a.percent : null,
  passed: a.status === 'FINISHED' ? a.passed : null,
});
