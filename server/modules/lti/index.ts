import type { FastifyInstance } from 'fastify';
import { toolRoutes } from './admin-tools.ts';
import { launchRoutes } from './launch.ts';
import { agsRoutes } from './ags.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { HINT_SECONDS } from './launch.ts';

/**
 * LTI 1.3 platform (issue 33, docs/standards.md "LTI 1.3"): tools registered by the school's admin
 * (`admin-tools.ts`, `/admin/ltiTool`), the school's key pair and JWKS (`keys.ts`), the portal's launch and the OIDC
 * third-party-initiated login (`launch.ts`), Assignment and Grade Services with their token endpoint (`ags.ts`).
 * Tools call the `/api/lti/{domain}/…` addresses by themselves, with the school in the path.
 */
export default async function ltiModule(fastify: FastifyInstance) {
  // what a tool sends: OIDC and OAuth forms, and AGS's own JSON media types (this plugin's routes only)
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const out: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(String(body))) if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') out[k] = v;
    done(null, out);
  });
  fastify.addContentTypeParser(/^application\/vnd\.ims\.lis\.v[12]\.[a-z]+\+json/, { parseAs: 'string', bodyLimit: 64 * 1024 }, fastify.getDefaultJsonParser('error', 'error'));
  toolRoutes(fastify);
  launchRoutes(fastify);
  agsRoutes(fastify);
}
