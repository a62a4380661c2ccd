// @vitest-environment jsdom
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';

// The interface language is read when i18n starts: English makes the assertions readable.
vi.hoisted(() => localStorage.setItem('lang', 'en'));

import { i18nReady } from '../learner/i18n.ts';
import { reportError } from '../common/api/events.ts';
import { ApiError } from '../common/api/client.ts';
import { RECONNECT_WAITS_MS } from '../common/api/busy.ts';
import type { Profile, Role } from '../common/auth/session.ts';
import { ALL_OFF } from '../common/access/flags.ts';
import { startFakeApi, type FakeReply, type SeenRequest } from '../common/testing/fake-api.ts';
import { accessAtom, notFoundAtom, profileAtom, requiredNewsAtom } from './state.ts';
import { browser, Private, PublicOnly } from './components/Guard.tsx';
import { Boot } from './App.tsx';
import Login from './pages/Login.tsx';

// The stored English catalogue is a chunk of its own: the tests read English once it is in.
await i18nReady;

// A real HTTP server plays the API: each test sets `reply` and reads `seen`.
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let seen: SeenRequest[] = [];
let reply: (req: IncomingMessage) => FakeReply = () => ({ status: 404, body: { name: 'NOT_FOUND' } });

beforeAll(async () => {
  fake = await startFakeApi((req) => reply(req));
  seen = fake.seen;
});
afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
  for (const k of ['user-token', 'user-refresh-token', 'saved-user-token', 'demo-mode']) localStorage.removeItem(k);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const profile = (role: Role, extra: Partial<Profile> = {}): Profile =>
  ({
    id: 1,
    login: role,
    email: `${role}@demo.test`,
    roles: [role],
    name: 'Anna',
    surname: 'Petrova',
    avatar: null,
    is_start: '2024-01-01',
    ...extra,
  }) as Profile; // the fields the portal reads of `GET /api/user`'s answer

/** The portal's routes in small: pages say who they are. */
function renderAt(path: string, store = createStore(), extra?: ReactNode) {
  const ui = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {extra}
        <Routes>
          <Route
            path="/auth"
            element={
              <PublicOnly>
                <div>sign-in page</div>
              </PublicOnly>
            }
          />
          <Route
            path="/courses/list"
            element={
              <Private roles={['student']}>
                <div>my courses page</div>
              </Private>
            }
          />
          <Route
            path="/profile"
            element={
              <Private roles={['superadmin', 'admin', 'trainer', 'student']}>
                <div>profile page</div>
              </Private>
            }
          />
          <Route
            path="/payment"
            element={
              <Private roles={['student', 'admin']} flag="payment">
                <div>payment page</div>
              </Private>
            }
          />
          <Route
            path="/news/:id"
            element={
              <Private>
                <div>news item page</div>
              </Private>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...ui, store };
}

function signedIn(p: Profile | null | undefined) {
  localStorage.setItem('user-token', 'tok');
  const store = createStore();
  store.set(profileAtom, p);
  store.set(requiredNewsAtom, []); // Boot's answer of /api/news/unread/required: none unread
  return store;
}

