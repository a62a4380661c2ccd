import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { quizRoutes } from './admin-quizzes.ts';
import { questionRoutes } from './admin-questions.ts';
import { optionRoutes } from './admin-options.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { maxScore, type Option, type Question, type Quiz } from './engine.ts';

/**
 * Quizzes, one subject: the learner's engine (`learner.ts`: attempts, timing, answers, results; `engine.ts` its rules,
 * `answer-path.ts` its caches and one-statement answers) and the back office (`admin-quizzes.ts`, `admin-questions.ts`,
 * `admin-options.ts`, admins and superadmins), over one store (`store.ts`).
 */
export default async function quizzesModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  quizRoutes(fastify);
  questionRoutes(fastify);
  optionRoutes(fastify);
}
