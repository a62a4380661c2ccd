import { Type } from 'typebox';
import { ADMINS } from '../../../common/access/roles.ts';

/** What the marketplace's route files share: their OpenAPI tags, who browses, the request fields read by more than one. */
export const tags = ['marketplace'];
export const adminTags = ['admin: marketplace'];
/** Who browses the catalogue and opens demo materials: students, admins and superadmins of every school. */
export const BROWSERS = ['student', ...ADMINS] as const;
/**
 * Who buys, has My LMS, a wallet and "found cheaper": the same roles, as the specification's route table gives
 * `marketplace, marketplace/found_cheaper, marketplace/{id}, marketplace/{id}/demo, my LMS` to students, admins and
 * superadmins (issue 29). A buyer of any of them studies as a learner account of the seller's school.
 */
export const BUYERS = BROWSERS;
/** The back office's marketplace routes: the school's admins. */
export const admins = { roles: [...ADMINS] };
export const INSTALMENT_MONTHS = [6, 12, 18, 24, 36];
export const Currency = Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO')]);
export const Format = Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online')]);
/** RUR is the old code of the rouble: read as RUB. */
export const rub = (c: string) => (c === 'RUR' ? 'RUB' : c);
export const Money = Type.Number({ minimum: 0.01, maximum: 1e9 });
