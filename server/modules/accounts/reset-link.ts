import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';
import { sha256 } from '../../core/context.ts';

/**
 * A single-use link key to choose a password (`/reset_password/<key>` in the portal, `POST /api/user/resetPassword/:token`),
 * valid for `minutes`; only its SHA-256 is stored. `db` is the user's school-bound handle. The password reset mail
 * (60 minutes) and a new school's first main administrator (`npm run school -- create`, 7 days) use it.
 */
export async function newPasswordLink(db: Db, userId: number, minutes: number) {
  const key = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({ user_id: userId, token_hash: sha256(key), expires_at: new Date(Date.now() + minutes * 60_000) });
  return key;
}
