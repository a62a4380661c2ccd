import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webSecurityHeaders } from './core/security-headers.ts';

export interface WebOptions {
  distDir?: string;
  /** Public API origin for the apps; default: the page's host name on `apiPort`. */
  apiUrl?: string;
  apiPort: number;
  defaultTenant: string;
  logger?: boolean | object;
}

/** Vite's hashed output (`assets/<name>-<hash>.<ext>`): a new build names it anew, so a browser may keep it for good. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Headers a hashed file's answer goes without: nothing revalidates it or asks for a part of it. */
const UNNEEDED_FOR_HASHED = ['etag', 'last-modified', 'accept-ranges'];

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: the better-rated of br and gzip that the client accepts (br on a tie), else none. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const q = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const of = (e: string) => q.get(e) ?? q.get('*') ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** A script or stylesheet file being answered: a success (or 304) whose type is JavaScript or CSS. */
export function isScriptOrStyle(status: number, type: unknown): boolean {
  if (status >= 400) return false;
  return /^(text|application)\/(javascript|ecmascript|x-javascript)\b|^text\/css\b/i.test(String(type ?? ''));
}

/**
 * The web origin: the learner portal at `/` and the back office under `/admin/`, both built by
 * Vite into dist/. Unknown paths get the app's index.html (client-side routing), with the
 * runtime configuration (API address, default school) written into it, so one build serves any port.
 *
 * Files are answered from their `.br` / `.gz` copies written at build time (vite.precompress.ts) when the
 * client accepts them; hashed assets are cached for good, HTML never without asking again. Every answer
 * carries the security headers of core/security-headers.ts (docs/security.md, docs/performance.md).
 */
export async function buildWeb(opts: WebOptions) {
  const distDir = opts.distDir ?? resolve('dist');
  // the security headers are known before the server is: an address the router cannot read (a broken %-escape) is
  // answered by frameworkErrors, which runs no hook, so it sets them itself
  let security: ReturnType<typeof webSecurityHeaders> = () => ({});
  const web = Fastify({
    logger: opts.logger ?? false,
    frameworkErrors: (error, req, res) => {
      const reply = res as FastifyReply;
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      reply.headers(security(req.hostname)).code(status).type('text/plain').send('Bad request');
    },
  });
  const learner = join(distDir, 'learner');
  const admin = join(distDir, 'admin');
  if (!existsSync(join(learner, 'index.html')) || !existsSync(join(admin, 'index.html'))) {
    throw new Error(`The apps are not built: run "npm run build" (looked in ${distDir}).`);
  }
  const config = `window.LMS_CONFIG=${JSON.stringify({ apiUrl: opts.apiUrl ?? null, apiPort: opts.apiPort, defaultTenant: opts.defaultTenant }).replace(/</g, '\\u003c')}`;
  const runtime = `<script>${config}</script>`;
  // the page is compressed once here: it differs from the built file by the runtime configuration
  const page = (dir: string) => {
    const html = Buffer.from(readFileSync(join(dir, 'index.html'), 'utf8').replace('<head>', `<head>${runtime}`));
    return {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(html, { level: 9 }),
    };
  };
  const pages = { learner: page(learner), admin: page(admin) };

  // the inline runtime configuration is allowed by its hash; every other script must come from the origin
  security = webSecurityHeaders({ apiPort: opts.apiPort, apiUrl: opts.apiUrl, scriptHashes: [`sha256-${createHash('sha256').update(config).digest('base64')}`] });
  // The policy and framing headers govern documents (and an SVG opened as one); a script or stylesheet is not one, so
  // the file itself (a 2xx/304 answered as JavaScript or CSS) carries only nosniff and the referrer policy: 0.5 KB less
  // on each of a first load's files. Every other answer has them all: a page, an image, and any 4xx or 5xx whatever
  // its address says (`/nope.js` is a plain-text 404, not a script: issue 27, defect 10).
  web.addHook('onSend', async (req, reply, payload) => {
    // A hashed file is never asked for again (immutable; a new build names it anew): its validators and the byte-range
    // offer would only add 0.1 KB to each of a first load's answers.
    if (reply.statusCode === 200 && HASHED.test(req.url.split('?')[0])) for (const h of UNNEEDED_FOR_HASHED) reply.removeHeader(h);
    const headers = security(req.hostname);
    if (isScriptOrStyle(reply.statusCode, reply.getHeader('content-type')))
      reply.headers({ 'x-content-type-options': headers['x-content-type-options'], 'referrer-policy': headers['referrer-policy'] });
    else reply.headers(headers);
    return payload;
  });

  const cacheFor = (reply: FastifyReply, path: string) => {
    reply.header('cache-control', HASHED.test(path.replace(/\.(br|gz)$/, '')) ? IMMUTABLE : 'public, max-age=3600');
  };
  const files = {
    wildcard: false as const,
    index: false as const,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheFor,
    // the copies are chosen by Accept-Encoding, not asked for by name; index.html is the page below
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
  };
  await web.register(fastifyStatic, { root: learner, prefix: '/', ...files });
  await web.register(fastifyStatic, { root: admin, prefix: '/admin/', decorateReply: false, ...files });

  web.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isPage = !/\.[a-z0-9]+$/i.test(path) || path.endsWith('/index.html');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPage) return reply.status(404).type('text/plain').send('Not found');
    const html = path === '/admin' || path.startsWith('/admin/') ? pages.admin : pages.learner;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? html[encoding] : html.identity);
  });
  return web;
}
