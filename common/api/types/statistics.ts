import type { Statistics as StatisticsSchema } from '../../../server/modules/statistics/index.ts';
import type { Wire } from './wire.ts';

/** `GET /admin/statistics` (server/modules/statistics): the school's dashboard. */
export type Statistics = Wire<typeof StatisticsSchema>;
export type ActivityPeriod = Statistics['activity']['period'];
