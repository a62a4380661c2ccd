import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import { DateTime, dataOf, installResponseCheck } from './responses.ts';
import { startTestApi } from '../test/harness.ts';

async function appWith(answer: unknown) {
  const app = Fastify();
  installResponseCheck(app, []);
  const schema = dataOf(Type.Object({ id: Type.Integer(), at: DateTime, nested: Type.Object({ name: Type.String() }) }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  return app;
}

describe('the response check (CHECK_RESPONSES)', () => {
  it('passes an answer that matches its schema, a Date written as ISO', async () => {
    const app = await appWith({ data: { id: 1, at: new Date('2026-11-24T10:00:00Z'), nested: { name: 'a' } } });
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 1, at: '2026-11-24T10:00:00.000Z', nested: { name: 'a' } } });
  });

  it('fails an answer with a field its schema does not name, at any depth, or a value of another type', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const answer of [
      { data: { id: 1, at: '2026-11-24T10:00:00Z', nested: { name: 'a', secret: 'x' } } },
      { data: { id: 1, at: '2026-11-24T10:00:00Z', nested: { name: 'a' }, extra: 1 } },
      { data: { id: '1', at: '2026-11-24T10:00:00Z', nested: { name: 'a' } } },
      { data: { id: 1, at: 'yesterday', nested: { name: 'a' } } },
    ]) {
      const app = await appWith(answer);
      expect((await app.inject('/x')).statusCode).toBe(500);
    }
    expect(quiet.mock.calls[0][0]).toContain('GET /x (200) breaks its response schema: /data/nested must NOT have additional properties (secret)');
    quiet.mockRestore();
  });
});

describe('a POST twin (_method) answers with the response schema of its target route', () => {
  const probe = async (app: FastifyInstance) => {
    app.put('/admin/probe-twin/:id', { config: { roles: ['admin'] }, schema: { summary: 'probe', response: { 200: dataOf(Type.Object({ id: Type.Integer() })) } } }, async (req) => ({
      data: { id: Number((req.params as { id: string }).id), secret: 'never sent' },
    }));
  };

  it('drops what the schema does not name in production, and the check fails it in the tests', async () => {
    for (const checkResponses of [false, true]) {
      const api = await startTestApi({ checkResponses }, [probe]);
      const token = await api.login('admin');
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const twin = await api.call({ method: 'POST', url: '/admin/probe-twin/5', token, payload: { _method: 'PUT' } });
      const put = await api.call({ method: 'PUT', url: '/admin/probe-twin/5', token, payload: {} });
      quiet.mockRestore();
      if (checkResponses) {
        expect([twin.statusCode, put.statusCode]).toEqual([500, 500]);
      } else {
        expect(twin.json()).toEqual({ data: { id: 5 } });
        expect(put.json()).toEqual({ data: { id: 5 } });
      }
      await api.close();
    }
  });
});
