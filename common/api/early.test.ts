import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './client.ts';
import { readEarly } from './early.ts';

/** The entry's early reads (common/api/early.ts) against a real HTTP server that counts what it is asked. */
describe('reads started by the entry, taken by the client', () => {
  let server: Server;
  const asked: string[] = [];
  let n = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      const path = (req.url ?? '').split('?')[0];
      if (path === '/refused') return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"name":"ERROR_AUTH"}');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: { path, n: ++n } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    (globalThis as unknown as { window?: unknown }).window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } };
    (globalThis as unknown as { localStorage?: unknown }).localStorage = { getItem: (k: string) => (k === 'user-token' ? 'tok' : null) };
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    delete (globalThis as unknown as { window?: unknown }).window;
    delete (globalThis as unknown as { localStorage?: unknown }).localStorage;
  });

  it("answers the client's first GET of the address from the early read, with the session's headers, and asks again after", async () => {
    asked.length = 0;
    readEarly(['/api/user', '/api/access']);
    const user = await api<{ data: { path: string; n: number } }>('/api/user');
    const access = await api<{ data: { path: string } }>('/api/access', { timeout: 5000 });
    expect(user.data.path).toBe('/api/user');
    expect(access.data.path).toBe('/api/access');
    expect(asked.sort()).toEqual(['GET /api/access Bearer tok', 'GET /api/user Bearer tok']);
    // taken once: the next read of the profile is asked again
    const again = await api<{ data: { n: number } }>('/api/user');
    expect(again.data.n).toBeGreaterThan(user.data.n);
    expect(asked).toHaveLength(3);
  });

  it('asks again when the early read was refused, and the refusal then reaches the caller as usual', async () => {
    asked.length = 0;
    readEarly(['/refused']);
    await expect(api('/refused')).rejects.toMatchObject({ status: 401, body: { name: 'ERROR_AUTH' } });
    expect(asked).toEqual(['GET /refused Bearer tok', 'GET /refused Bearer tok']);
  });

  it('leaves a write or a read with another query to the network', async () => {
    asked.length = 0;
    readEarly(['/api/user']);
    await api('/api/user', { query: { fresh: 1 } });
    await api('/api/user', { method: 'POST', body: {} });
    expect(asked.filter((a) => a.startsWith('GET /api/user?fresh=1') || a.startsWith('POST /api/user'))).toHaveLength(2);
  });
});
