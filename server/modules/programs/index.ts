import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { programRoutes } from './admin-programs.ts';
import { chapterRoutes } from './admin-chapters.ts';
import { mediaRoutes } from './admin-media.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { assertItemVisible, assertProgramVisible, enrolledProgramIds, seesAllPrograms } from './access.ts';
export {
  attemptPassed,
  completedProgramIds,
  programCompletion,
  programTree,
  programTrees,
  progressOf,
  type ChapterView,
  type Completion,
  type Progress,
  type ProgressState,
  type QuizRule,
} from './progress.ts';

/**
 * Programs, one subject: the learner's side (`learner.ts`: my programs with progress, a program's tree, materials,
 * video streaming and progress; completion in `progress.ts`, enrolment and visibility in `access.ts`) and the back
 * office (`admin-programs.ts`: `/admin/program` list, CRUD, enrolment, structure, clone, copy, bulk delete;
 * `admin-chapters.ts`: `/admin/programChapter`, the media and quizzes attached to each, their order; `admin-media.ts`:
 * `/admin/media`, the school's materials, their uploads and limits in `media-rules.ts`), over one store of the
 * structure (`structure.ts`). Admins and superadmins change programs; a trainer reads and edits the programs
 * assigned to them and reads their builder.
 */
export default async function programsModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  programRoutes(fastify);
  chapterRoutes(fastify);
  mediaRoutes(fastify);
}
