import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenants, users } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { safeJoin, tenantRoot } from '../../core/storage.ts';
import { schoolSuspended } from '../../core/context.ts';
import { ANY_FILE, fileAnswer } from '../../core/responses.ts';
import { initialValues } from './cmi.ts';
import { safeRelative } from './manifest.ts';
import { fieldsOf, launchOf } from './store.ts';

/**
 * A package's files, served from the API under the launch's key: `/api/scorm/content/:school/:key/<file>`
 * (docs/standards.md "Security model"). The key opens this package's files, for LAUNCH_HOURS, and nothing else; no
 * session token is in the address or reaches the package. Every answer carries a content policy with `sandbox`
 * without `allow-same-origin`: the package runs in an origin of its own (opaque), so it reads neither the portal's
 * storage (its session token) nor the API's, nor the portal's page. It talks to the portal's run-time API only through
 * messages: every HTML page of the package gets scorm-again's CrossFrameAPI as `window.API` (1.2) or
 * `window.API_1484_11` (2004), filled with the learner's stored values so that a resume reads them at once.
 */
const RUNTIME = '__scorm-runtime.js';
const crossFrameApi = readFileSync(createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsd: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
};
const typeOf = (name: string) => TYPES[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''] ?? ANY_FILE;

/** The headers of every file of a package. */
function contentHeaders(reply: FastifyReply, origin: string | null, cache: string) {
  reply.header('content-security-policy', `sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads${origin ? `; frame-ancestors ${origin}` : ''}`);
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', cache);
  // the package's own requests (XHR of its JSON, say) come from its opaque origin: read-only files, no credentials
  reply.header('access-control-allow-origin', '*');
}

/** The page's `<script>` of the run-time, first in its head, by a path relative to the page (the API may sit under a prefix). */
export function withRuntime(html: string, depth: number) {
  const tag = `<script src="${'../'.repeat(depth)}${RUNTIME}"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + tag + html.slice(root.index + root[0].length);
  return tag + html;
}

const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const gone = () => new AppError(404, 'NOT_FOUND_FILE', 'The launch has expired or the file is missing');

  app.get(
    '/api/scorm/content/:school/:key/*',
    {
      // outside the request's school scope: a frame's requests carry no header; the school comes from the address
      config: { global: true, auth: 'public' },
      schema: {
        // out of the OpenAPI document: not an API call but a frame's files, outside the request scope (docs/standards.md)
        hide: true,
        tags: ['SCORM'],
        summary: "A file of a launched SCORM package (the launch's key opens it for a few hours; HTML pages get the run-time's bridge)",
        params: Type.Object({ school: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), key: Type.String({ minLength: 20, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }), '*': Type.String() }),
        response: { 200: fileAnswer(['text/html', 'text/javascript', ANY_FILE], "The package's file") },
      },
    },
    async (req, reply) => {
      const db = app.schoolDb(req.params.school);
      const [school] = await db.select({ slug: tenants.slug, suspended_at: tenants.suspended_at }).from(tenants).where(eq(tenants.id, req.params.school));
      if (!school) throw gone();
      if (school.suspended_at) throw schoolSuspended(school.slug);
      const found = await launchOf(db, req.params.key);
      if (!found) throw gone();
      const rel = req.params['*'];
      if (rel === RUNTIME) {
        const [me] = await db.select({ id: users.id, name: users.name, surname: users.surname, login: users.login }).from(users).where(eq(users.id, found.attempt.user_id));
        const name = [me?.surname, me?.name].filter(Boolean).join(', ') || me?.login || '';
        // the run-time's defaults too, so that a page reading them before the first answer from the portal gets them
        const defaults = found.pkg.version === '1.2' ? { 'cmi.core.lesson_mode': 'normal', 'cmi.core.credit': 'credit' } : { 'cmi.mode': 'normal', 'cmi.credit': 'credit' };
        const values = { ...defaults, ...initialValues(found.pkg.version, fieldsOf(found.attempt), { id: found.attempt.user_id, name }) };
        const global = found.pkg.version === '1.2' ? 'API' : 'API_1484_11';
        const origin = found.launch.origin ?? '*';
        contentHeaders(reply, found.launch.origin, 'no-store');
        reply.type('text/javascript; charset=utf-8');
        return `${crossFrameApi}\n;(function () {\n  var CF = window.CrossFrameAPI && (window.CrossFrameAPI.default || window.CrossFrameAPI);\n  var api = new CF(${scriptJson(origin)}, window.top, { timeout: 10000 });\n  var values = ${scriptJson(values)};\n  for (var k in values) api._cache.set(k, values[k]);\n  window.${global} = api;\n})();\n`;
      }
      if (!safeRelative(rel)) throw gone();
      let abs: string;
      try {
        abs = safeJoin(safeJoin(tenantRoot(app.config.dataDir, school.slug), found.pkg.dir), rel);
      } catch {
        throw gone();
      }
      const st = await stat(abs).catch(() => undefined);
      if (!st?.isFile()) throw gone();
      const type = typeOf(rel);
      if (type.startsWith('text/html') && st.size < 20 * 1024 * 1024) {
        contentHeaders(reply, found.launch.origin, 'no-store');
        reply.type(type);
        return withRuntime(await readFile(abs, 'utf8'), rel.split('/').length - 1);
      }
      contentHeaders(reply, found.launch.origin, 'private, max-age=3600');
      reply.type(type);
      reply.header('content-length', st.size);
      return reply.send(createReadStream(abs));
    },
  );
}
