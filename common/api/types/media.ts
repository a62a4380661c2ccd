import type { MediaLimitsAnswer } from '../../../server/modules/programs/admin-media.ts';
import type { AdminMedia } from '../../../server/modules/programs/responses.ts';
import type { Wire } from './wire.ts';

/** `GET /admin/media/limits`: upload limits in MB (server/modules/programs/admin-media.ts). */
export type MediaLimits = Wire<typeof MediaLimitsAnswer>['data'];
/** A material as the back office reads it (`GET /admin/media/{id}`). */
export type AdminMediaRecord = Wire<typeof AdminMedia>;
