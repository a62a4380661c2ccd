import type { Db } from '../../db/client.ts';

/**
 * Credentials the school signs for other subjects (issued diplomas, issue 31): their state by credential id, so that
 * `POST /api/credential/verify`, the achievements' verifier, reads them the same way (docs/documents.md "Verifiable").
 */
export interface IssuedDocumentState {
  code: string;
  status: 'valid' | 'revoked';
  school: string;
  name: string;
  program: string | null;
  title: string;
  registration_number: string;
  date_issue: string;
  revoked_at: Date | null;
}
export type IssuedDocumentResolver = (db: Db, credentialId: string) => Promise<IssuedDocumentState | null>;

const resolvers: IssuedDocumentResolver[] = [];

/** A subject that signs credentials with the school's key says how to find one of its own (once per resolver). */
export function registerIssuedDocuments(resolver: IssuedDocumentResolver) {
  if (!resolvers.includes(resolver)) resolvers.push(resolver);
}

/** The issued document a credential id names, if a registered subject knows it. */
export async function issuedDocumentState(db: Db, credentialId: string) {
  for (const resolve of resolvers) {
    const state = await resolve(db, credentialId);
    if (state) return state;
  }
  return null;
}
