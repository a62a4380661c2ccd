import { installMemoryStorage } from '../../common/testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAKEN_WITHIN_MS, readEarly, keepFirstRead, rememberedFirstRead } from '../../common/api/early.ts';
import { startFakeApi } from '../../common/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { resources } from '../resources/index.ts';
import { createAuthProvider } from './authProvider.ts';
import { createDataProvider } from './dataProvider.ts';
import { firstPageParams, landingAddress } from './early-list.ts';

/**
 * The landing's list is asked before react-admin renders (admin/providers/early-list.ts): react-admin's own read of
 * the same first page takes that answer, so the rows are asked once and sooner; any other read asks as usual.
 */
const store = installMemoryStorage();
let fake: Awaited<ReturnType<typeof startFakeApi>>;
let role = 'admin';
const programs = [{ id: 2, title: 'Маркетинг' }];

beforeAll(async () => {
  fake = await startFakeApi((req) => {
    if (req.url === '/api/access') return { status: 200, body: { data: { payment: true, message: false } } };
    if (req.url === '/api/user') return { status: 200, body: { data: { id: 1, login: role, name: 'A', surname: 'B', roles: [role], avatar: null } } };
    return { status: 200, body: { data: programs, meta: { total: 1, page: 1, per_page: 15 } } };
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  store.clear();
  fake.seen.length = 0;
  store.set(STORAGE_KEYS.token, 'staff');
});

const listReads = () => fake.seen.filter((r) => r.url.startsWith('/admin/program')).length;

describe("the landing's list, asked before react-admin renders", () => {
  it("lands an admin on the program list, and react-admin's first read of it takes the early answer", async () => {
    const landing = await createAuthProvider(resources).landing();
    expect(landing?.name).toBe('courses');
    const dp = createDataProvider(resources);
    dp.askEarly(landing!);
    const page = await dp.getList('courses', { ...firstPageParams(landing!), signal: new AbortController().signal });
    expect(page.data).toEqual(programs);
    expect(page.total).toBe(1);
    expect(listReads()).toBe(1);
    // taken once: the next read of the same page asks again
    await dp.getList('courses', firstPageParams(landing!));
    expect(listReads()).toBe(2);
  });

  it('another page, sort or filter is asked as usual', async () => {
    const dp = createDataProvider(resources);
    const courses = resources.find((r) => r.name === 'courses')!;
    dp.askEarly(courses);
    await dp.getList('courses', { ...firstPageParams(courses), sort: { field: 'title', order: 'ASC' } });
    expect(listReads()).toBe(2);
  });

  it("lands a trainer where a trainer may list, by the same rule as react-admin's access checks", async () => {
    role = 'trainer';
    const auth = createAuthProvider(resources);
    const landing = await auth.landing();
    expect(landing).toBeDefined();
    await expect(auth.canAccess?.({ resource: landing!.name, action: 'list' })).resolves.toBe(true);
    const before = resources.slice(0, resources.indexOf(landing!));
    for (const r of before) await expect(auth.canAccess?.({ resource: r.name, action: 'list' })).resolves.toBe(false);
    role = 'admin';
  });

  it("puts the landing's list in place of the bare /admin/ before the first render, and leaves any other address", () => {
    const at = (pathname: string, search = '', hash = '') => landingAddress('courses', { pathname, search, hash });
    expect(at('/admin/')).toBe('/admin/courses');
    expect(at('/admin')).toBe('/admin/courses');
    expect(at('/admin/', '?lang=en', '#top')).toBe('/admin/courses?lang=en#top');
    // an address of its own (a record, another list, a screen) is where the user meant to go
    expect(at('/admin/users')).toBeUndefined();
    expect(at('/admin/courses/5')).toBeUndefined();
    expect(at('/admin/settings')).toBeUndefined();
  });
});

describe("the landing's list remembered for the next page load", () => {
  const bare = { pathname: '/admin/', search: '' };
  it("is read at the bare /admin/ and at the list's own address without a query, nowhere else", () => {
    keepFirstRead({ path: '/admin/program?page=1', page: '/admin/courses' });
    expect(rememberedFirstRead(bare)).toBe('/admin/program?page=1');
    expect(rememberedFirstRead({ pathname: '/admin', search: '?lang=en' })).toBe('/admin/program?page=1');
    expect(rememberedFirstRead({ pathname: '/admin/courses', search: '' })).toBe('/admin/program?page=1');
    expect(rememberedFirstRead({ pathname: '/admin/courses', search: '?page=2' })).toBeUndefined();
    expect(rememberedFirstRead({ pathname: '/admin/users', search: '' })).toBeUndefined();
    expect(rememberedFirstRead({ pathname: '/admin/courses/5', search: '' })).toBeUndefined();
  });

  it("is started by the next load's entry beside the profile, and react-admin's early read takes it: the rows are asked once", async () => {
    const landing = await createAuthProvider(resources).landing();
    const dp = createDataProvider(resources);
    keepFirstRead({ path: dp.firstPagePath(landing!), page: '/admin/courses' });
    // the next page load: the entry starts the remembered read before the back office's code is there
    const path = rememberedFirstRead(bare);
    expect(path).toMatch(/^\/admin\/program\?page=1&per_page=15&/);
    readEarly([path!]);
    dp.askEarly(landing!);
    const page = await dp.getList('courses', { ...firstPageParams(landing!), signal: new AbortController().signal });
    expect(page.data).toEqual(programs);
    expect(listReads()).toBe(1);
  });

  it('is not read by another session on the browser (another token)', async () => {
    const landing = await createAuthProvider(resources).landing();
    keepFirstRead({ path: createDataProvider(resources).firstPagePath(landing!), page: '/admin/courses' });
    expect(rememberedFirstRead(bare)).toBeDefined();
    store.set(STORAGE_KEYS.token, 'someone-else');
    expect(rememberedFirstRead(bare)).toBeUndefined();
  });

  it("is dropped when this load's landing asks another read: a later read of its address asks the network", async () => {
    const dp = createDataProvider(resources);
    const courses = resources.find((r) => r.name === 'courses')!;
    keepFirstRead({ path: dp.firstPagePath(courses), page: '/admin/courses' });
    readEarly([rememberedFirstRead(bare)!]); // the entry of the next load
    keepFirstRead(undefined); // its landing's list has params of its own now: nothing is asked early
    expect(rememberedFirstRead(bare)).toBeUndefined();
    await dp.getList('courses', firstPageParams(courses));
    expect(listReads()).toBe(2);
  });

  it('an early answer no one took within a minute is not given to a later read of the same address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const dp = createDataProvider(resources);
      const courses = resources.find((r) => r.name === 'courses')!;
      readEarly([dp.firstPagePath(courses)]);
      vi.setSystemTime(Date.now() + EARLY_TAKEN_WITHIN_MS + 1);
      await dp.getList('courses', firstPageParams(courses));
      expect(listReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
