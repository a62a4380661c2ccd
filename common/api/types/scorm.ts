import type { ScormAttempt, ScormLaunch, ScormPackage } from '../../../server/modules/scorm/responses.ts';
import type { DataAnswer } from './answers.ts';

/** What the SCORM routes answer (server/modules/scorm/responses.ts). */
export type ScormLaunchAnswer = DataAnswer<typeof ScormLaunch>;
export type ScormLaunchData = ScormLaunchAnswer['data'];
export type ScormAttemptAnswer = DataAnswer<typeof ScormAttempt>;
export type ScormAttemptData = ScormAttemptAnswer['data'];
export type ScormPackageAnswer = DataAnswer<typeof ScormPackage>;
