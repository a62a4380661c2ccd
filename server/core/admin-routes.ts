import type { FastifyInstance } from 'fastify';
import type { Role } from '../db/schema/index.ts';

/** One route of the back office as registered: what the route table test walks. */
export interface AdminRoute {
  method: string;
  url: string;
  roles: readonly Role[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/admin` route with the roles it admits (filled while the modules register). */
    adminRoutes: AdminRoute[];
  }
}

/**
 * The back office is staff-only by construction: a `/admin` route must name its roles, and students are never
 * among them. A module that forgets fails at start-up instead of opening a hole.
 */
export function installAdminRouteRule(app: FastifyInstance) {
  const table: AdminRoute[] = [];
  app.decorate('adminRoutes', table);
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/admin') || opts.config?.twin) return;
    const roles = opts.config?.roles;
    if (!roles?.length) throw new Error(`${String(opts.method)} ${opts.url}: a back-office route must set config.roles`);
    if (roles.includes('student')) throw new Error(`${String(opts.method)} ${opts.url}: students have no back-office routes`);
    for (const method of [opts.method].flat()) if (method !== 'HEAD') table.push({ method: String(method), url: opts.url, roles });
  });
}
