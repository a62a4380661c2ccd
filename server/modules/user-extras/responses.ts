import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import { DateTime, MaybeDateTime, dataOf } from '../../core/responses.ts';
import { SOCIAL_KEYS } from './rules.ts';

/** Response schemas of the users' back-office extras (docs/api.md "Response contracts"); the back office's types derive from them. */

const Text = nullable(Type.String());
/** A user who signed up through /api/register, with the moment of the sign-up. */
export const Registration = Type.Object({
  id: Id,
  login: Type.String(),
  email: Type.String(),
  name: Type.String(),
  surname: Type.String(),
  patronymic: Text,
  phone: Text,
  role: Type.String(),
  is_blocked: Type.Boolean(),
  registered_at: DateTime,
  last_login_at: MaybeDateTime,
});
/** A user's manual score and its last changes, newest first (`scoreOf`). */
export const ScoreAnswer = dataOf(
  Type.Object({
    user_id: Id,
    score: Type.Number(),
    history: Type.Array(
      Type.Object({
        id: Id,
        mode: Type.String(),
        delta: Type.Number(),
        total: Type.Number(),
        comment: Text,
        actor_id: nullable(Id),
        created_at: DateTime,
      }),
    ),
  }),
);
/** Every social key, null when absent (`socialOf`). */
export const SocialAnswer = dataOf(Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, Text])) as Record<(typeof SOCIAL_KEYS)[number], typeof Text>));
export const ImportAnswer = dataOf(
  Type.Object({
    created: Type.Integer(),
    refused: Type.Array(Type.Object({ row: Type.Integer(), login: Type.String(), email: Type.String(), errors: Type.Array(Type.String()) })),
  }),
);

/** `POST /admin/email/sendPassword`: to whom, and whether it went or waits in the outbox. */
export const SendPasswordAnswer = dataOf(Type.Object({ user_id: Id, email: Type.String(), sent: Type.Boolean(), outbox: Type.Boolean() }));
