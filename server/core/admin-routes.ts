import type { FastifyInstance } from 'fastify';
import type { Role } from '../db/schema/index.ts';
import type { UploadLimits } from './multipart.ts';

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
    /**
     * Every route (twins and docs excluded) with its guard as registered: the generated suites (cross-school probe,
     * role matrix, docs/role-matrix.md) walk this, so a new route is covered without anyone listing it.
     */
    routeTable: RouteEntry[];
  }
}

/** One route of the API as registered, with what its guard asks (`roles` absent: any signed-in user). */
export interface RouteEntry {
  method: string;
  url: string;
  auth?: 'public' | 'optional';
  roles?: readonly Role[];
  flag?: string;
  noDemo?: boolean;
  /** The token and school may come in the query string (`access_token`, `domain`). */
  queryToken?: boolean;
  /** The route's multipart limits (`config.upload`): the hostile-upload suite walks the routes that have them. */
  upload?: UploadLimits;
}

/**
 * The back office is staff-only by construction: a `/admin` route must name its roles, and students are never
 * among them. A module that forgets fails at start-up instead of opening a hole.
 */
export function installAdminRouteRule(app: FastifyInstance) {
  const table: AdminRoute[] = [];
  app.decorate('adminRoutes', table);
  const all: RouteEntry[] = [];
  app.decorate('routeTable', all);
  app.addHook('onRoute', (opts) => {
    const c = opts.config;
    if (!c?.twin && !c?.global && (opts.url.startsWith('/api') || opts.url.startsWith('/admin'))) {
      for (const method of [opts.method].flat()) {
        if (method !== 'HEAD') all.push({ method: String(method), url: opts.url, auth: c?.auth, roles: c?.roles, flag: c?.flag, noDemo: c?.noDemo, queryToken: c?.queryToken, upload: c?.upload });
      }
    }
    if (!opts.url.startsWith('/admin') || opts.config?.twin) return;
    const roles = opts.config?.roles;
    if (!roles?.length) throw new Error(`${String(opts.method)} ${opts.url}: a back-office route must set config.roles`);
    if (roles.includes('student')) throw new Error(`${String(opts.method)} ${opts.url}: students have no back-office routes`);
    for (const method of [opts.method].flat()) if (method !== 'HEAD') table.push({ method: String(method), url: opts.url, roles });
  });
}
