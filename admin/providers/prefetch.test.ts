import { installMemoryStorage } from '../../common/testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi } from '../../common/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { resources } from '../resources/index.ts';
import { createAuthProvider } from './authProvider.ts';

/**
 * The session's first reads start before react-admin's first render (admin/boot.tsx): the profile and the school's
 * sections together, and react-admin's own checks then use those reads instead of asking again.
 */
const store = installMemoryStorage();
let fake: Awaited<ReturnType<typeof startFakeApi>>;
const PROFILE = { id: 1, login: 'admin', name: 'A', surname: 'B', roles: ['admin'], avatar: null };

beforeAll(async () => {
  fake = await startFakeApi((req) => (req.url === '/api/access' ? { status: 200, body: { data: { payment: true, message: false } } } : { status: 200, body: { data: PROFILE } }));
});
afterAll(() => fake.close());
beforeEach(() => {
  store.clear();
  fake.seen.length = 0;
});

describe('the back office asks for the session before its first render', () => {
  it('reads the profile and the sections at once, each once, and the access checks use them', async () => {
    store.set(STORAGE_KEYS.token, 'staff');
    const auth = createAuthProvider(resources);
    auth.prefetch();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.canAccess?.({ resource: 'payments', action: 'list' })).resolves.toBe(true);
    await expect(auth.getPermissions?.({})).resolves.toBe('admin');
    expect(fake.seen.map((r) => r.url).sort()).toEqual(['/api/access', '/api/user']);
  });

  it('asks nothing without a session (main.tsx has sent the visitor to /auth)', async () => {
    const auth = createAuthProvider(resources);
    auth.prefetch();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.seen).toEqual([]);
  });
});
