import type { AwardPage } from '../../../server/modules/lifelong/responses.ts';
import type { Wire } from './wire.ts';

/** What lifelong learning's back-office routes answer (server/modules/lifelong/responses.ts). */
export type AchievementAward = Wire<typeof AwardPage>['data'][number];
