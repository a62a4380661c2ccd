import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The web origin for links in mail: the caller's Origin when it is ours, else `<school>.localhost:WEB_PORT`. */
export function webOrigin(app: FastifyInstance, req: FastifyRequest) {
  const origin = req.headers.origin;
  if (origin) {
    try {
      const u = new URL(origin);
      if (app.config.webOrigins.includes(origin) || u.hostname === 'localhost' || u.hostname.endsWith('.localhost')) return origin;
    } catch {
      /* fall through */
    }
  }
  return `http://${req.tenant.slug}.localhost:${app.config.webPort}`;
}
