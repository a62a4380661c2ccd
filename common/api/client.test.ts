import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError } from './client.ts';

describe('api: cancelled calls', () => {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', note);
    unhandled.length = 0;
  });

  it('rejects a call cancelled before it was sent as aborted, and leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', note);
    const ctl = new AbortController();
    ctl.abort();
    const call = api('/api/user', { signal: ctl.signal });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 0, message: 'Aborted' });
    // fetch's own AbortError settles on a later turn: it must have been seen to by then
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});

/** The client over ofetch against a real HTTP server of the test's own: what the API sends, the client hands over. */
describe('api over ofetch: bodies, error bodies, timeout', () => {
  let server: Server;
  const seen: { method: string; url: string; type: string; body: string; domain: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', type: req.headers['content-type'] ?? '', body, domain: String(req.headers.domain) });
        const path = (req.url ?? '').split('?')[0];
        if (path === '/slow') return void setTimeout(() => res.end('{}'), 2000);
        if (path === '/boom') return void res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"name":"ERROR_SERVER"}');
        if (path === '/empty') return void res.writeHead(204).end();
        if (path === '/text') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain words');
        if (path === '/refused')
          return void res
            .writeHead(422, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ category: 'validation', name: 'ERROR_VALIDATION', message: 'bad', errors: { email: ['validation.email'] } }));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: { echo: body ? JSON.parse(body) : null } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    (globalThis as unknown as { window?: unknown }).window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } };
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    delete (globalThis as unknown as { window?: unknown }).window;
  });

  it('sends a plain body as JSON with the query and the school, and answers the parsed JSON', async () => {
    const answer = await api<{ data: { echo: unknown } }>('/echo', { method: 'PUT', body: { name: 'Анна', n: 2 }, query: { page: 2 } });
    expect(answer.data.echo).toEqual({ name: 'Анна', n: 2 });
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'PUT', url: '/echo?page=2', type: 'application/json' });
    expect(last?.domain).toBeTruthy();
  });

  it('answers nothing for 204 and the text of an answer that is not JSON', async () => {
    expect(await api('/empty', { method: 'DELETE' })).toBeUndefined();
    expect(await api('/text')).toBe('plain words');
  });

  it('throws ApiError with the status and the API error body', async () => {
    const err = await api('/refused', { method: 'POST', body: { email: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, body: { name: 'ERROR_VALIDATION', errors: { email: ['validation.email'] } }, message: 'bad' });
  });

  it('sends a read that failed 500 once (ofetch retries nothing; only a busy read is tried again, busy.test.ts)', async () => {
    const before = seen.length;
    await expect(api('/boom')).rejects.toMatchObject({ status: 500, body: { name: 'ERROR_SERVER' } });
    expect(seen.length - before).toBe(1);
  });

  it('gives up on a call past its timeout as status 0, and sends it once', async () => {
    const before = seen.length;
    const started = Date.now();
    const err = await api('/slow', { timeout: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0 });
    expect(Date.now() - started).toBeLessThan(1500);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.length - before).toBe(1);
  });
});
