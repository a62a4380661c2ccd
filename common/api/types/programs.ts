import type { LearnerMedia, LearnerProgram, MyProgram, Progress as ProgressSchema } from '../../../server/modules/programs/responses.ts';
import type { DataAnswer, ListAnswer } from './answers.ts';
import type { Wire } from './wire.ts';

/** What the programs' learner routes answer (server/modules/programs/responses.ts). */
export type Progress = Wire<typeof ProgressSchema>;
export type MyPrograms = ListAnswer<typeof MyProgram>;
export type ProgramAnswer = DataAnswer<typeof LearnerProgram>;
export type Program = ProgramAnswer['data'];
export type Chapter = Program['chapters'][number];
export type MediaAnswer = DataAnswer<typeof LearnerMedia>;
