// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

vi.hoisted(() => localStorage.setItem('lang', 'en'));

import { changeLanguage, i18nReady } from './i18n.ts';
import { startFakeApi } from '../common/testing/fake-api.ts';
import { STORAGE_KEYS } from '../common/storage.ts';
import { navigation } from '../common/auth/session.ts';
import { errorsEn } from '../common/i18n/errors.en.ts';
import { errorsRu } from '../common/i18n/errors.ru.ts';
import type { Lang } from '../common/i18n/lang.ts';
import { Boot } from './App.tsx';
import Login from './pages/Login.tsx';

await i18nReady;

/**
 * The portal on a suspended school (issue 26 item 4; docs/operations.md "Suspension"), against a real HTTP server of
 * the test's own that answers as the API does for a suspended school: every call with a token and every sign-in 403
 * ERROR_SCHOOL_SUSPENDED, anonymous reads of public routes 200. A signed-in user's first call ends the session and
 * goes to the sign-in page, which says why in the interface language (an alert) and whose form stays usable: a
 * sign-in is refused with the same words.
 */
const SUSPENDED = { category: 'access', name: 'ERROR_SCHOOL_SUSPENDED', variables: { domain: 'demo' }, message: 'The school demo is suspended' };
let fake: Awaited<ReturnType<typeof startFakeApi>>;
const went: string[] = [];

beforeAll(async () => {
  fake = await startFakeApi((req) =>
    req.headers.authorization || req.method !== 'GET' ? { status: 403, body: SUSPENDED } : { status: 200, body: { data: req.url?.startsWith('/api/register') ? { open: false } : {} } },
  );
  vi.spyOn(navigation, 'assign').mockImplementation((to) => void went.push(to));
});
afterAll(() => fake.close());
afterEach(cleanup);

const WORDS: Record<Lang, string> = { en: errorsEn.ERROR_SCHOOL_SUSPENDED.text, ru: errorsRu.ERROR_SCHOOL_SUSPENDED.text };

describe.each(['en', 'ru'] as Lang[])('the portal of a suspended school (%s)', (lang) => {
  it('ends the session on the first refused call, goes to /auth and says why there; a sign-in is refused with the same words', async () => {
    await act(async () => changeLanguage(lang));
    went.length = 0;
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');

    // signed in: the profile is asked for, refused as the school's; the session goes, the browser goes to sign in
    render(
      <MemoryRouter initialEntries={['/courses/list']}>
        <Boot />
      </MemoryRouter>,
    );
    await waitFor(() => expect(went).toEqual(['/auth']));
    expect(fake.seen.some((r) => r.url === '/api/user' && r.headers.authorization === 'Bearer access')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(fake.seen.some((r) => r.url === '/api/logout')).toBe(false);
    cleanup();

    // the sign-in page the browser lands on: the alert, in the interface language
    render(
      <MemoryRouter initialEntries={['/auth']}>
        <Login />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(WORDS[lang]);
    expect(localStorage.getItem(STORAGE_KEYS.signedOutBecause)).toBeNull(); // shown once: a later visit starts afresh

    // the form stays usable; the sign-in is refused with the same words, and nothing is stored
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'student' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } });
    fake.seen.length = 0;
    fireEvent.click(submit);
    await waitFor(() => expect(fake.seen.map((r) => [r.method, r.url])).toEqual([['POST', '/api/token']]));
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe(WORDS[lang]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(went).toEqual(['/auth']);
  });
});
