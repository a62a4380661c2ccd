import { Type } from 'typebox';
import { Id } from '../../core/schemas.ts';
import { ACCESS } from '../../../common/access/roles.ts';

export const tags = ['admin: program builder'];
export const ADMINS = ACCESS.programs.create;
/** Trainers read the builder of the programs assigned to them; only admins change it. */
export const STAFF = ACCESS.programs.read;
export const IdList = (maxItems = 1000) => Type.Array(Id, { minItems: 1, maxItems });
