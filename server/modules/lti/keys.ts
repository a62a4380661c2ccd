import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../../db/client.ts';
import { ltiKeys } from '../../db/schema/index.ts';

// `db` in this file is the school-bound handle (`req.db`): a school reads and makes only its own key pair.

type KeyRow = typeof ltiKeys.$inferSelect;

/** The school's key pair, made on first use (a launch, a tool's registration); `create: false` only reads it. */
export async function schoolKey(db: Db): Promise<KeyRow>;
export async function schoolKey(db: Db, create: false): Promise<KeyRow | undefined>;
export async function schoolKey(db: Db, create = true): Promise<KeyRow | undefined> {
  const [found] = await db.select().from(ltiKeys).limit(1);
  if (found || !create) return found;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const public_jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const private_jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  // two first launches at once: one pair wins, both use it
  const [made] = await db.insert(ltiKeys).values({ kid, public_jwk, private_jwk }).onConflictDoNothing({ target: ltiKeys.tenant_id }).returning();
  return made ?? (await db.select().from(ltiKeys).limit(1))[0];
}

/** Signs `claims` with the school's private key (RS256, its `kid` in the header). */
export async function signWithSchoolKey(key: KeyRow, claims: JWTPayload, expiresInSeconds: number, typ = 'JWT') {
  const privateKey = await importJWK(key.private_jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(privateKey);
}

/** Verifies a value this school signed (a login hint, an access token): its claims, or an error from jose. */
export async function verifySchoolSigned(key: KeyRow, token: string, options: { audience?: string; issuer: string; typ?: string }) {
  const publicKey = await importJWK(key.public_jwk, 'RS256');
  const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'], issuer: options.issuer, audience: options.audience, typ: options.typ });
  return payload;
}

/** The API's own address as tools reach it: `API_URL`, else the request's. */
export const apiBase = (app: FastifyInstance, req: FastifyRequest) => (app.config.apiUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

/** The school's platform addresses (docs/standards.md "LTI 1.3"): the school is in the path, a tool sends no header. */
export function platformUrls(base: string, slug: string) {
  const root = `${base}/api/lti/${encodeURIComponent(slug)}`;
  return {
    issuer: root,
    jwks: `${root}/jwks`,
    auth: `${root}/auth`,
    token: `${root}/token`,
    lineItems: (programId: number) => `${root}/context/${programId}/lineitems`,
    lineItem: (programId: number, id: number) => `${root}/context/${programId}/lineitems/${id}`,
  };
}
