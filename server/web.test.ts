import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { precompressDir } from '../vite.precompress.ts';
import { buildWeb, pickEncoding } from './web.ts';

/** A raw HTTP answer: the bytes as sent (no decompression), the headers, the status. */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `demo.localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const JS = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i} of the learner entry"`).join(',')}];\n`;
const ADMIN_JS = `export const admin = [${Array.from({ length: 400 }, (_, i) => `"back office ${i}"`).join(',')}];\n`;
const TXT = 'User-agent: *\nDisallow: /admin/\n'.repeat(40);
const indexHtml = (base: string, entry: string) =>
  `<!doctype html>\n<html lang="ru">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Campus LMS</title>\n    <script type="module" crossorigin src="${base}assets/${entry}"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;

describe('web server: precompressed files, caching and security headers', () => {
  let dist: string;
  let web: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lms-web-'));
    for (const [app, base, entry, code] of [
      ['learner', '/', 'index-AbCd1234.js', JS],
      ['admin', '/admin/', 'index-Zx_9-8yW.js', ADMIN_JS],
    ] as const) {
      mkdirSync(join(dist, app, 'assets'), { recursive: true });
      writeFileSync(join(dist, app, 'index.html'), indexHtml(base, entry));
      writeFileSync(join(dist, app, 'assets', entry), code);
      writeFileSync(join(dist, app, 'assets', 'logo-Qw12Er34.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    }
    writeFileSync(join(dist, 'learner', 'robots.txt'), TXT);
    await precompressDir(join(dist, 'learner'));
    await precompressDir(join(dist, 'admin'));
    web = await buildWeb({ distDir: dist, apiPort: 8000, defaultTenant: 'demo' });
    await web.listen({ port: 0, host: '127.0.0.1' });
    port = (web.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build step writes .br and .gz copies of text files only', () => {
    const assets = join(dist, 'learner', 'assets');
    expect(brotliDecompressSync(readFileSync(join(assets, 'index-AbCd1234.js.br'))).toString()).toBe(JS);
    expect(gunzipSync(readFileSync(join(assets, 'index-AbCd1234.js.gz'))).toString()).toBe(JS);
    expect(brotliDecompressSync(readFileSync(join(dist, 'learner', 'robots.txt.br'))).toString()).toBe(TXT);
    expect(() => readFileSync(join(assets, 'logo-Qw12Er34.png.br'))).toThrow(/ENOENT/);
  });

  it('answers the brotli copy when br is accepted, gzip when only gzip is, the plain file otherwise', async () => {
    const path = '/assets/index-AbCd1234.js';
    const br = await get(port, path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(readFileSync(join(dist, 'learner', 'assets', 'index-AbCd1234.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);

    const gz = await get(port, path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe(br.headers['content-type']);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(JS);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(port, path, accept ? { 'accept-encoding': accept } : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(JS);
    }

    // the back office is served from its own copies too
    const admin = await get(port, '/admin/assets/index-Zx_9-8yW.js', { 'accept-encoding': 'br' });
    expect(admin.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(admin.body).toString()).toBe(ADMIN_JS);
  });

  it("chooses by the client's weights, br on a tie", () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('keeps hashed assets for a year, other files for an hour, HTML never without asking', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const res = await get(port, '/assets/index-AbCd1234.js', { 'accept-encoding': enc });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(port, '/assets/logo-Qw12Er34.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get(port, '/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers['content-encoding']).toBe('br');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    for (const path of ['/', '/courses/list', '/admin/', '/admin/users']) {
      const page = await get(port, path, { 'accept-encoding': 'br' });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends no validators or byte-range offer with a hashed file, and keeps them for the others', async () => {
    for (const path of ['/assets/index-AbCd1234.js', '/admin/assets/index-Zx_9-8yW.js', '/assets/logo-Qw12Er34.png']) {
      const res = await get(port, path, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect([res.headers.etag, res.headers['last-modified'], res.headers['accept-ranges']]).toEqual([undefined, undefined, undefined]);
    }
    const robots = await get(port, '/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers.etag).toBeTruthy();
    expect(robots.headers['last-modified']).toBeTruthy();
    expect((await get(port, '/robots.txt', { 'accept-encoding': 'br', 'if-none-match': String(robots.headers.etag) })).status).toBe(304);
  });

  it('answers the app page, compressed, for every client-side route (the SPA fallback)', async () => {
    const learner = await get(port, '/courses/list?tab=2', { 'accept-encoding': 'gzip, br' });
    expect(learner.status).toBe(200);
    expect(learner.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(learner.headers['content-encoding']).toBe('br');
    expect(learner.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(learner.body).toString();
    expect(html).toContain('<script>window.LMS_CONFIG={"apiUrl":null,"apiPort":8000,"defaultTenant":"demo"}</script>');
    expect(html).toContain('src="/assets/index-AbCd1234.js"');

    const gz = await get(port, '/courses/list', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await get(port, '/courses/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);

    const admin = await get(port, '/admin/users/7');
    expect(admin.status).toBe(200);
    expect(admin.body.toString()).toContain('src="/admin/assets/index-Zx_9-8yW.js"');
    expect(admin.body.toString()).toContain('window.LMS_CONFIG=');
    // index.html by name is the same page (with the runtime configuration), never the raw file
    expect((await get(port, '/index.html')).body.toString()).toBe(html);
    // a missing file is a 404, not the page; so are the copies asked for by name
    expect((await get(port, '/assets/missing-AbCd1234.js')).status).toBe(404);
    expect((await get(port, '/assets/index-AbCd1234.js.br')).status).toBe(404);
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const [path, accept] of [
      ['/assets/index-AbCd1234.js', 'br'],
      ['/assets/index-AbCd1234.js', 'gzip'],
      ['/assets/index-AbCd1234.js', 'identity'],
      ['/courses/list', 'br'],
      ['/admin/users', 'gzip'],
    ]) {
      const g = await get(port, path, { 'accept-encoding': accept });
      const h = await get(port, path, { 'accept-encoding': accept }, 'HEAD');
      expect(h.status).toBe(200);
      expect(h.body.length).toBe(0);
      for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary', 'content-security-policy']) {
        expect([path, accept, name, h.headers[name]]).toEqual([path, accept, name, g.headers[name]]);
      }
      expect(Number(g.headers['content-length'])).toBe(g.body.length);
    }
  });

  it('sends the security headers: nosniff and the referrer policy on every answer, the content policy on documents', async () => {
    const page = await get(port, '/auth');
    const html = page.body.toString();
    const script = await get(port, '/assets/index-AbCd1234.js', { 'accept-encoding': 'br' });
    for (const res of [page, await get(port, '/admin/', { 'accept-encoding': 'br' }), script, await get(port, '/nope.js')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toMatch(/^(same-origin|strict-origin|strict-origin-when-cross-origin|no-referrer)$/);
    }
    // a script is not a document: the policy would only add bytes to each file of a first load
    expect(script.headers['content-security-policy']).toBeUndefined();
    for (const res of [page, await get(port, '/admin/', { 'accept-encoding': 'br' }), await get(port, '/assets/logo-Qw12Er34.png'), await get(port, '/nope')]) {
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      const scripts = directives.get('script-src') ?? [];
      expect(scripts[0]).toBe("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts.every((s) => s === "'self'" || /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toBe(true);
      // the one inline script (the runtime configuration) is allowed by its hash
      const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
      expect(scripts).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // the API: the page's host name on API_PORT, for calls, images and videos
      for (const d of ['connect-src', 'img-src', 'media-src', 'frame-src']) expect([d, directives.get(d)]).toEqual([d, expect.arrayContaining(["'self'", 'demo.localhost:8000'])]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
    }
    // another school's host name: its own API host name
    const north = await get(port, '/auth', { host: `north.localhost:${port}` });
    expect(north.headers['content-security-policy']).toContain("connect-src 'self' north.localhost:8000");
  });

  it('sends the content policy and X-Frame-Options on every error answer, whatever its address ends with (issue 27, defect 10)', async () => {
    const answers = [
      await get(port, '/nope.js'),
      await get(port, '/assets/missing-AbCd1234.css'),
      await get(port, '/admin/nope.js', { 'accept-encoding': 'br' }),
      await get(port, '/nope.js', {}, 'HEAD'),
      await get(port, '/assets/index-AbCd1234.js', {}, 'POST'),
      await get(port, '/nope.png'),
      await get(port, '/%E0%A4%A.js'),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    // the file itself stays lean: a script answered as one carries no policy
    const script = await get(port, '/assets/index-AbCd1234.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('allows the configured API_URL too', async () => {
    const other = await buildWeb({ distDir: dist, apiPort: 9000, apiUrl: 'https://api.school.example/v1/', defaultTenant: 'demo' });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await get((other.server.address() as { port: number }).port, '/auth');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self' demo\.localhost:9000 https:\/\/api\.school\.example(;|$)/);
      expect(csp).toMatch(/media-src 'self' blob: demo\.localhost:9000 https:\/\/api\.school\.example(;|$)/);
      const inline = /<script>([^<]*)<\/script>/.exec(res.body.toString())?.[1] ?? '';
      expect(inline).toContain('"apiUrl":"https://api.school.example/v1/"');
      expect(csp).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    } finally {
      await other.close();
    }
  });
});
