import type { CountAnswer, PeopleAnswer, ProjectVersion as ProjectVersionSchema, ReviewedVersionAnswer, StudentMediaAnswer, VersionRow } from '../../../server/modules/projects/responses.ts';
import type { Wire } from './wire.ts';

/** What the projects' back-office routes answer (server/modules/projects/responses.ts). */
export type ReviewedVersion = Wire<typeof ReviewedVersionAnswer>['data'];
export type ProjectVersionRow = Wire<typeof VersionRow>;
export type ProjectPeople = Wire<typeof PeopleAnswer>['data'];
export type StudentMedia = Wire<typeof StudentMediaAnswer>['data'];
export type UncheckedCount = Wire<typeof CountAnswer>['data'];
/** A student's own version of a project (`GET /api/media/{id}/submittedProject`, newest first). */
export type ProjectVersion = Wire<typeof ProjectVersionSchema>;
