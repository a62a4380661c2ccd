import type { FastifyInstance } from 'fastify';
import { chapterRoutes } from './chapters.ts';
import { programRoutes } from './programs.ts';

/**
 * The program builder of the back office: chapters of a program (`/admin/programChapter`), the media and quizzes
 * attached to each, their order, and program clone / duplicate / bulk delete. Admins and superadmins change it;
 * a trainer reads the builder of the programs assigned to them.
 */
export default async function programBuilderModule(fastify: FastifyInstance) {
  chapterRoutes(fastify);
  programRoutes(fastify);
}
