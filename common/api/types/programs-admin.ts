import type { Enrolment } from '../../../server/modules/programs/responses.ts';
import type { Wire } from './wire.ts';

/** What the program builder's back-office routes answer (server/modules/programs/responses.ts). */
export type ProgramEnrolment = Wire<typeof Enrolment>;
