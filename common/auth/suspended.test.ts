import { installMemoryStorage } from '../testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from '../testing/fake-api.ts';
import { api, ApiError } from '../api/client.ts';
import { STORAGE_KEYS } from '../storage.ts';
import { getToken, login, navigation, signOutReason } from './session.ts';
import { watchSuspension } from './suspended.ts';

/**
 * The shared side of a suspended school (issue 26 item 4; docs/operations.md "Suspension"), against a real HTTP server
 * of the test's own that answers every call 403 ERROR_SCHOOL_SUSPENDED as the API does: the first refused call of a
 * session ends it as a sign-out does (every stored token goes) and sends the browser to the sign-in page with the
 * reason kept for it; a refused sign-in (no session) only fails, and another 403 leaves the session alone.
 */
const store = installMemoryStorage();
const SUSPENDED = { category: 'access', name: 'ERROR_SCHOOL_SUSPENDED', variables: { domain: 'demo' }, message: 'The school demo is suspended' };
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let refusal: object = SUSPENDED;
const went: string[] = [];

beforeAll(async () => {
  fake = await startFakeApi(() => ({ status: 403, body: refusal }));
  vi.spyOn(navigation, 'assign').mockImplementation((to) => void went.push(to));
});
afterAll(() => fake.close());
beforeEach(() => {
  store.clear();
  went.length = 0;
  refusal = SUSPENDED;
  fake.seen.length = 0;
  return watchSuspension();
});

const signedIn = () => {
  store.set(STORAGE_KEYS.token, 'access');
  store.set(STORAGE_KEYS.refreshToken, 'refresh');
  store.set(STORAGE_KEYS.savedToken, 'admin-own');
  store.set(STORAGE_KEYS.demo, '1');
};

describe('a suspended school ends the session', () => {
  it('the first refused call drops every stored token, keeps the reason and goes to /auth, without asking the server again', async () => {
    signedIn();
    const err = await api('/api/courses').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 403, body: { name: 'ERROR_SCHOOL_SUSPENDED' } });
    expect(fake.seen.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['GET', '/api/courses', 'Bearer access']]); // no /api/logout
    expect([...store.keys()]).toEqual([STORAGE_KEYS.signedOutBecause]);
    expect(getToken()).toBeNull();
    expect(signOutReason()).toBe('ERROR_SCHOOL_SUSPENDED');
    expect(went).toEqual(['/auth']);
  });

  it('a write refused the same way ends it too', async () => {
    signedIn();
    await api('/api/user', { method: 'PUT', body: { name: 'x' } }).catch(() => undefined);
    expect(getToken()).toBeNull();
    expect(went).toEqual(['/auth']);
  });

  it('a refused sign-in (no session) only fails: nothing stored, no navigation, the form shows the error', async () => {
    const err = await login('student', 'secret123', false).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, body: { name: 'ERROR_SCHOOL_SUSPENDED' } });
    expect(fake.seen.map((r) => [r.method, r.url])).toEqual([['POST', '/api/token']]);
    expect([...store.keys()]).toEqual([]);
    expect(went).toEqual([]);
  });

  it('another 403 (a section the role may not see) keeps the session', async () => {
    signedIn();
    refusal = { category: 'access', name: 'ERROR_ACCESS', message: 'No access' };
    await api('/api/courses').catch(() => undefined);
    expect(getToken()).toBe('access');
    expect(signOutReason()).toBeUndefined();
    expect(went).toEqual([]);
  });
});
