import { installMemoryStorage } from '../../common/testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeApi } from '../../common/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { navigation } from '../../common/auth/session.ts';
import { watchSuspension } from '../../common/auth/suspended.ts';
import { resources } from '../resources/index.ts';
import { createAuthProvider } from './authProvider.ts';
import { createDataProvider } from './dataProvider.ts';
import { allMessages } from './i18nProvider.ts';

/**
 * The back office on a suspended school (issue 26 item 4; docs/operations.md "Suspension"), against a real HTTP server
 * of the test's own answering every call 403 ERROR_SCHOOL_SUSPENDED as the API does: react-admin's authProvider ends
 * the session as a sign-out does and sends the browser to the portal's sign-in page with the reason kept for it (the
 * page shows it: learner/suspended.test.tsx), from checkAuth (the profile refused) and from checkError (a data
 * provider call refused), without a notification of its own.
 */
const store = installMemoryStorage();
let fake: Awaited<ReturnType<typeof startFakeApi>>;
const went: string[] = [];
const SUSPENDED = { category: 'access', name: 'ERROR_SCHOOL_SUSPENDED', variables: { domain: 'demo' }, message: 'The school demo is suspended' };

beforeAll(async () => {
  await allMessages();
  fake = await startFakeApi(() => ({ status: 403, body: SUSPENDED }));
  vi.spyOn(navigation, 'assign').mockImplementation((to) => void went.push(to));
});
afterAll(() => fake.close());
beforeEach(() => {
  store.clear();
  went.length = 0;
  fake.seen.length = 0;
  store.set(STORAGE_KEYS.token, 'staff');
  store.set(STORAGE_KEYS.refreshToken, 'refresh');
});

describe('the back office of a suspended school', () => {
  const auth = createAuthProvider(resources);
  const data = createDataProvider(resources);

  it('checkAuth: the refused profile ends the session and goes to /auth with the reason', async () => {
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false, redirectTo: false });
    expect(fake.seen.map((r) => [r.url, r.headers.authorization])).toEqual([['/api/user', 'Bearer staff']]); // no /api/logout
    expect([...store.entries()]).toEqual([[STORAGE_KEYS.signedOutBecause, 'ERROR_SCHOOL_SUSPENDED']]);
    expect(went).toEqual(['/auth']);
  });

  it('checkError: a data provider call refused ends the session, and react-admin shows no notification of its own', async () => {
    watchSuspension()(); // the shared client's watcher off: checkError alone must do it
    const err = await data.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, body: { name: 'ERROR_SCHOOL_SUSPENDED' } });
    expect(store.get(STORAGE_KEYS.token)).toBe('staff');
    await expect(auth.checkError(err)).rejects.toEqual({ message: false, redirectTo: false });
    expect([...store.entries()]).toEqual([[STORAGE_KEYS.signedOutBecause, 'ERROR_SCHOOL_SUSPENDED']]);
    expect(went).toEqual(['/auth']);
    expect(fake.seen.some((r) => r.url === '/api/logout')).toBe(false);
  });

  it('checkError: another refusal (403 ERROR_ACCESS) keeps the session', async () => {
    await expect(auth.checkError({ status: 403, body: { name: 'ERROR_ACCESS' } })).resolves.toBeUndefined();
    expect(store.get(STORAGE_KEYS.token)).toBe('staff');
    expect(went).toEqual([]);
  });
});
