// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.hoisted(() => localStorage.setItem('lang', 'en'));

import { i18nReady } from './i18n.ts';
import { api } from '../common/api/client.ts';
import { BusyBanner } from './components/BusyBanner.tsx';

await i18nReady;

/**
 * The portal's busy banner (issue 26 item 3) on a real HTTP server of the test's own that answers 503 ERROR_BUSY as
 * the API does: a status while a read waits for its retry, gone once the retry is served; an alert, in the interface
 * language, when a write is refused busy, which the user can close.
 */
let server: Server;
let answers: { status: number; seconds?: number }[] = [];
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      const a = answers.shift() ?? { status: 200 };
      const busy = a.status === 503;
      res.writeHead(a.status, { 'Content-Type': 'application/json', ...(busy ? { 'Retry-After': String(a.seconds) } : {}) });
      res.end(JSON.stringify(busy ? { category: 'busy', name: 'ERROR_BUSY', variables: { retry_after: a.seconds }, message: 'busy' } : { data: { ok: true } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  (window as unknown as { LMS_CONFIG: unknown }).LMS_CONFIG = { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(cleanup);

describe('BusyBanner', () => {
  it('says "trying again in 1 s" while a read waits for its retry, and goes once the retry is served', async () => {
    render(<BusyBanner />);
    expect(screen.queryByTestId('busy-banner')).toBeNull();
    answers = [{ status: 503, seconds: 1 }];
    requests = 0;
    let done = false;
    const call = api('/api/courses').then(() => {
      done = true;
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('The system is busy');
    expect(status.textContent).toContain('trying again in 1 s');
    expect(done).toBe(false);
    await act(() => call);
    expect(requests).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('busy-banner')).toBeNull());
  });

  it('alerts "please try again in 3 s" when a write is refused busy (never sent again), and closes', async () => {
    render(<BusyBanner />);
    answers = [{ status: 503, seconds: 3 }];
    requests = 0;
    await act(() => api('/api/user', { method: 'PUT', body: { name: 'x' } }).catch(() => undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please try again in 3 s.');
    expect(requests).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
