import { api } from '../api/client.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** The first-party web apps are a public OAuth client (docs/api.md "Responses"). */
export const CLIENT = { client_id: 'web', client_secret: 'public' } as const;

export interface TokenAnswer {
  token_type: 'Bearer';
  access_token: string;
  expires_in: number;
  refresh_token: string;
}

export type { Role } from '../access/roles.ts';
import type { Role } from '../access/roles.ts';

/** The profile as `GET /api/user` answers it (`data`). `roles[0]` is the current role. */
export interface Profile {
  id: number;
  login: string;
  email: string;
  roles: Role[];
  name: string;
  surname: string;
  avatar: string | null;
  is_start: string | null;
  networking?: unknown;
  [field: string]: unknown;
}

export const getToken = () => storage.get(STORAGE_KEYS.token);
export const isDemo = () => storage.get(STORAGE_KEYS.demo) === '1' && !!storage.get(STORAGE_KEYS.savedToken);

function reload(to?: string) {
  if (typeof window === 'undefined') return;
  if (to) window.location.assign(to);
  else window.location.reload();
}

/** Signs in with login or e-mail; keeps the token (and refresh token) in local storage. */
export async function login(username: string, password: string, remember: boolean) {
  const answer = await api<TokenAnswer>('/api/token', {
    method: 'POST',
    body: { username, password, remember, grant_type: 'password', ...CLIENT },
  });
  storage.set(STORAGE_KEYS.token, answer.access_token);
  storage.set(STORAGE_KEYS.refreshToken, answer.refresh_token);
  return answer;
}

export async function fetchProfile() {
  return (await api<{ data: Profile }>('/api/user')).data;
}

/** Revokes the token on the server (best effort), clears it and reloads the page. */
export async function logout(to = '/auth') {
  try {
    if (getToken()) await api('/api/logout', { method: 'POST' });
  } catch {
    /* the token may already be invalid */
  }
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.savedToken, STORAGE_KEYS.demo]) storage.remove(key);
  reload(to);
}

/** Demo mode: keep the admin's own token aside, act with the user's token and the `Demo` header, reload. */
export function enterDemo(userToken: string, to = '/') {
  const own = getToken();
  if (own && !isDemo()) storage.set(STORAGE_KEYS.savedToken, own);
  storage.set(STORAGE_KEYS.token, userToken);
  storage.set(STORAGE_KEYS.demo, '1');
  reload(to);
}

/** Back to the admin's own session (no sign-out), then reload. */
export function leaveDemo(to = '/admin/') {
  const saved = storage.get(STORAGE_KEYS.savedToken);
  if (saved) storage.set(STORAGE_KEYS.token, saved);
  storage.remove(STORAGE_KEYS.savedToken);
  storage.remove(STORAGE_KEYS.demo);
  reload(to);
}

/** Where a user lands by first role (route guard of the specification). */
export function homeFor(role: Role | undefined): string {
  switch (role) {
    case 'admin':
    case 'superadmin':
      return '/admin/courses';
    case 'moderator':
      return '/admin/users';
    case 'trainer':
      return '/admin/projects';
    default:
      return '/profile';
  }
}
