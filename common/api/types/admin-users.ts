import type { PublicUser } from '../../../server/modules/accounts/profile.ts';
import type { ImportAnswer, ScoreAnswer, SendPasswordAnswer, SocialAnswer } from '../../../server/modules/user-extras/responses.ts';
import type { Wire } from './wire.ts';

/** A user as the back office lists and reads them (`/admin/user`, server/modules/admin-users). */
export type AdminUser = Wire<typeof PublicUser>;

/** The users' back-office extras (server/modules/user-extras/responses.ts): manual score, social links, a new password, the import. */
export type UserScoreAnswer = Wire<typeof ScoreAnswer>;
export type UserScore = UserScoreAnswer['data'];
export type UserScoreChange = UserScore['history'][number];
export type UserSocialAnswer = Wire<typeof SocialAnswer>;
export type UserSocial = UserSocialAnswer['data'];
export type SendPasswordResult = Wire<typeof SendPasswordAnswer>;
export type ImportResult = Wire<typeof ImportAnswer>;
export type ImportReport = ImportResult['data'];
