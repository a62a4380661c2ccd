import type { Group, GroupRow as GroupRowSchema, SetUsersAnswer } from '../../../server/modules/groups/responses.ts';
import type { Wire } from './wire.ts';

/** What the groups' back-office routes answer (server/modules/groups/responses.ts). */
export type AdminGroup = Wire<typeof Group>;
export type GroupMember = AdminGroup['users'][number];
/** A group in the list (`GET /admin/group`). */
export type GroupRow = Wire<typeof GroupRowSchema>;
export type SetUsersResult = Wire<typeof SetUsersAnswer>;
