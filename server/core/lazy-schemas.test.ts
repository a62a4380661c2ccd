import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { compileAllSchemas } from './lazy-schemas.ts';

// Route schemas compile at a route's first call (server/core/lazy-schemas.ts): the answers must be those of schemas
// compiled at start, and a schema that cannot compile must still fail here.
const probes: FastifyPluginAsync = async (app) => {
  app.post(
    '/probe/lazy/:id',
    {
      config: { global: true },
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } }, page: { type: 'integer', default: 1 } } },
        body: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'], additionalProperties: false },
        response: { 200: { type: 'object', properties: { id: { type: 'integer' }, query: { type: 'object', additionalProperties: true }, body: { type: 'object', additionalProperties: true } } } },
      },
    },
    async (req) => ({ id: (req.params as { id: number }).id, query: req.query, body: req.body, secret: 'not in the schema' }),
  );
};
const broken: FastifyPluginAsync = async (app) => {
  app.post('/probe/broken', { config: { global: true }, schema: { body: { type: 'no-such-type' } } }, async () => ({}));
};

describe('route schemas compiled when first called', () => {
  let api: TestApi;
  beforeAll(async () => {
    // without the response check (server/core/responses.ts), which would refuse the probe's extra field itself
    api = await startTestApi({ checkResponses: false }, [probes]);
  });
  afterAll(() => api.close());

  it('coerce, fill defaults, drop extra fields, refuse bad input and serialise by the response schema', async () => {
    const ok = await api.call({ method: 'POST', url: '/probe/lazy/7?tags=a', payload: { n: '5', extra: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, query: { tags: ['a'], page: 1 }, body: { n: 5 } });
    const bad = await api.call({ method: 'POST', url: '/probe/lazy/7', payload: { n: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['n']);
    const badParam = await api.call({ method: 'POST', url: '/probe/lazy/x', payload: { n: 1 } });
    expect(badParam.statusCode).toBe(422);
  });

  it("every schema of the app's routes compiles", () => {
    expect(() => compileAllSchemas(api.app)).not.toThrow();
  });

  it('a schema that cannot compile fails compileAllSchemas (and its route), not the start', async () => {
    const other = await startTestApi({}, [broken]);
    try {
      expect((await other.call({ method: 'POST', url: '/probe/broken', payload: {} })).statusCode).toBe(500);
      expect(() => compileAllSchemas(other.app)).toThrow(/no-such-type|schema is invalid/);
    } finally {
      await other.close();
    }
  });
});
