import type { FastifyInstance } from 'fastify';
import { branchRoutes } from './admin-branches.ts';
import { moduleRoutes } from './admin-modules.ts';
import { achievementRoutes } from './admin-achievements.ts';
import { imageRoutes } from './images.ts';

export { LIFELONG_ADMINS } from './admin-schemas.ts';

/**
 * Back office of lifelong learning: branches and their programs (`admin-branches.ts`), modules (`admin-modules.ts`),
 * achievements and awards by hand (`admin-achievements.ts`); the images' public route (`images.ts`). Registered in
 * this order (the OpenAPI document lists the routes so).
 */
export default async function lifelongAdmin(fastify: FastifyInstance) {
  branchRoutes(fastify);
  moduleRoutes(fastify);
  achievementRoutes(fastify);
  imageRoutes(fastify);
}
