import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { startTestApi, type TestApi } from '../../server/test/harness.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { resources } from '../resources/index.ts';
import { users as usersConfig } from '../resources/users/index.ts';
import { createDataProvider } from './dataProvider.ts';
import { allMessages } from './i18nProvider.ts';

// The dataProvider's bulk endpoints, custom calls and request shapes, against the real API on a real port.
// A hook on the server records what actually arrived (method, path, content type, body).
const store = new Map<string, string>();
const g = globalThis as Record<string, unknown>;
g.localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) };

interface Seen {
  method: string;
  url: string;
  type: string;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
const recorder: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', async (req) => {
    seen.push({ method: req.method, url: req.url, type: String(req.headers['content-type'] ?? ''), body: (req.body ?? {}) as Record<string, unknown> });
  });
};
(recorder as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

describe('admin dataProvider: bulk endpoints, custom calls, form data', () => {
  let api: TestApi;
  const dp = createDataProvider(resources);
  const newUser = async (login: string) => (await dp.create('users', { data: { login, email: `${login}@demo.test`, password: 'Start12345', name: 'N', surname: 'S' } })).data.id as number;
  const blockedLogins = async () =>
    (await dp.getList('users', { pagination: { page: 1, perPage: 100 }, sort: { field: 'login', order: 'ASC' }, filter: { is_blocked: '1' } })).data.map((u) => u.login);

  beforeAll(async () => {
    api = await startTestApi({}, [recorder]);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    g.window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`, defaultTenant: 'demo' } };
    store.set(STORAGE_KEYS.token, await api.login('admin'));
    store.delete(STORAGE_KEYS.demo);
  });
  afterAll(() => api.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it('blocks and activates through the bulk endpoints the configuration names', async () => {
    const a = await newUser('xb_a');
    const b = await newUser('xb_b');
    expect((await dp.block('users', [a, b])).data.count).toBe(2);
    expect(seen.some((s) => s.method === 'POST' && s.url === '/admin/block/user')).toBe(true);
    expect(await blockedLogins()).toEqual(['xb_a', 'xb_b']);
    expect((await dp.active('users', [a])).data.count).toBe(1);
    expect(await blockedLogins()).toEqual(['xb_b']);
    const err = (await dp.block('users', []).catch((e: unknown) => e)) as { status: number; body: { name: string } };
    expect(err.status).toBe(422);
    expect(err.body.name).toBe('NOT_CHECK_ID_USER');
  });

  it('routes updateMany of the configured field to the bulk endpoint, other updates to one PUT per id', async () => {
    const a = await newUser('xu_a');
    const b = await newUser('xu_b');
    seen.length = 0;
    await dp.updateMany('users', { ids: [a, b], data: { is_blocked: true } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /admin/block/user']);
    expect(await blockedLogins()).toEqual(expect.arrayContaining(['xu_a', 'xu_b']));
    await dp.updateMany('users', { ids: [a, b], data: { is_blocked: false } });
    expect(seen.at(-1)?.url).toBe('/admin/active/user');
    seen.length = 0;
    await dp.updateMany('users', { ids: [a, b], data: { hobby: 'golf' } });
    expect(seen.map((s) => `${s.method} ${s.url}`).sort()).toEqual([`PUT /admin/user/${a}`, `PUT /admin/user/${b}`]);
    expect((await dp.getOne('users', { id: b })).data.hobby).toBe('golf');
  });

  it('deletes many as one POST with the configured ids key', async () => {
    const a = await newUser('xd_a');
    seen.length = 0;
    await dp.deleteMany('users', { ids: [a] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/admin/delete/user' });
    expect(seen[0].body.users).toEqual([a]);
    const gone = (await dp.getOne('users', { id: a }).catch((e: unknown) => e)) as { status: number };
    expect(gone.status).toBe(404);
  });

  it("sends JSON for flat updates, and form data as POST with _method=PUT for nested values; only the form's fields travel", async () => {
    const id = await newUser('xf_a');
    const before = (await dp.getOne('users', { id })).data;
    seen.length = 0;
    await dp.update('users', { id, data: { ...before, hobby: 'chess' }, previousData: before });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: `/admin/user/${id}` });
    expect(seen[0].type).toContain('application/json');
    expect(Object.keys(seen[0].body)).not.toContain('last_login_at'); // read-only column, not on the form
    expect(Object.keys(seen[0].body)).not.toContain('roles');
    seen.length = 0;
    const withTabs = createDataProvider([{ ...usersConfig, form: [...usersConfig.form!, { label: 'x', fields: ['interests', 'extra'] }] }]);
    const res = await withTabs.update('users', { id, data: { interests: 'sailing', extra: { nested: 'x' } }, previousData: before });
    expect(res.data.interests).toBe('sailing');
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/admin/user/${id}` }); // POST + _method=PUT, handled as the update
    expect(seen[0].type).toContain('multipart/form-data');
    expect((await dp.getOne('users', { id })).data.interests).toBe('sailing');
  });

  it('leaves an unchanged image (a stored path) out of an update', async () => {
    const id = await newUser('xi_a');
    const withAvatar = createDataProvider([{ ...usersConfig, fields: [...usersConfig.fields, { source: 'avatar', type: 'image' }], form: [{ label: 'm', fields: ['hobby', 'avatar'] }] }]);
    seen.length = 0;
    await withAvatar.update('users', { id, data: { hobby: 'x', avatar: '/api/file/avatar/1.png' }, previousData: {} as never });
    expect(seen[0].body).toEqual({ hobby: 'x' });
  });

  it('translates API errors: the main administrator, and a 422 with its field', async () => {
    const main = (await dp.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'superadmin' } })).data[0];
    store.set(STORAGE_KEYS.lang, 'en');
    await allMessages(); // the back office renders with its language's texts, error and validation catalogues in (admin/main.tsx)
    const err = (await dp.deleteMany('users', { ids: [main.id] }).catch((e: unknown) => e)) as { status: number; message: string };
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/main administrator/i);
    const id = await newUser('xe_a');
    const bad = (await dp.update('users', { id, data: { email: 'nope' }, previousData: {} as never }).catch((e: unknown) => e)) as {
      status: number;
      body: { errors: Record<string, string> };
    };
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBe('Invalid e-mail');
    store.delete(STORAGE_KEYS.lang);
  });

  it('logs in as a user: the demo token acts as that user and the call is audited', async () => {
    const studentId = (await dp.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { role: 'student' } })).data[0].id;
    const t = await dp.authorization('users', studentId);
    expect(t).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: `/admin/user/${studentId}/authorization` });
    const me = await api.call({ method: 'GET', url: '/api/user', token: t.access_token, headers: { demo: '1' } });
    expect(me.json().data.login).toBe('student');
    const journal = await dp.getList('demo-audit', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: { user_id: studentId } });
    expect(journal.total).toBeGreaterThan(0);
    expect(journal.data[0]).toMatchObject({ actor_login: 'admin', user_login: 'student', url: '/api/user' });
  });
});
