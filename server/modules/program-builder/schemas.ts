import { Type } from 'typebox';

export const tags = ['admin: program builder'];
export const ADMINS = ['superadmin', 'admin'] as const;
/** Trainers read the builder of the programs assigned to them; only admins change it. */
export const STAFF = ['superadmin', 'admin', 'trainer'] as const;
export const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const IdList = (maxItems = 1000) => Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems });
