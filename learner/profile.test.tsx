// @vitest-environment jsdom
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';

vi.hoisted(() => localStorage.setItem('lang', 'en'));

import { i18nReady, loadPageTexts } from '../learner/i18n.ts';
import type { Profile as ProfileT } from '../common/auth/session.ts';
import { profileAtom } from './state.ts';
import { startFakeApi, type SeenRequest } from '../common/testing/fake-api.ts';
import Profile from './pages/Profile.tsx';

// The stored English catalogue is a chunk of its own, and so are the texts of the pages past the first screens (the
// portal's router loads them with the page): the tests read English once both are in.
await i18nReady;
await loadPageTexts();

// A real HTTP server plays the API (with CORS, since the avatar upload goes through XMLHttpRequest).
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let base = '';
let seen: SeenRequest[] = [];
let reply: (req: IncomingMessage, body: string) => { status: number; body?: unknown } = () => ({ status: 200, body: { data: [] } });

const COUNTRIES = [
  { country_id: 1, title_ru: 'Россия', title_en: 'Russia' },
  { country_id: 2, title_ru: 'Казахстан', title_en: 'Kazakhstan' },
];
const CITIES: Record<string, { city_id: number; title_ru: string; title_en: string }[]> = {
  '1': [{ city_id: 10, title_ru: 'Казань', title_en: 'Kazan' }],
  '2': [
    { city_id: 20, title_ru: 'Алматы', title_en: 'Almaty' },
    { city_id: 21, title_ru: 'Астана', title_en: 'Astana' },
  ],
};

beforeAll(async () => {
  fake = await startFakeApi((req, body) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/info/countries') return { status: 200, body: { data: COUNTRIES } };
    if (url.pathname === '/api/info/cities') return { status: 200, body: { data: CITIES[url.searchParams.get('country_id') ?? ''] ?? [] } };
    return reply(req, body);
  });
  base = fake.url;
  seen = fake.seen;
});
afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
  localStorage.setItem('user-token', 'tok');
});
afterEach(() => cleanup());

// the fields this page reads of `GET /api/user`'s answer
const me = {
  id: 5,
  login: 'student',
  email: 'anna@demo.test',
  roles: ['student'],
  name: 'Anna',
  surname: 'Petrova',
  avatar: null,
  is_start: '2024-01-01',
  birthday_date: '1990-03-07',
  passport_number_when: null,
  country_id: 2,
  city_id: 20,
  sex: 'female',
  phone: '+7 900 000 00 00',
} as ProfileT;

