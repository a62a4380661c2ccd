import { createServer, type IncomingMessage } from 'node:http';

/** A request the fake API received. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the fake API answers: JSON `body` (the default) or `raw` bytes with their headers; `'cut'` drops the connection. */
export type FakeReply = { status: number; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> } | 'cut';

/**
 * A real HTTP server on 127.0.0.1 playing the API for browser-side tests: it records every request in `seen`,
 * answers CORS preflights, and points the apps' runtime configuration at itself.
 */
export async function startFakeApi(respond: (req: IncomingMessage, body: string) => FakeReply) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return void res.end();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const r = respond(req, body);
      if (r === 'cut') return void req.socket.destroy();
      if (r.raw !== undefined) {
        res.writeHead(r.status, { ...cors, ...r.headers });
        return void res.end(r.raw);
      }
      res.writeHead(r.status, { 'content-type': 'application/json', ...cors, ...r.headers });
      res.end(JSON.stringify(r.body ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const g = globalThis as unknown as { window?: Record<string, unknown> };
  g.window ??= {};
  g.window.LMS_CONFIG = { apiUrl: url, defaultTenant: 'demo' };
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}
