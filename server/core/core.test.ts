import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { multipart } from '../test/forms.ts';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { setAccessFlag } from '../modules/settings/index.ts';
import { setBracketed } from './form.ts';

describe('bracketed form keys', () => {
  it('builds arrays and nested objects, and ignores prototype keys', () => {
    const body: Record<string, unknown> = {};
    for (const [k, v] of [
      ['users[]', '3'],
      ['users[]', '7'],
      ['address[city]', 'Kazan'],
      ['items[0][id]', '1'],
      ['items[1][id]', '2'],
      ['__proto__[x]', 'y'],
    ]) {
      setBracketed(body, k, v);
    }
    expect(body).toEqual({ users: ['3', '7'], address: { city: 'Kazan' }, items: [{ id: '1' }, { id: '2' }] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('drops a key that would descend into a plain value or past a list index, instead of throwing (it took the server down)', () => {
    const body: Record<string, unknown> = {};
    for (const [k, v] of [
      ['a', '1'],
      ['a[]', '2'],
      ['b[0]', '1'],
      ['b[0][c]', '2'],
      ['l[]', '1'],
      ['l[x]', '2'],
      ['l[99999999]', '3'],
      ['m[k]', '1'],
      ['m[k][j]', '2'],
    ]) {
      expect(() => setBracketed(body, k, v)).not.toThrow();
    }
    expect(body).toEqual({ a: '1', b: ['1'], l: ['1'], m: { k: '1' } });
  });
});

/** Probe routes exercising the guard, validation and method override the way modules use them. */
async function probe(app: FastifyInstance) {
  app.get('/api/probe/payment', { config: { flag: 'payment' } }, async () => ({ ok: true }));
  app.get('/api/probe/networking', { config: { flag: 'networking' } }, async () => ({ ok: true }));
  app.get('/api/probe/admins', { config: { roles: ['admin', 'superadmin'] } }, async () => ({ ok: true }));
  app.put(
    '/api/probe/item/:id',
    {
      schema: { params: Type.Object({ id: Type.Integer() }), body: Type.Object({ title: Type.String({ maxLength: 5 }) }) },
      config: { roles: ['admin'] },
    },
    async (req) => ({ put: req.params, body: req.body }),
  );
  app.delete('/api/probe/item/:id', { config: { roles: ['admin'] } }, async () => ({ deleted: true }));
  app.post(
    '/api/probe/upload',
    {
      config: {
        roles: ['admin'],
        upload: {
          maxFileSize: 64 * 1024,
          sizeError: 'ERROR_MAX_SIZE',
          perFile: (f, fields) => (fields.kind === 'big' || f.filename.endsWith('.mp4') ? undefined : { maxFileSize: 1024, sizeError: 'ERROR_MAX_SIZE_40' }),
        },
      },
    },
    async (req) => ({ sizes: (req.uploadedFiles ?? []).map((f) => f.size) }),
  );
  app.get('/api/probe/crash', { config: { auth: 'public' } }, async () => {
    throw new Error('secret internals');
  });
}

describe('API core', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  beforeAll(async () => {
    api = await startTestApi({}, [probe]);
    admin = await api.login('admin');
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('answers /health without a school', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('serves the OpenAPI document with the routes of every module', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/token', '/api/user', '/api/access', '/api/info/countries', '/admin/user', '/admin/user/{id}/authorization']) expect(doc.paths[path], path).toBeTruthy();
  });

  it('refuses an unknown school with NOT_FOUND_DOMAIN', async () => {
    const res = await api.call({ method: 'GET', url: '/api/access', tenant: 'nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'NOT_FOUND_DOMAIN', category: 'not_found' });
  });

  it('refuses a section whose flag is off, on the server', async () => {
    expect((await api.call({ method: 'GET', url: '/api/probe/payment', token: student })).statusCode).toBe(200);
    await setAccessFlag(api.app.schoolDb(1), 'payment', false);
    await setAccessFlag(api.app.schoolDb(1), 'networking', false);
    api.app.forgetTenantCaches();
    const off = await api.call({ method: 'GET', url: '/api/probe/payment', token: student });
    expect(off.statusCode).toBe(403);
    expect(off.json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'GET', url: '/api/probe/networking', token: student })).json().name).toBe('NOT_ON_NETWORKING');
    // the other school keeps its sections
    expect((await api.call({ method: 'GET', url: '/api/probe/payment', token: await api.login('student', 'north'), tenant: 'north' })).statusCode).toBe(200);
    await setAccessFlag(api.app.schoolDb(1), 'payment', true);
    await setAccessFlag(api.app.schoolDb(1), 'networking', true);
    api.app.forgetTenantCaches();
  });

  it('refuses a role the route does not allow', async () => {
    expect((await api.call({ method: 'GET', url: '/api/probe/admins', token: student })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/api/probe/admins', token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: '/api/probe/admins' })).statusCode).toBe(401);
  });

  it('routes POST with _method to the PUT or DELETE handler with its guard and validation', async () => {
    const put = await api.call({ method: 'POST', url: '/api/probe/item/7', token: admin, payload: { _method: 'PUT', title: 'abc' } });
    expect(put.json()).toEqual({ put: { id: 7 }, body: { title: 'abc' } });
    const bad = await api.call({ method: 'POST', url: '/api/probe/item/7', token: admin, payload: { _method: 'PUT', title: 'too long' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.title).toEqual(['validation.max_length:5']);
    expect((await api.call({ method: 'POST', url: '/api/probe/item/7', token: student, payload: { _method: 'PUT', title: 'abc' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/api/probe/item/7', token: admin, payload: { _method: 'delete' } })).json()).toEqual({ deleted: true });
    expect((await api.call({ method: 'POST', url: '/api/probe/item/7', token: admin, payload: { title: 'abc' } })).statusCode).toBe(404);
    const boundary = 'b0';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nxyz\r\n--${boundary}--\r\n`;
    const multipart = await api.call({ method: 'POST', url: '/api/probe/item/8', token: admin, payload: form, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(multipart.json()).toEqual({ put: { id: 8 }, body: { title: 'xyz' } });
  });

  it('applies a per-file limit while the file streams: by the fields sent before it, else by its name', async () => {
    const send = (fields: Parameters<typeof multipart>[0]) => api.call({ method: 'POST', url: '/api/probe/upload', token: admin, ...multipart(fields) });
    const small = await send({ kind: 'doc', file: { name: 'a.pdf', data: Buffer.alloc(1000, 1) } });
    expect(small.json()).toEqual({ sizes: [1000] });
    const over = await send({ kind: 'doc', file: { name: 'a.pdf', data: Buffer.alloc(2000, 1) } });
    expect([over.statusCode, over.json().name]).toEqual([413, 'ERROR_MAX_SIZE_40']);
    expect((await send({ kind: 'big', file: { name: 'a.pdf', data: Buffer.alloc(2000, 1) } })).json()).toEqual({ sizes: [2000] });
    expect((await send({ file: { name: 'clip.mp4', data: Buffer.alloc(2000, 1) } })).json()).toEqual({ sizes: [2000] });
    const route = await send({ kind: 'big', file: { name: 'a.pdf', data: Buffer.alloc(70 * 1024, 1) } });
    expect([route.statusCode, route.json().name]).toEqual([413, 'ERROR_MAX_SIZE']);
  });

  it('hides internals on a server error', async () => {
    const res = await api.call({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ category: 'error', name: 'SERVER_ERROR', variables: {}, message: 'Server error' });
    expect(res.body).not.toContain('secret');
  });

  it('answers CORS for the web origin with the API headers', async () => {
    const res = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: { origin: 'http://acme.localhost:8080', 'access-control-request-method': 'GET', 'access-control-request-headers': 'domain,authorization' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://acme.localhost:8080');
    expect(String(res.headers['access-control-allow-headers'])).toContain('Domain');
    const evil = await api.app.inject({ method: 'OPTIONS', url: '/api/user', headers: { origin: 'http://evil.example.com', 'access-control-request-method': 'GET' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