function renderProfile(p: ProfileT = me) {
  const store = createStore();
  store.set(profileAtom, p);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Profile />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const calls = (path: string) => seen.filter((s) => s.url.split('?')[0] === path);

describe('profile', () => {
  it('shows the personal data with dates as DD.MM.YYYY and the country and city chosen from the reference lists', async () => {
    renderProfile();
    expect(field('First name').value).toBe('Anna');
    expect(field('Date of birth').value).toBe('07.03.1990');
    expect(field('Date of birth').placeholder).toBe('DD.MM.YYYY');
    await waitFor(() =>
      expect(
        within(field('City'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['— not chosen —', 'Almaty', 'Astana']),
    );
    expect(field('Country').value).toBe('2');
    expect(field('City').value).toBe('20');
    expect(calls('/api/info/cities')[0].url).toBe('/api/info/cities?country_id=2');
  });

  it('reloads the cities for another country, clears the city, and sends dates as YYYY-MM-DD and ids as numbers', async () => {
    reply = (req, body) => (req.url === '/api/user' ? { status: 200, body: { data: { ...me, ...JSON.parse(body) } } } : { status: 404 });
    const store = renderProfile();
    await waitFor(() => expect(within(field('Country')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(field('Country'), { target: { value: '1' } });
    expect(field('City').value).toBe('');
    await waitFor(() =>
      expect(
        within(field('City'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Kazan'),
    );
    fireEvent.change(field('City'), { target: { value: '10' } });
    fireEvent.change(field('Date of birth'), { target: { value: '01.12.1991' } });
    fireEvent.change(field('Issue date'), { target: { value: '15.06.2015' } });
    fireEvent.change(field('Patronymic'), { target: { value: 'Ivanovna' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls('/api/user')).toHaveLength(1));
    const sent = JSON.parse(calls('/api/user')[0].body);
    expect(calls('/api/user')[0].method).toBe('PUT');
    expect(sent).toMatchObject({ birthday_date: '1991-12-01', passport_number_when: '2015-06-15', country_id: 1, city_id: 10, patronymic: 'Ivanovna', name: 'Anna', sex: 'female' });
    await waitFor(() => expect(store.get(profileAtom)?.patronymic).toBe('Ivanovna'));
  });

  it('refuses an empty name and a date that does not exist before calling the server', async () => {
    renderProfile();
    fireEvent.change(field('First name'), { target: { value: ' ' } });
    fireEvent.change(field('Date of birth'), { target: { value: '31.02.1990' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Field can not be empty')).toBeTruthy();
    expect(field('Date of birth').getAttribute('aria-invalid')).toBe('true');
    expect(calls('/api/user')).toHaveLength(0);
  });

  it('shows the server validation message under its field', async () => {
    reply = () => ({ status: 422, body: { category: 'validation', name: 'Validation Error', errors: { email: ['validation.email', 'validation.required'] } } });
    renderProfile();
    // well-formed for the page's own check: the server's answer is what refuses it
    fireEvent.change(field('E-mail'), { target: { value: 'anna@demo.t' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Invalid e-mail')).toBeTruthy();
    expect(calls('/api/user')).toHaveLength(1);
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('E-mail')));
  });

  it('stops a bad e-mail with its own message, scrolls to it and focuses it (issue 29)', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderProfile();
    fireEvent.change(field('E-mail'), { target: { value: 'anna-at-demo' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Invalid e-mail')).toBeTruthy();
    expect(calls('/api/user')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(field('E-mail')));
    expect(scrolled).toHaveBeenCalled();
    expect(field('E-mail').getAttribute('aria-describedby')).toBe('email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Invalid e-mail');
  });

  it('uploads the avatar as form data and shows it from the API origin', async () => {
    reply = (req) => (req.url === '/api/user/setAvatar' ? { status: 200, body: { data: { ...me, avatar: '/storage/demo/avatars/5.png' } } } : { status: 404 });
    renderProfile();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });
    const img = (await screen.findByAltText('Photo')) as HTMLImageElement;
    expect(img.src).toBe(`${base}/storage/demo/avatars/5.png`);
    const call = calls('/api/user/setAvatar')[0];
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toContain('multipart/form-data');
    expect(call.body).toContain('name="avatar"; filename="me.png"');
    expect(call.headers.authorization).toBe('Bearer tok');
  });
});

describe('password change', () => {
  const setPw = (old: string, pw: string, confirm: string) => {
    fireEvent.change(field('Current password'), { target: { value: old } });
    fireEvent.change(field('New password'), { target: { value: pw } });
    fireEvent.change(field('Repeat the password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('checks length 8..24 and that the passwords match before calling the server', async () => {
    renderProfile();
    setPw('', 'short', 'other');
    expect(await screen.findByText('Field can not be empty')).toBeTruthy();
    expect(screen.getByText('The password must be 8 to 24 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    setPw('old-secret', 'x'.repeat(25), 'x'.repeat(25));
    expect(await screen.findByText('The password must be 8 to 24 characters long')).toBeTruthy();
    expect(calls('/api/changePassword')).toHaveLength(0);
  });

  it('shows the first confirm_password message the server answers', async () => {
    reply = () => ({ status: 422, body: { name: 'Validation Error', errors: { confirm_password: ['validation.passwords_match', 'validation.required'] } } });
    renderProfile();
    setPw('old-secret', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Passwords do not match'));
  });

  it('shows the catalogue text for a wrong old password, and confirms a change', async () => {
    reply = () => ({ status: 400, body: { category: 'auth', name: 'ERROR_OLD_PASSWORD' } });
    renderProfile();
    setPw('wrong-old', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText('The old password is wrong.')).toBeTruthy();
    reply = () => ({ status: 200, body: { data: { changed: true } } });
    setPw('old-secret', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    const sent = JSON.parse(calls('/api/changePassword')[1].body);
    expect(sent).toEqual({ old_password: 'old-secret', password: 'new-secret-1', confirm_password: 'new-secret-1' });
    expect(field('Current password').value).toBe('');
  });
});
