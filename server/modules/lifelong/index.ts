import type { FastifyInstance } from 'fastify';
import lifelongAdmin from './admin.ts';
import lifelongLearner from './learner.ts';

export { achievementsAfter, achievementsSoon, recomputeAchievements } from './awards.ts';
/** The school's credential signing (Ed25519, vc+jwt): issued diplomas are signed the same way (issue 31). */
export { signCredential, verifyCredential, credentialIdOf } from './credentials.ts';
/** The achievements' verifier reads issued diplomas' credentials too (issue 31). */
export { registerIssuedDocuments, type IssuedDocumentState } from './issued-documents.ts';

/** Lifelong learning (docs/lifelong-learning.md): branches, programs, modules, achievements and their credentials. */
export default async function lifelong(app: FastifyInstance) {
  await lifelongAdmin(app);
  await lifelongLearner(app);
}
