import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { adminRoutes } from './admin.ts';

/**
 * Payments, one subject: the student's prices, schedule, plan and invoices (`learner.ts`), the back office's
 * schedules and debts (`admin.ts`, rules in `rules.ts`), over one store (`store.ts`). The `payment` flag must be on.
 */
export default async function paymentsModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  adminRoutes(fastify);
}
