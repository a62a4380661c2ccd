import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf } from '../../core/responses.ts';

/** Response schemas of the groups module (docs/api.md "Response contracts"); the back office's types derive from them. */

export const Member = Type.Object({ id: Id, login: Type.String(), email: Type.String(), name: nullable(Type.String()), surname: nullable(Type.String()) });
/** A group with its members. */
export const Group = Type.Object({ id: Id, tenant_id: Id, title: Type.String(), created_at: DateTime, users: Type.Array(Member), users_count: Type.Integer() });
export const GroupRow = Type.Object({ id: Id, title: Type.String(), created_at: DateTime, users_count: Type.Integer() });
export const GroupAnswer = dataOf(Group);
/** `POST /admin/group/{id}/setUsers`: how many were added, the e-mails no user has, the group now. */
export const SetUsersAnswer = dataOf(Type.Object({ added: Type.Integer(), unknown: Type.Array(Type.String()), group: Group }));
