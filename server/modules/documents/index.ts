import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { adminRoutes } from './admin.ts';

/**
 * Documents, one subject: the student's documents and certificates and their own uploads (`learner.ts`), every
 * document of the school in the back office (`admin.ts`), over one store (`store.ts`: the file kept and recorded,
 * read back and removed, the download's name and address).
 */
export default async function documentsModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  adminRoutes(fastify);
}
