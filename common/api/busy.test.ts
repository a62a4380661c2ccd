import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError } from './client.ts';
import { busyState, busyWaitMs, dismissBusy, MAX_BUSY_WAIT_MS, onBusy, RECONNECT_WAITS_MS, retryAfterOf, type BusyState } from './busy.ts';
import { onApiError } from './events.ts';
import { download } from './download.ts';

/**
 * The shared client on a busy API (issue 26 item 3; docs/api.md "Busy"), against a real HTTP server of the test's own
 * (node:http) that answers 503 ERROR_BUSY with Retry-After as the API does, then 200: a read is sent again once after
 * the advised wait and cancellable meanwhile; a write is never sent twice; the busy state the apps' notices show
 * follows.
 */
/** An answer, or `drop`: the connection is destroyed without one (an API host killed mid-request). */
type Answer = { status: number; retryAfter?: string; body: unknown } | 'drop';
const BUSY = (seconds = 1): Answer => ({ status: 503, retryAfter: String(seconds), body: { category: 'busy', name: 'ERROR_BUSY', variables: { retry_after: seconds }, message: 'busy' } });
const OK: Answer = { status: 200, body: { data: { ok: true } } };

let server: Server;
/** What the server will answer next, in order (then 200). */
let script: Answer[] = [];
/** What it was asked: method and time. */
let seen: { method: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', at: Date.now() });
      const a = script.shift() ?? OK;
      if (a === 'drop') return void req.socket.destroy();
      res.writeHead(a.status, { 'Content-Type': 'application/json', ...(a.retryAfter ? { 'Retry-After': a.retryAfter } : {}) });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const g = globalThis as unknown as { window?: unknown };
  g.window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } };
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  delete (globalThis as unknown as { window?: unknown }).window;
});

let states: BusyState[] = [];
let reported: ApiError[] = [];
beforeEach(() => {
  script = [];
  seen = [];
  dismissBusy();
  states = [];
  reported = [];
  const stops = [onBusy((s) => states.push(s)), onApiError((e) => reported.push(e))];
  return () => {
    for (const stop of stops) stop();
  };
});

describe('api on a busy server: reads are tried again once', () => {
  it('sends a GET again after the advised wait and answers the second answer; the notice says "retrying", then goes', async () => {
    script = [BUSY(1)];
    await expect(api('/api/thing')).resolves.toEqual({ data: { ok: true } });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950); // Retry-After: 1
    expect(states).toEqual([{ phase: 'retrying', seconds: 1 }, { phase: 'clear' }]);
    expect(reported).toEqual([]); // nobody's error: the user got the page
  });

  it('gives up after one retry: the busy error, the notice "busy" with the advised wait', async () => {
    script = [BUSY(1), BUSY(1), OK];
    const err = await api('/api/thing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, retryAfter: 1, body: { name: 'ERROR_BUSY' } });
    expect(seen).toHaveLength(2);
    expect(busyState()).toEqual({ phase: 'failed', seconds: 1 });
    expect(reported.map((e) => e.status)).toEqual([503]);
  });

  it('a read cancelled while it waits is not sent again, rejects at once as aborted, and leaves no notice', async () => {
    script = [BUSY(5)];
    const ctl = new AbortController();
    const call = api('/api/thing', { signal: ctl.signal }).catch((e: unknown) => e);
    for (let i = 0; i < 300 && busyState().phase !== 'retrying'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(busyState()).toEqual({ phase: 'retrying', seconds: 5 });
    const cancelledAt = Date.now();
    ctl.abort();
    expect(await call).toMatchObject({ status: 0, message: 'Aborted' });
    expect(Date.now() - cancelledAt).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toHaveLength(1);
    expect(busyState()).toEqual({ phase: 'clear' });
    expect(reported).toEqual([]);
  });

  it('a later successful call takes a "busy" notice away', async () => {
    script = [BUSY(1), BUSY(1)];
    await api('/api/thing').catch(() => undefined);
    expect(busyState().phase).toBe('failed');
    await api('/api/other');
    expect(busyState()).toEqual({ phase: 'clear' });
  });
});

describe('a download on a busy server', () => {
  it('is a read: sent again once after the advised wait, and the file is had', async () => {
    script = [BUSY(1)];
    const { blob } = await download('/api/file', { save: false });
    expect(JSON.parse(await blob.text())).toEqual({ data: { ok: true } });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    expect(busyState()).toEqual({ phase: 'clear' });
  });

  it('gives up after one retry with the busy error', async () => {
    script = [BUSY(1), BUSY(1)];
    await expect(download('/api/file', { save: false })).rejects.toMatchObject({ status: 503, retryAfter: 1, body: { name: 'ERROR_BUSY' } });
    expect(seen).toHaveLength(2);
    expect(busyState()).toEqual({ phase: 'failed', seconds: 1 });
  });
});

describe('api on a busy server: writes are never sent twice', () => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    it(`${method}: one request, the busy error at once, the notice "busy"`, async () => {
      script = [BUSY(1)];
      const started = Date.now();
      const err = await api('/api/thing', { method, body: method === 'DELETE' ? undefined : { title: 'x' } }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 503, body: { name: 'ERROR_BUSY' } });
      expect(Date.now() - started).toBeLessThan(900); // no wait: nothing is waited for
      await new Promise((r) => setTimeout(r, 1200)); // longer than the advice: still nothing sent again
      expect(seen.map((s) => s.method)).toEqual([method]);
      expect(busyState()).toEqual({ phase: 'failed', seconds: 1 });
    });
  }

  it('a PUT sent as POST with _method (the method override) is a write too', async () => {
    script = [BUSY(1)];
    await api('/api/thing', { method: 'PUT', body: { title: 'x' }, override: true }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1200));
    expect(seen.map((s) => s.method)).toEqual(['POST']);
  });
});

