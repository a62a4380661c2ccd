import { Type } from 'typebox';
import { mediaKinds } from '../../db/schema/index.ts';
import { DateTime, Day, dataOf, oneOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/**
 * What the programs module answers (docs/api.md "Response contracts"): one object per entity, shared by the learner's
 * and the back office's routes. Fastify serialises with these, so each names every field its handler sends.
 */

const MediaKind = oneOf(mediaKinds);
const Text = nullable(Type.String());
const Count = Type.Integer({ minimum: 0 });

/** A row of `programs` as stored (the back office's list and forms, the learner's program page). */
export const ProgramFields = {
  id: Id,
  tenant_id: Id,
  title: Type.String(),
  title_en: Text,
  technical_name: Text,
  main_name: Text,
  documents_title: Text,
  days_to_study: nullable(Type.Integer()),
  ects: nullable(Type.Number()),
  payment_currency: Text,
  extra_currency: Text,
  consulting_count: nullable(Type.Integer()),
  consulting_days: nullable(Type.Integer()),
  description: Text,
  short_description: Text,
  full_description: Text,
  language: Text,
  skills: nullable(Type.Array(Type.String())),
  knowledge: nullable(Type.Array(Type.String())),
  requirements: Text,
  duration: Text,
  category: Text,
  price: nullable(Type.Number()),
  discount_price: nullable(Type.Number()),
  format: Text,
  logo: Text,
  created_at: DateTime,
};
export const Program = Type.Object(ProgramFields);
/** A program in the back office's form: the row and the ids of its trainers. */
export const AdminProgram = Type.Object({ ...ProgramFields, trainer_ids: Type.Array(Id) });
/** `POST /admin/delete/program`: how many programs went, and which. */
export const DeleteProgramsAnswer = dataOf(Type.Object({ count: Type.Integer(), deleted: Type.Array(Id) }));

/** Users and groups enrolled in a program. */
export const Enrolment = Type.Object({
  users: Type.Array(Type.Object({ id: Id, login: Type.String(), email: Type.String(), name: Type.String(), surname: Type.String() })),
  groups: Type.Array(Type.Object({ id: Id, title: Type.String() })),
});

/** A material or quiz attached to a chapter, at its place. */
const AttachedItem = Type.Object({ id: Id, title: Type.String(), kind: Type.String(), sort: Type.Integer() });
/** A chapter in the builder: its media and quizzes in order (structure.ts `ChapterWithItems`). */
export const BuilderChapter = Type.Object({ id: Id, program_id: Id, title: Type.String(), sort: Type.Integer(), media: Type.Array(AttachedItem), quizzes: Type.Array(AttachedItem) });
export const BuilderChapterRow = Type.Object({ id: Id, program_id: Id, title: Type.String(), sort: Type.Integer(), media_count: Count, quizzes_count: Count });
/** The builder's view of a program: its chapters with their items. */
export const Structure = Type.Object({ id: Id, title: Type.String(), chapters: Type.Array(BuilderChapter) });

// ---- the learner's side (progress.ts) -------------------------------------------------------------

const ItemStatus = oneOf(['todo', 'viewed', 'answered', 'passed', 'failed', 'awaiting', 'checked', 'approved', 'incomplete', 'completed']);
/** A program's progress (progress.ts `Progress`). */
export const Progress = Type.Object({
  state: oneOf(['not_started', 'in_process', 'done']),
  done: Count,
  total: Count,
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  passed: nullable(Type.Boolean()),
});
/** A chapter with the learner's state of every item (progress.ts `ChapterView`). */
const LearnerChapter = Type.Object({
  id: Id,
  title: Type.String(),
  media: Type.Array(
    Type.Object({
      id: Id,
      title: Type.String(),
      kind: Type.String(),
      deadline: nullable(Day),
      viewed: Type.Boolean(),
      submitted: nullable(Type.Boolean()),
      approved: nullable(Type.Boolean()),
      status: ItemStatus,
      done: Type.Boolean(),
    }),
  ),
  quizzes: Type.Array(
    Type.Object({
      id: Id,
      title: Type.String(),
      kind: Type.String(),
      evaluation: Type.String(),
      result: nullable(Type.Object({ passed: Type.Boolean(), percent: Type.Number(), score: Type.Number() })),
      status: ItemStatus,
      done: Type.Boolean(),
    }),
  ),
});
/** One of "my programs". */
export const MyProgram = Type.Object({
  id: Id,
  title: Type.String(),
  title_en: Text,
  description: Text,
  short_description: Text,
  days_to_study: nullable(Type.Integer()),
  progress: Progress,
});
/** The learner's program page: the row, its chapters with each item's state, the progress. */
export const LearnerProgram = Type.Object({ ...ProgramFields, chapters: Type.Array(LearnerChapter), progress: Progress });

// ---- materials -----------------------------------------------------------------------------------

/** The columns of a material both sides show (never its disk path or school). */
const MediaFields = {
  id: Id,
  title: Type.String(),
  kind: MediaKind,
  file_name: Text,
  mime: Text,
  size: nullable(Type.Integer()),
  url: Text,
  body: Text,
  deadline: nullable(Day),
  created_at: DateTime,
};
/** A material as the learner opens it (`body` sanitised; links to its stream or file). */
export const LearnerMedia = Type.Object({ ...MediaFields, lti_tool_id: Type.Optional(nullable(Id)), stream_url: Text, file_url: Text });
/** A material in the back office (admin-media.ts `view`). */
export const AdminMedia = Type.Object({ ...MediaFields, lti_tool_id: Type.Optional(nullable(Id)), has_file: Type.Boolean(), stream_url: Text, download_url: Text, chapters_count: Count });
/** A material to pick in the builder. */
export const MediaChoice = Type.Object({ id: Id, title: Type.String(), kind: MediaKind });

/** What a video's progress report answers. */
export const VideoProgress = dataOf(Type.Object({ percent: Type.Number(), position: Type.Integer(), duration: Type.Integer(), recorded: Type.Boolean() }));
