import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

export interface WebOptions {
  distDir?: string;
  /** Public API origin for the apps; default: the page's host name on `apiPort`. */
  apiUrl?: string;
  apiPort: number;
  defaultTenant: string;
  logger?: boolean | object;
}

/**
 * The web origin: the learner portal at `/` and the back office under `/admin/`, both built by
 * Vite into dist/. Unknown paths get the app's index.html (client-side routing), with the
 * runtime configuration (API address, default school) written into it, so one build serves any port.
 */
export async function buildWeb(opts: WebOptions) {
  const distDir = opts.distDir ?? resolve('dist');
  const web = Fastify({ logger: opts.logger ?? false });
  const learner = join(distDir, 'learner');
  const admin = join(distDir, 'admin');
  if (!existsSync(join(learner, 'index.html')) || !existsSync(join(admin, 'index.html'))) {
    throw new Error(`The apps are not built: run "npm run build" (looked in ${distDir}).`);
  }
  const runtime = `<script>window.LMS_CONFIG=${JSON.stringify({ apiUrl: opts.apiUrl ?? null, apiPort: opts.apiPort, defaultTenant: opts.defaultTenant })}</script>`;
  const page = (dir: string) => readFileSync(join(dir, 'index.html'), 'utf8').replace('<head>', `<head>${runtime}`);
  const pages = { learner: page(learner), admin: page(admin) };

  await web.register(fastifyStatic, { root: learner, prefix: '/', wildcard: false, index: false, maxAge: '1h' });
  await web.register(fastifyStatic, { root: admin, prefix: '/admin/', decorateReply: false, wildcard: false, index: false, maxAge: '1h' });
  web.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) return reply.status(404).type('text/plain').send('Not found');
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    return reply.type('text/html').header('cache-control', 'no-cache').send(isAdmin ? pages.admin : pages.learner);
  });
  return web;
}
