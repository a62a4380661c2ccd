import type { AdminProgram, BuilderChapter, DeleteProgramsAnswer, Enrolment, MediaChoice, Program, Structure } from '../../../server/modules/programs/responses.ts';
import type { Wire } from './wire.ts';

/** What the program builder's back-office routes answer (server/modules/programs/responses.ts). */
export type ProgramEnrolment = Wire<typeof Enrolment>;
/** `GET /admin/program/{id}/structure`: the builder's chapters with their materials and quizzes in order. */
export type ProgramStructure = Wire<typeof Structure>;
export type ProgramChapter = Wire<typeof BuilderChapter>;
export type ChapterItem = ProgramChapter['media'][number];
/** A material offered to a chapter (`GET /admin/programChapter/options/media`). */
export type ChapterMediaChoice = Wire<typeof MediaChoice>;
/** A program as the back office reads it (`GET /admin/program/{id}`; a copy: `POST /admin/program/{id}/clone`). */
export type AdminProgramRecord = Wire<typeof AdminProgram>;
/** A program's row (the list, `POST /admin/program/{id}/clone`). */
export type ProgramRow = Wire<typeof Program>;
export type DeletePrograms = Wire<typeof DeleteProgramsAnswer>;
