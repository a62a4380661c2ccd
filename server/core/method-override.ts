import type { FastifyInstance, RouteOptions } from 'fastify';
import { AppError, validationFromAjv } from './errors.ts';
import { answerWithSchemasOf } from './responses.ts';

const OVERRIDABLE = ['PUT', 'PATCH', 'DELETE'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * On a POST twin: the routes `_method` may name on its path, by method (filled as they register). The tenant hook
     * checks the guard they share before the body is read (`sharedGuard` in context.ts), the twin the chosen one's after.
     */
    overrides?: Record<string, RouteOptions>;
  }
}

/**
 * Method override (`POST` with `_method=PUT|PATCH|DELETE` in the body). Fastify picks the route
 * before it reads the body, so each PUT/PATCH/DELETE route gets a POST twin on the same path that
 * dispatches on `_method` after the body is parsed, running the target's guard and validation. Before the body is
 * read, the tenant hook refuses a caller whom every target on the path would refuse (token, school, role), so that an
 * anonymous or forbidden upload is never written to disk.
 */
export function installMethodOverride(app: FastifyInstance) {
  const targets = new Map<string, Record<string, RouteOptions>>();
  app.addHook('onRoute', function (opts) {
    const method = String(opts.method);
    if (!OVERRIDABLE.includes(method) || opts.config?.twin) return;
    const existing = targets.get(opts.url);
    if (existing) {
      existing[method] = opts;
      return;
    }
    const byMethod: Record<string, RouteOptions> = { [method]: opts };
    targets.set(opts.url, byMethod);
    this.route({
      method: 'POST',
      url: (opts as RouteOptions & { routePath: string }).routePath,
      config: { ...(opts.config as object), twin: true, overrides: byMethod },
      schema: { hide: true } as never,
      handler: async function (req, reply) {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const wanted = String(body._method ?? '').toUpperCase();
        const target = byMethod[wanted];
        if (!target) throw new AppError(404, 'NOT_FOUND_ROUTE', `No route POST ${opts.url} without _method`);
        delete body._method;
        await app.checkGuard(req, target.config ?? {});
        const schema = target.schema as { body?: object; params?: object; querystring?: object } | undefined;
        for (const [part, value] of [
          ['params', req.params],
          ['querystring', req.query],
          ['body', body],
        ] as const) {
          const s = schema?.[part];
          if (!s) continue;
          const validate = req.compileValidationSchema(s, part === 'querystring' ? 'querystring' : part);
          if (!validate(value)) throw validationFromAjv((validate.errors ?? []) as never);
        }
        answerWithSchemasOf(req, reply, (target.schema as { response?: Record<string, unknown> } | undefined)?.response);
        return target.handler.call(this, req, reply);
      },
    });
  });
}
