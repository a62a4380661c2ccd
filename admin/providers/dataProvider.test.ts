import { installMemoryStorage } from '../../common/testing/memory-storage.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startTestApi, type TestApi } from '../../server/test/harness.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { resources } from '../resources/index.ts';
import { createDataProvider } from './dataProvider.ts';
import { allMessages } from './i18nProvider.ts';

// The dataProvider against the real API on a real port (PGlite, demo schools).
const store = installMemoryStorage();
const g = globalThis as Record<string, unknown>;

describe('admin dataProvider on the real API', () => {
  let api: TestApi;
  const dp = createDataProvider(resources);
  beforeAll(async () => {
    await allMessages(); // the back office renders with its language's texts, the error catalogue among them (admin/main.tsx)
    api = await startTestApi();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    g.window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`, defaultTenant: 'demo' } };
    store.set(STORAGE_KEYS.token, await api.login('admin'));
  });
  afterAll(() => api.close());

  it('maps react-admin list params to page/per_page/sort/order/q/filter and reads { data, meta }', async () => {
    const all = await dp.getList('users', { pagination: { page: 1, perPage: 2 }, sort: { field: 'login', order: 'ASC' }, filter: {} });
    expect(all.total).toBe(8); // one user per role and three networking members of the demo school
    expect(all.data.map((u) => u.login)).toEqual(['admin', 'dmitry.volkov']);
    const search = await dp.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'trainer' } });
    expect(search.data.map((u) => u.login)).toEqual(['trainer']);
    const byRole = await dp.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { role: 'trainer' } });
    expect(byRole.data.map((u) => u.login)).toEqual(['trainer']);
  });

  it('creates, updates (as form data with _method=PUT when a file is attached) and reads one', async () => {
    const created = await dp.create('users', { data: { login: 'dp_user', email: 'dp@demo.test', password: 'Start12345', name: 'D', surname: 'P' } });
    const id = created.data.id;
    const updated = await dp.update('users', { id, data: { hobby: 'chess', extra: { nested: 'x' } }, previousData: created.data });
    expect(updated.data.hobby).toBe('chess');
    expect((await dp.getOne('users', { id })).data.login).toBe('dp_user');
    expect((await dp.getMany('users', { ids: [id] })).data).toHaveLength(1);
  });

  it('deletes many through the bulk endpoint and surfaces translated API errors', async () => {
    const a = (await dp.create('users', { data: { login: 'dp_del1', email: 'dd1@demo.test', password: 'Start12345', name: 'D', surname: 'P' } })).data.id;
    const b = (await dp.create('users', { data: { login: 'dp_del2', email: 'dd2@demo.test', password: 'Start12345', name: 'D', surname: 'P' } })).data.id;
    expect((await dp.deleteMany('users', { ids: [a, b] })).data).toEqual([a, b]);
    const main = (await dp.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'superadmin' } })).data[0];
    const err = (await dp.delete('users', { id: main.id, previousData: main }).catch((e: unknown) => e)) as { status: number; message: string; body: { name: string } };
    expect(err.status).toBe(409);
    expect(err.body.name).toBe('NOT_ACCESS_DELETE_SUPERADMIN');
    expect(err.message).toBe('Главного администратора нельзя удалить.');
  });

  it('shows an empty list for a section whose API is not there yet', async () => {
    const ghost = createDataProvider([...resources, { name: 'ghost', apiPath: '/admin/ghost', roles: { list: ['admin'] }, fields: [], list: { columns: [] } }]);
    const none = await ghost.getList('ghost', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(none).toEqual({ data: [], total: 0 });
  });
});
