import type { ScoreDetail as ScoreDetailSchema, ScoreSettings as ScoreSettingsSchema, StudentGrades } from '../../../server/modules/scores/responses.ts';
import type { Wire } from './wire.ts';

/** What the scores' routes answer (server/modules/scores/responses.ts). */
export type ScoreSettings = Wire<typeof ScoreSettingsSchema>;
/** `GET /admin/score/:id`: a student's score in a program with every quiz, project and material. */
export type ScoreDetail = Wire<typeof ScoreDetailSchema>;

/** `GET /api/score` (the learner's grades per program). */
export type MyGrades = { data: Wire<typeof StudentGrades>[] };
