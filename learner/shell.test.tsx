// @vitest-environment jsdom
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';

vi.hoisted(() => localStorage.setItem('lang', 'en'));

import i18n, { i18nReady } from '../learner/i18n.ts';
import { changeLanguage } from './i18n.ts';
import type { Profile } from '../common/auth/session.ts';
import { App } from './App.tsx';
import { startFakeApi, type SeenRequest } from '../common/testing/fake-api.ts';

// The stored English catalogue is a chunk of its own: the tests read English once it is in.
await i18nReady;

// The whole portal (App with its router, boot and lazy pages) against a real HTTP server playing the API.
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let seen: SeenRequest[] = [];
let me: Profile;
let access: Record<string, unknown>;
let reply: (req: IncomingMessage, body: string) => { status: number; body?: unknown } | undefined = () => undefined;

beforeAll(async () => {
  fake = await startFakeApi(
    (req, body) =>
      reply(req, body) ??
      (req.url === '/api/user' && req.method === 'GET'
        ? { status: 200, body: { data: me } }
        : req.url === '/api/user' && req.method === 'PUT'
          ? { status: 200, body: { data: { ...me, ...(JSON.parse(body).is_start ? { is_start: '2026-01-01T00:00:00Z' } : {}) } } }
          : req.url === '/api/access'
            ? { status: 200, body: { data: access } }
            : { status: 200, body: { data: [], meta: { total: 0 } } }),
  );
  seen = fake.seen;
});
afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
  reply = () => undefined;
  access = { payment: false, message: false, rating: { enabled: false }, networking: { enabled: false }, lifelong_learning: { enabled: false } };
  me = { id: 5, login: 'anna', email: 'anna@demo.test', roles: ['student'], name: 'Anna', surname: 'Petrova', avatar: null, is_start: '2024-01-01' } as Profile; // the fields the shell reads
  for (const k of ['user-token', 'user-refresh-token', 'saved-user-token', 'demo-mode', 'theme']) localStorage.removeItem(k);
  localStorage.setItem('user-token', 'tok');
});
afterEach(() => {
  cleanup();
  act(() => changeLanguage('en'));
});

function open(path: string) {
  window.history.pushState({}, '', path);
  render(
    <Provider store={createStore()}>
      <App />
    </Provider>,
  );
}
const nav = () => screen.getByRole('navigation');

describe('learner shell', () => {
  it('shows the page with its title and hides the payment section while its flag is off', async () => {
    open('/profile');
    expect(await screen.findByTestId('profile-form')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Profile — Campus LMS'));
    expect(nav().textContent).toContain('Profile');
    expect(nav().textContent).not.toContain('Payments');
    expect(screen.getByTestId('user-name').textContent).toBe('Anna Petrova');
  });

  it('shows the payment section in the menu when the school turned it on', async () => {
    access.payment = true;
    open('/profile');
    await screen.findByTestId('profile-form');
    await waitFor(() => expect(nav().textContent).toContain('Payments'));
  });

  it('answers an unknown path with the not-found screen', async () => {
    open('/no/such/page');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Page not found');
  });

  it('switches the language and the theme and keeps both in local storage', async () => {
    open('/profile');
    await screen.findByTestId('profile-form');
    fireEvent.change(screen.getByTestId('lang-switch'), { target: { value: 'ru' } });
    await waitFor(() => expect(nav().textContent).toContain('Профиль'));
    expect(localStorage.getItem('lang')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18n.language).toBe('ru');
    await waitFor(() => expect(document.title).toBe('Профиль — ' + i18n.t('product')));
    fireEvent.change(screen.getByLabelText('Тема'), { target: { value: 'dark' } });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('shows the welcome once to a user without is_start and marks it on the server', async () => {
    me.is_start = null;
    open('/profile');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Welcome, Anna!');
    fireEvent.click(screen.getByTestId('welcome-start'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog closes at once; the request to the server follows it.
    await waitFor(() => expect(seen.some((s) => s.method === 'PUT' && s.url === '/api/user')).toBe(true));
    const put = seen.find((s) => s.method === 'PUT' && s.url === '/api/user');
    expect(JSON.parse(put!.body)).toEqual({ is_start: true });
  });

  it('shows the demo bar with the user acting as, and returns to the own account', async () => {
    localStorage.setItem('saved-user-token', 'admin-token');
    localStorage.setItem('demo-mode', '1');
    open('/profile');
    const bar = await screen.findByTestId('demo-bar');
    await waitFor(() => expect(bar.textContent).toContain('you are acting as Anna Petrova'));
    fireEvent.click(screen.getByRole('button', { name: 'Return to my account' }));
    expect(localStorage.getItem('user-token')).toBe('admin-token');
    expect(localStorage.getItem('demo-mode')).toBeNull();
    expect(localStorage.getItem('saved-user-token')).toBeNull();
  });

  it('sets a new password from the reset link, checking it first', async () => {
    localStorage.removeItem('user-token');
    open('/reset_password/abc123');
    const pw = await screen.findByLabelText('New password');
    fireEvent.change(pw, { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(seen.filter((s) => s.url.startsWith('/api/user/resetPassword'))).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'new-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Password changed. Sign in with the new password.')).toBeTruthy();
    const call = seen.find((s) => s.url === '/api/user/resetPassword/abc123')!;
    expect(JSON.parse(call.body)).toEqual({ password: 'new-secret-1', confirm_password: 'new-secret-1' });
  });

  it('sends a signed-in user away from the reset link to /courses/list', async () => {
    open('/reset_password/abc123');
    await waitFor(() => expect(window.location.pathname).toBe('/courses/list'));
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
