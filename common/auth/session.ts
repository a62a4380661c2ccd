import { api } from '../api/client.ts';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** The first-party web apps are a public OAuth client (docs/api.md "Responses"). */
export const CLIENT = { client_id: 'web', client_secret: 'public' } as const;

import type { MeAnswer, TokenAnswer } from '../api/types/accounts.ts';
export type { TokenAnswer } from '../api/types/accounts.ts';

export type { Role } from '../access/roles.ts';
import type { Role } from '../access/roles.ts';

/** The profile as `GET /api/user` answers it (`data`; server/modules/accounts `Me`). `roles[0]` is the current role. */
export type Profile = MeAnswer['data'];

export const getToken = () => storage.get(STORAGE_KEYS.token);
export const isDemo = () => storage.get(STORAGE_KEYS.demo) === '1' && !!storage.get(STORAGE_KEYS.savedToken);

/** Full-page navigations of a session's start and end (replaceable in tests: jsdom cannot navigate). */
export const navigation = {
  assign: (to: string) => window.location.assign(to),
  reload: () => window.location.reload(),
};

function reload(to?: string) {
  if (typeof window === 'undefined') return;
  if (to) navigation.assign(to);
  else navigation.reload();
}

/** The stored session: the token, its refresh token, and the admin's own token kept aside in demo mode. */
const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.savedToken, STORAGE_KEYS.demo, STORAGE_KEYS.firstRead, STORAGE_KEYS.keptScreen];

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
  return (await api<MeAnswer>('/api/user')).data;
}

/** Revokes the token on the server (best effort), clears it and reloads the page. */
export async function logout(to = '/auth') {
  try {
    if (getToken()) await api('/api/logout', { method: 'POST' });
  } catch {
    /* the token may already be invalid */
  }
  for (const key of SESSION_KEYS) storage.remove(key);
  reload(to);
}

/**
 * The session ends because the API refuses it for good (the school is suspended: `common/auth/suspended.ts`): the
 * stored session goes as with a sign-out, without asking the server (it would refuse that too), the reason (an error
 * name of the catalogue) is kept for the sign-in page to show, and the browser goes there.
 */
export function endSession(reason: string, to = '/auth') {
  for (const key of SESSION_KEYS) storage.remove(key);
  storage.set(STORAGE_KEYS.signedOutBecause, reason);
  reload(to);
}

/** Why the last session ended (`endSession`), until the sign-in page has shown it (`forgetSignOutReason`). */
export const signOutReason = (): string | undefined => storage.get(STORAGE_KEYS.signedOutBecause) ?? undefined;
export const forgetSignOutReason = () => storage.remove(STORAGE_KEYS.signedOutBecause);

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