describe('route guard', () => {
  it('sends a visitor without a session to /auth', () => {
    renderAt('/profile');
    expect(screen.getByText('sign-in page')).toBeTruthy();
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('sends a user whose profile fetch failed (null) to /auth even with a token', () => {
    renderAt('/profile', signedIn(null));
    expect(screen.getByText('sign-in page')).toBeTruthy();
  });

  it('waits for the profile before deciding', () => {
    renderAt('/profile', signedIn(undefined));
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('shows a student the student routes', () => {
    renderAt('/courses/list', signedIn(profile('student')));
    expect(screen.getByText('my courses page')).toBeTruthy();
  });

  it('redirects a signed-in user away from /auth to /courses/list, and a non-student from there by role', async () => {
    renderAt('/auth', signedIn(profile('student')));
    expect(screen.getByText('my courses page')).toBeTruthy();
    cleanup();
    const go = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderAt('/auth', signedIn(profile('admin')));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/courses'));
    expect(screen.queryByText('my courses page')).toBeNull();
  });

  it.each([
    ['admin', '/admin/courses'],
    ['superadmin', '/admin/courses'],
    ['moderator', '/admin/users'],
    ['trainer', '/admin/projects'],
  ] as const)('sends a %s who may not see a route to %s (a full-page navigation)', async (role, to) => {
    const go = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderAt('/courses/list', signedIn(profile(role)));
    await waitFor(() => expect(go).toHaveBeenCalledWith(to));
    expect(screen.queryByText('my courses page')).toBeNull();
  });

  it('sends a moderator away from the profile, but lets a trainer in', async () => {
    const go = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderAt('/profile', signedIn(profile('moderator')));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/users'));
    cleanup();
    renderAt('/profile', signedIn(profile('trainer')));
    expect(screen.getByText('profile page')).toBeTruthy();
  });

  it('shows the not-found screen for a section whose access flag is off, and the page when it is on', () => {
    const store = signedIn(profile('student'));
    store.set(accessAtom, ALL_OFF);
    renderAt('/payment', store);
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.queryByText('payment page')).toBeNull();
    cleanup();
    store.set(accessAtom, { ...ALL_OFF, payment: true });
    renderAt('/payment', store);
    expect(screen.getByText('payment page')).toBeTruthy();
  });

  it('shows the not-found screen once a call has answered 404', () => {
    const store = signedIn(profile('student'));
    store.set(notFoundAtom, true);
    renderAt('/courses/list', store);
    expect(screen.getByTestId('not-found').textContent).toContain('This page no longer exists');
  });

  it('shows no page until the required news answer is in, then the news in front of the page asked for', () => {
    const store = signedIn(profile('student'));
    store.set(requiredNewsAtom, undefined);
    renderAt('/courses/list', store);
    expect(screen.queryByText('my courses page')).toBeNull();
    expect(screen.queryByText('news item page')).toBeNull();
    act(() => store.set(requiredNewsAtom, [{ id: 7, title: 'Rules', title_en: null }]));
    expect(screen.getByText('news item page')).toBeTruthy();
    expect(screen.queryByText('my courses page')).toBeNull();
  });

  it('does not wait for required news for a moderator, whom Boot does not ask them for', () => {
    const store = signedIn(profile('moderator'));
    store.set(requiredNewsAtom, undefined);
    renderAt('/news/3', store);
    expect(screen.getByText('news item page')).toBeTruthy();
  });

  it('puts unread required news in front of every other page', () => {
    const store = signedIn(profile('student'));
    store.set(requiredNewsAtom, [{ id: 7, title: 'Rules', title_en: null }]);
    renderAt('/courses/list', store);
    expect(screen.getByText('news item page')).toBeTruthy();
  });
});

describe('boot: profile and error reactions', () => {
  it('fetches the missing profile with the token and the school', async () => {
    localStorage.setItem('user-token', 'tok');
    reply = (req) => (req.url === '/api/user' ? { status: 200, body: { data: profile('student', { name: 'Olga' }) } } : { status: 200, body: { data: {} } });
    const { store } = renderAt('/courses/list', createStore(), <Boot />);
    expect(await screen.findByText('my courses page')).toBeTruthy();
    expect(store.get(profileAtom)?.name).toBe('Olga');
    const call = seen.find((s) => s.url === '/api/user')!;
    expect(call.headers.authorization).toBe('Bearer tok');
    expect(call.headers.domain).toBe('demo');
    expect(call.headers['accept-language']).toBe('en');
  });

  it('signs the user out when the server refuses the profile fetch', async () => {
    localStorage.setItem('user-token', 'expired');
    reply = (req) => (req.url === '/api/user' || req.url === '/api/logout' ? { status: 401, body: { name: 'NOT_AUTHORIZED' } } : { status: 200, body: { data: {} } });
    renderAt('/profile', createStore(), <Boot />);
    await waitFor(() => expect(localStorage.getItem('user-token')).toBeNull());
    expect(seen.map((s) => s.url)).toContain('/api/logout');
  });

  it('keeps the session when the connection is cut during the profile fetch', async () => {
    localStorage.setItem('user-token', 'tok');
    reply = (req) => (req.url === '/api/user' ? 'cut' : { status: 200, body: { data: {} } });
    renderAt('/profile', createStore(), <Boot />);
    // the read is sent again after each reconnect wait (common/api/busy.ts) and then given up: all within this test, so
    // that none of them reaches the next test's server log
    const tries = () => seen.filter((s) => s.url === '/api/user').length;
    await waitFor(() => expect(tries()).toBe(1 + RECONNECT_WAITS_MS.length), { timeout: RECONNECT_WAITS_MS.reduce((a, b) => a + b, 2000) });
    await new Promise((r) => setTimeout(r, 200));
    expect(tries()).toBe(1 + RECONNECT_WAITS_MS.length);
    expect(localStorage.getItem('user-token')).toBe('tok');
  });

  it('asks the unread required news once per user: a profile update (the welcome marked seen) does not ask again', async () => {
    const store = signedIn(profile('student'));
    store.set(requiredNewsAtom, undefined);
    reply = (req) => (req.url === '/api/news/unread/required' ? { status: 200, body: { data: [] } } : { status: 200, body: { data: {} } });
    renderAt('/courses/list', store, <Boot />);
    expect(await screen.findByText('my courses page')).toBeTruthy();
    act(() => store.set(profileAtom, profile('student', { is_start: '2026-11-30' })));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.filter((s) => s.url === '/api/news/unread/required')).toHaveLength(1);
  });

  it('marks the page not found when any call answers 404', async () => {
    const store = signedIn(profile('student'));
    reply = () => ({ status: 200, body: { data: [] } });
    renderAt('/courses/list', store, <Boot />);
    expect(screen.getByText('my courses page')).toBeTruthy();
    act(() => reportError(new ApiError(404, { name: 'NOT_FOUND_PROGRAM' })));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(store.get(notFoundAtom)).toBe(true);
  });
});

describe('sign-in form', () => {
  function renderLogin() {
    const store = createStore();
    store.set(profileAtom, null);
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/auth']}>
          <Routes>
            <Route path="/auth" element={<Login />} />
            <Route path="/courses/list" element={<div>my courses page</div>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    return store;
  }
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

  it('asks for both fields before calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findAllByText('Field can not be empty')).length).toBe(2);
    expect(seen.filter((s) => s.url === '/api/token')).toHaveLength(0);
  });

  it('shows the translated catalogue text for a wrong password and stays on the page', async () => {
    reply = () => ({ status: 401, body: { category: 'auth', name: 'ERROR_PASS', message: 'Wrong password' } });
    renderLogin();
    type('login-username', 'student');
    type('login-password', 'wrong-one');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong password.');
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(screen.queryByText('my courses page')).toBeNull();
  });

  it('says "Server error" wording when the answer names no error', async () => {
    reply = () => ({ status: 500, body: {} });
    renderLogin();
    type('login-username', 'student');
    type('login-password', 'whatever1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Something went wrong. Try again later.');
  });

  it('signs in with remember-me, keeps the tokens, loads the profile and lands on /courses/list', async () => {
    reply = (req) =>
      req.url === '/api/token'
        ? { status: 200, body: { token_type: 'Bearer', access_token: 'new-token', refresh_token: 'refresh', expires_in: 3600 } }
        : { status: 200, body: { data: profile('student') } };
    const store = renderLogin();
    type('login-username', ' student ');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('my courses page')).toBeTruthy();
    const sent = JSON.parse(seen.find((s) => s.url === '/api/token')!.body);
    expect(sent).toMatchObject({ username: 'student', password: 'secret123', remember: true, grant_type: 'password' });
    expect(localStorage.getItem('user-token')).toBe('new-token');
    expect(localStorage.getItem('user-refresh-token')).toBe('refresh');
    expect(seen.find((s) => s.url === '/api/user')!.headers.authorization).toBe('Bearer new-token');
    expect(store.get(profileAtom)?.login).toBe('student');
  });

  it('checks the e-mail of a reset request, then sends it and confirms', async () => {
    reply = () => ({ status: 200, body: { data: { sent: true } } });
    renderLogin();
    fireEvent.click(screen.getByText('Forgot your password?', { exact: false }));
    const email = await screen.findByLabelText(/e-mail/i);
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.submit(email.closest('form')!);
    expect(await screen.findByText('Invalid e-mail')).toBeTruthy();
    const resets = () => seen.filter((s) => s.url === '/api/user/sendLinkResetPassword');
    expect(resets()).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'anna@demo.test' } });
    fireEvent.submit(email.closest('form')!);
    await waitFor(() => expect(resets()).toHaveLength(1));
    expect(JSON.parse(resets()[0].body)).toEqual({ email: 'anna@demo.test' });
    expect((await screen.findByRole('alert')).className).toContain('success');
  });
});
