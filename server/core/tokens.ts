import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tokens } from '../db/schema/index.ts';
import { sha256 } from './context.ts';
import { Type } from 'typebox';

const DAY = 86_400;
/** Lifetimes in seconds: access 1 day (30 with remember), refresh 30 days (90 with remember), demo 2 hours. */
export const LIFETIME = {
  access: (remember: boolean) => (remember ? 30 : 1) * DAY,
  refresh: (remember: boolean) => (remember ? 90 : 30) * DAY,
  demo: 2 * 3600,
};

export interface TokenPair {
  token_type: 'Bearer';
  access_token: string;
  expires_in: number;
  refresh_token: string;
}

/** A `TokenPair` as sent (OAuth's shape, no `data` envelope). */
export const TokenAnswer = Type.Object({ token_type: Type.Literal('Bearer'), access_token: Type.String(), expires_in: Type.Integer(), refresh_token: Type.String() });

/**
 * Issues an opaque token pair; only SHA-256 hashes are stored. `actorId` marks a demo-mode token.
 * `db` is the school-bound handle: the token belongs to its school.
 */
export async function issueTokens(db: Db, userId: number, opts: { remember?: boolean; actorId?: number } = {}): Promise<TokenPair> {
  const remember = !!opts.remember;
  const access = randomBytes(32).toString('base64url');
  const refresh = randomBytes(32).toString('base64url');
  const accessTtl = opts.actorId ? LIFETIME.demo : LIFETIME.access(remember);
  const now = Date.now();
  await db.insert(tokens).values({
    user_id: userId,
    actor_id: opts.actorId ?? null,
    access_hash: sha256(access),
    refresh_hash: sha256(refresh),
    access_expires_at: new Date(now + accessTtl * 1000),
    refresh_expires_at: new Date(now + (opts.actorId ? LIFETIME.demo : LIFETIME.refresh(remember)) * 1000),
    remember,
  });
  return { token_type: 'Bearer', access_token: access, expires_in: accessTtl, refresh_token: refresh };
}

/** Revokes every live token of a user (of the handle's school), except `keepId` when given. */
export async function revokeUserTokens(db: Db, userId: number, keepId?: number) {
  await db
    .update(tokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(tokens.user_id, userId), isNull(tokens.revoked_at), keepId ? ne(tokens.id, keepId) : undefined));
}
