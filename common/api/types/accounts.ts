import type { Me, RegisterOpenAnswer } from '../../../server/modules/accounts/index.ts';
import type { TokenAnswer as TokenAnswerSchema } from '../../../server/core/tokens.ts';
import type { Wire } from './wire.ts';

/** What the accounts' routes answer (server/modules/accounts): the sign-in's tokens, the signed-in profile, sign-ups. */
export type TokenAnswer = Wire<typeof TokenAnswerSchema>;
/** `GET`/`PUT /api/user`, `POST /api/user/setAvatar`. */
export type MeAnswer = Wire<typeof Me>;
export type RegisterOpen = Wire<typeof RegisterOpenAnswer>;
