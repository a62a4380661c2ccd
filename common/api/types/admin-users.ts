import type { PublicUser } from '../../../server/modules/accounts/profile.ts';
import type { Wire } from './wire.ts';

/** A user as the back office lists and reads them (`/admin/user`, server/modules/admin-users). */
export type AdminUser = Wire<typeof PublicUser>;
