import { createHash } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, decodeProtectedHeader, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { credentialKeys } from '../../db/schema/index.ts';
import type { CredentialPayload, PublicJwk } from './responses.ts';

export const CREDENTIAL_ALG = 'EdDSA';

/**
 * The school's signing key (Ed25519), made on first use and kept in the database; concurrent first uses keep one
 * (a unique index on the school, the loser reads the winner's).
 */
export async function schoolKey(db: Db) {
  const [have] = await db.select().from(credentialKeys).limit(1);
  if (have) return have;
  const { publicKey, privateKey } = await generateKeyPair(CREDENTIAL_ALG, { crv: 'Ed25519', extractable: true });
  const kid = `k-${crypto.randomUUID()}`;
  await db
    .insert(credentialKeys)
    .values({ kid, public_jwk: { ...(await exportJWK(publicKey)), kid, alg: CREDENTIAL_ALG, use: 'sig' }, private_jwk: { ...(await exportJWK(privateKey)), kid, alg: CREDENTIAL_ALG } })
    .onConflictDoNothing();
  const [row] = await db.select().from(credentialKeys).limit(1);
  return row;
}

/** The school's public keys as a JWK Set: of each key its public members only (never the private `d`). */
export async function jwks(db: Db): Promise<{ keys: PublicJwk[] }> {
  const k = await schoolKey(db);
  const { kty, crv, x, kid, alg, use } = k.public_jwk as PublicJwk;
  return { keys: [{ kty, crv, x, kid, alg, use }] };
}

export interface CredentialInput {
  credentialId: string;
  issuer: { id: string; name: string; url: string };
  subject: { id: string; name: string };
  achievement: { id: string; name: string; description: string | null; criteria: string; image: string | null };
  awardedAt: Date;
  verifyUrl: string;
  statusUrl: string;
}

/**
 * An Open Badges 3.0 credential (a W3C Verifiable Credential, data model 2.0) secured as a JWT (`typ: vc+jwt`): the
 * payload is the credential with the registered claims beside it (iss, sub, jti, iat, nbf), signed with the school's
 * Ed25519 key. The same award signs to the same bytes (iat is the award's time), so nothing is stored but the award.
 */
export async function signCredential(db: Db, c: CredentialInput) {
  const key = await schoolKey(db);
  const vc = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${c.credentialId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: c.issuer.id, type: ['Profile'], name: c.issuer.name, url: c.issuer.url },
    validFrom: c.awardedAt.toISOString(),
    name: c.achievement.name,
    credentialSubject: {
      id: c.subject.id,
      type: ['AchievementSubject'],
      name: c.subject.name,
      achievement: {
        id: c.achievement.id,
        type: ['Achievement'],
        name: c.achievement.name,
        description: c.achievement.description ?? c.achievement.name,
        criteria: { narrative: c.achievement.criteria },
        ...(c.achievement.image ? { image: { id: c.achievement.image, type: 'Image' } } : {}),
      },
    },
    credentialStatus: { id: c.statusUrl, type: '1EdTechRevocationList' },
    evidence: [{ id: c.verifyUrl, type: ['Evidence'], name: 'Public verification page' }],
  };
  const iat = Math.floor(c.awardedAt.getTime() / 1000);
  return new SignJWT(vc)
    .setProtectedHeader({ alg: CREDENTIAL_ALG, typ: 'vc+jwt', kid: key.kid })
    .setIssuer(c.issuer.id)
    .setSubject(c.subject.id)
    .setJti(vc.id)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .sign(await importJWK(key.private_jwk as JWK, CREDENTIAL_ALG));
}

/** Checks a credential's signature against the school's key: the payload when it holds, null when it does not. */
export async function verifyCredential(db: Db, jwt: string) {
  const key = await schoolKey(db);
  try {
    if (decodeProtectedHeader(jwt).kid !== key.kid) return null;
    const { payload } = await jwtVerify(jwt, await importJWK(key.public_jwk as JWK, CREDENTIAL_ALG), { algorithms: [CREDENTIAL_ALG], typ: 'vc+jwt' });
    // signed with the school's own key, so made by signCredential: its shape
    return payload as CredentialPayload;
  } catch {
    return null;
  }
}

export const credentialIdOf = (jti: unknown) => (typeof jti === 'string' && jti.startsWith('urn:uuid:') ? jti.slice(9) : null);

/**
 * A withdrawn award granted again is a new credential (issue 27, defect 7): its id is the next one after the
 * withdrawn credential's, `nextCredentialId(old)` (the first 128 bits of a SHA-256 of the old id, written as a UUID).
 * Nothing is stored for the old one: the award keeps one row (the table's unique award per achievement and student),
 * and the old id is known as revoked because some award's id is one of its next ones (`laterCredentialIds`). Anyone
 * holding an old credential can work out the later ids: they name the same student's same achievement, which the
 * old credential names already.
 */
export function nextCredentialId(id: string): string {
  const hex = createHash('sha256').update(`campus-lms/credential/next/${id.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** How many grants after it an old credential is still known as revoked (each one needs a withdrawal between). */
export const CREDENTIAL_GENERATIONS = 256;

/** The ids the credential `id` would have had after 1, 2, … CREDENTIAL_GENERATIONS withdrawals and grants. */
export function laterCredentialIds(id: string, count = CREDENTIAL_GENERATIONS): string[] {
  const out: string[] = [];
  let next = id;
  for (let i = 0; i < count; i++) out.push((next = nextCredentialId(next)));
  return out;
}
