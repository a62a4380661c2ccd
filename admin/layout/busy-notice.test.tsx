// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Admin, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { dismissBusy } from '../../common/api/busy.ts';
import { buildResource } from '../framework/buildResource.tsx';
import type { ResourceConfig } from '../framework/types.ts';
import { createDataProvider } from '../providers/dataProvider.ts';
import { allMessages } from '../providers/i18nProvider.ts';
import { Layout } from './Layout.tsx';

// the interface language, as the back office keeps it in the shared `lang` key (its language switch writes it)
vi.hoisted(() => localStorage.setItem('lang', 'en'));

/**
 * The back office on a busy API (issue 26 item 3): its real data provider and layout against a real
 * HTTP server of the test's own answering 503 ERROR_BUSY as the API does. While the list's read waits for its one
 * retry, react-admin shows the "trying again" warning; when the retry is busy too, react-admin's error notification
 * says the catalogue's ERROR_BUSY text, and the read is not tried a third time.
 */
const messages = await allMessages();
let server: Server;
let busyAnswers = 0;
let listRequests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/events')) listRequests++;
      if (busyAnswers > 0) {
        busyAnswers--;
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        return res.end(JSON.stringify({ category: 'busy', name: 'ERROR_BUSY', variables: { retry_after: 1 }, message: 'busy' }));
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 1, title: 'Webinar on strategy' }], meta: { total: 1, current_page: 1, last_page: 1, per_page: 15 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  (window as unknown as { LMS_CONFIG: unknown }).LMS_CONFIG = { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, defaultTenant: 'demo' };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  cleanup();
  dismissBusy();
});

const config: ResourceConfig = {
  name: 'events',
  apiPath: '/events',
  roles: { list: ['admin'] },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'title', type: 'text' },
  ],
  list: { columns: ['id', 'title'] },
};

function renderBackOffice() {
  render(
    <MemoryRouter initialEntries={['/events']}>
      <Admin dataProvider={createDataProvider([config])} i18nProvider={polyglotI18nProvider(() => messages.en, 'en')} layout={Layout} store={memoryStore()}>
        {buildResource(config)}
      </Admin>
    </MemoryRouter>,
  );
}

describe('the back office on a busy API', () => {
  it('warns "trying again in 1 s" while the list waits for its retry, then shows the list', async () => {
    busyAnswers = 1;
    listRequests = 0;
    renderBackOffice();
    expect(await screen.findByText(/trying again in 1 s/)).toBeTruthy();
    expect(await screen.findByText('Webinar on strategy', {}, { timeout: 5000 })).toBeTruthy();
    expect(listRequests).toBe(2);
  });

  it('notifies the busy error in the interface language when the retry is busy too, and tries no third time', async () => {
    busyAnswers = 2;
    listRequests = 0;
    renderBackOffice();
    expect(await screen.findByText(/Please try again in 1 s\./, {}, { timeout: 5000 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500)); // longer than the advice: nothing is sent a third time
    expect(listRequests).toBe(2);
    expect(screen.queryByText('Webinar on strategy')).toBeNull();
  });
});