const GATEWAY = (status: 502 | 504): Answer => ({ status, body: { message: 'Bad Gateway' } });

describe('an API host lost behind the load balancer (issue 32): reads reconnect', () => {
  it('a GET whose connection dropped is sent again after a short wait; "reconnecting", then the notice goes', async () => {
    script = ['drop'];
    await expect(api('/api/thing')).resolves.toEqual({ data: { ok: true } });
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(RECONNECT_WAITS_MS[0] - 50);
    expect(states).toEqual([{ phase: 'reconnecting' }, { phase: 'clear' }]);
    expect(reported).toEqual([]);
  });

  it("a gateway's 502 and 504 are tried again, with longer waits each time", async () => {
    script = [GATEWAY(502), GATEWAY(504), 'drop'];
    await expect(api('/api/thing')).resolves.toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(4);
    const waits = seen.slice(1).map((s, i) => s.at - seen[i].at);
    for (const [i, wait] of waits.entries()) expect(wait).toBeGreaterThanOrEqual(RECONNECT_WAITS_MS[i] - 50);
    expect(busyState()).toEqual({ phase: 'clear' });
  });

  it('gives up after its tries with the error the screen shows, and the notice goes', async () => {
    script = Array.from({ length: RECONNECT_WAITS_MS.length + 1 }, () => GATEWAY(502));
    await expect(api('/api/thing')).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(RECONNECT_WAITS_MS.length + 1);
    expect(busyState()).toEqual({ phase: 'clear' });
    expect(reported.map((e) => e.status)).toEqual([502]);
  }, 15_000);

  it('a write whose connection dropped is never sent again (it may have been done)', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      seen = [];
      script = ['drop'];
      const err = await api('/api/thing', { method, body: method === 'DELETE' ? undefined : { title: 'x' } }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 0, connectionLost: true });
      await new Promise((r) => setTimeout(r, RECONNECT_WAITS_MS[0] + 200));
      expect(seen.map((s) => s.method)).toEqual([method]);
    }
    expect(states).toEqual([]);
  });

  it('a read cancelled while it reconnects rejects as aborted and is not sent again', async () => {
    script = ['drop'];
    const ctl = new AbortController();
    const call = api('/api/thing', { signal: ctl.signal }).catch((e: unknown) => e);
    for (let i = 0; i < 300 && busyState().phase !== 'reconnecting'; i++) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    expect(await call).toMatchObject({ status: 0, message: 'Aborted' });
    await new Promise((r) => setTimeout(r, RECONNECT_WAITS_MS[0] + 200));
    expect(seen).toHaveLength(1);
    expect(busyState()).toEqual({ phase: 'clear' });
    expect(reported).toEqual([]);
  });

  it('a timeout is not a lost host: not tried again', async () => {
    const slow = createServer(() => undefined); // never answers
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const g = globalThis as unknown as { window: { LMS_CONFIG: { apiUrl: string } } };
    const before = g.window.LMS_CONFIG.apiUrl;
    g.window.LMS_CONFIG.apiUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const err = await api('/api/thing', { timeout: 200 }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 0, connectionLost: false });
      expect(states).toEqual([]);
    } finally {
      g.window.LMS_CONFIG.apiUrl = before;
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});

describe('what counts as advice', () => {
  it('a 503 without advice (a proxy of its own, no Retry-After, no ERROR_BUSY) is not retried', async () => {
    script = [{ status: 503, body: { message: 'Service Unavailable' } }];
    await expect(api('/api/thing')).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(busyState()).toEqual({ phase: 'clear' });
  });

  it('reads Retry-After as seconds or an HTTP date, else the body, and caps the wait at 10 s', () => {
    expect(retryAfterOf('3', {})).toBe(3);
    expect(retryAfterOf(new Date(1_000_000 + 4_500).toUTCString(), {}, 1_000_000)).toBe(4); // whole seconds of the date
    expect(retryAfterOf(null, { variables: { retry_after: 2 } })).toBe(2);
    expect(retryAfterOf('soon', {})).toBeUndefined();
    expect(busyWaitMs(2)).toBe(2000);
    expect(busyWaitMs(120)).toBe(MAX_BUSY_WAIT_MS);
    expect(MAX_BUSY_WAIT_MS).toBe(10_000);
  });
});
