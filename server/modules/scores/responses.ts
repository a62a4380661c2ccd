import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { MaybeDateTime } from '../../core/responses.ts';

// What the scores module answers: the back office's scores (index.ts) and the student's grades (student.ts).

const Percent = nullable(Type.Number());
const Decision = nullable(Type.Union([Type.Literal('approved'), Type.Literal('revoked')]));

/** One student in one program with the parts and points (index.ts `withPoints`). */
const summaryFields = {
  id: Type.String(),
  user_id: Id,
  user_name: Type.String(),
  user_email: Type.String(),
  program_id: Id,
  program_title: Type.String(),
  status: Decision,
  approved_points: nullable(Type.Number()),
  decided_at: MaybeDateTime,
  quiz_percent: Percent,
  project_percent: Percent,
  activity_percent: Percent,
  points: Type.Number(),
  max_score: Type.Number(),
  quizzes_passed: Type.Integer(),
  quizzes_total: Type.Integer(),
  projects_reviewed: Type.Integer(),
  projects_total: Type.Integer(),
};
export const ScoreSummary = Type.Object(summaryFields);

/** A quiz's and a project's part of a score, as the back office's detail and the student's grades both show them. */
const quizFields = { id: Id, title: Type.String(), kind: Type.String(), percent: Percent, score: nullable(Type.Number()) };
const projectFields = {
  media_id: Id,
  title: Type.String(),
  version: nullable(Type.Integer()),
  status: nullable(Type.String()),
  score: nullable(Type.Number()),
  approved: nullable(Type.Boolean()),
};
/** The same with every quiz, project and material (compute.ts `ScoreDetail`). */
export const ScoreDetail = Type.Object({
  ...summaryFields,
  quizzes: Type.Array(Type.Object(quizFields)),
  projects: Type.Array(Type.Object(projectFields)),
  materials: Type.Array(Type.Object({ id: Id, title: Type.String(), kind: Type.String(), viewed: Type.Boolean(), score: nullable(Type.Number()) })),
});

/** The school's score settings (compute.ts `ScoreSettings`). */
export const ScoreSettings = Type.Object({
  max_score: Type.Number(),
  ratios: Type.Object({ quizzes: Type.Number(), projects: Type.Number(), activity: Type.Number() }),
});

/** A program of the student's grades (`GET /api/score`). */
export const StudentGrades = Type.Object({
  program_id: Id,
  title: Type.String(),
  /** Approved points kept, else the live points; status null: not decided (compute.ts `studentProgramScores`). */
  score: nullable(Type.Object({ points: Type.Number(), max_score: Type.Number(), status: Decision, decided_at: MaybeDateTime })),
  /** The one completion rule's progress (programs' `Progress`). */
  progress: Type.Object({
    state: Type.Union([Type.Literal('not_started'), Type.Literal('in_process'), Type.Literal('done')]),
    done: Type.Integer(),
    total: Type.Integer(),
    percent: Type.Integer(),
    passed: nullable(Type.Boolean()),
  }),
  quizzes: Type.Array(Type.Object({ ...quizFields, passed: nullable(Type.Boolean()), status: Type.String(), done: Type.Boolean() })),
  projects: Type.Array(Type.Object({ ...projectFields, done: Type.Boolean() })),
  /** LTI tools' materials: the score the tool sent back, in percent (docs/standards.md "LTI 1.3"), and whether opened. */
  tools: Type.Optional(Type.Array(Type.Object({ media_id: Id, title: Type.String(), percent: nullable(Type.Number()), done: Type.Boolean() }))),
});
