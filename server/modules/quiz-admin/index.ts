import type { FastifyInstance } from 'fastify';
import { quizRoutes } from './quizzes.ts';
import { questionRoutes } from './questions.ts';
import { optionRoutes } from './options.ts';

/** Back office of quizzes (admins and superadmins): quizzes, questions and options. The learner engine is `../quizzes`. */
export default async function quizAdminModule(fastify: FastifyInstance) {
  quizRoutes(fastify);
  questionRoutes(fastify);
  optionRoutes(fastify);
}
