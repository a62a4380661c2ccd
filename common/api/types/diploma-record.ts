import type { DiplomaFile, FullDiplomaAnswer } from '../../../server/modules/diplomas/responses.ts';
import type { Wire } from './wire.ts';

/** A diploma as `GET /admin/diploma/{id}` answers it: its student, files and generated documents (server/modules/diplomas/responses.ts). */
export type FullDiploma = Wire<typeof FullDiplomaAnswer>['data'];
export type DiplomaFileRow = Wire<typeof DiplomaFile>;
