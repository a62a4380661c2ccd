import type { ManyAnswer } from '../../../server/modules/companies/index.ts';
import type { Wire } from './wire.ts';

/** `PUT /admin/company/many` (server/modules/companies). */
export type CompaniesUpdated = Wire<typeof ManyAnswer>;
