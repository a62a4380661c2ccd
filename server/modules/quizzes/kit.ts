import type { FastifyRequest } from 'fastify';
import type { Attempt, Quiz } from './engine.ts';
import type { QuizContent } from './answer-path.ts';

/**
 * What learner.ts lends the routes of results.ts and navigation.ts: the one reading of a quiz with the caller's right
 * to take it, of an attempt (finished on the spot once its time and grace are up), the one way of finishing, and the
 * rule of the key.
 */
export interface LearnerKit {
  loadQuiz(req: FastifyRequest, id: number): Promise<Quiz>;
  loadAttempt(req: FastifyRequest, quiz: Quiz, id: number | undefined): Promise<Attempt>;
  finish(req: FastifyRequest, quiz: Quiz, a: Attempt): Promise<Attempt>;
  /** Whether correctness may be shown now (engine.ts `mayShowCorrect` with the caller's attempts counted). */
  revealsCorrect(req: FastifyRequest, quiz: Quiz): Promise<boolean>;
  /** The quiz's content from the answer path's cache. */
  content(req: FastifyRequest, quiz: Quiz): Promise<QuizContent>;
}
