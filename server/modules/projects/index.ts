import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { reviewRoutes } from './admin.ts';
import studentMediaRoutes from './student-media.ts';

/**
 * Project submissions (archives, versions, deadline rule) and their review by trainers and admins (docs/projects.md):
 * the student's side in `learner.ts`, the review in `admin.ts`, a student's score, extra versions and "viewed" per
 * material in `student-media.ts`, over `store.ts`. Registered in this order (the OpenAPI document lists the routes so).
 */
export default async function projectsModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  reviewRoutes(fastify);
  await studentMediaRoutes(fastify);
}
