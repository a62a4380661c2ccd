import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { CONFLICTS, SIGN_IN, THROTTLED, operationIdOf, routesOnEnvelope } from './openapi.ts';

/**
 * The OpenAPI document (/docs, `app.swagger()`) is a valid OpenAPI 3.0 document by a third-party validator, and every
 * operation carries its operationId, summary, success schema and 4xx answers (docs/api.md "OpenAPI document").
 */
type Response = { $ref?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = { operationId?: string; summary?: string; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, Response> };

let api: TestApi;
let doc: { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };
let ops: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  api = await startTestApi();
  doc = structuredClone(api.app.swagger()) as unknown as typeof doc;
  ops = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/docs'))
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}, 120_000);
afterAll(() => api?.close());

const errorsOf = (op: Operation) =>
  Object.keys(op.responses)
    .filter((s) => /^4\d\d$/.test(s))
    .map(Number);
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

describe('OpenAPI document', () => {
  it('passes @apidevtools/swagger-parser validation (OpenAPI 3.0)', async () => {
    expect(ops.length).toBeGreaterThan(100);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('writes exclusive bounds the OpenAPI 3.0 way (a boolean beside minimum/maximum)', () => {
    const numeric: string[] = [];
    const walk = (n: unknown, at: string) => {
      if (!n || typeof n !== 'object') return;
      for (const [k, v] of Object.entries(n)) {
        if ((k === 'exclusiveMinimum' || k === 'exclusiveMaximum') && typeof v !== 'boolean') numeric.push(at);
        walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '');
    expect(numeric).toEqual([]);
    // the one source today: a payment's amount, > 0
    const amounts = JSON.stringify(doc).match(/"amount":\{[^}]*"exclusiveMinimum":true[^}]*\}/g) ?? [];
    expect(amounts.some((a) => a.includes('"minimum":0'))).toBe(true);
  });

  it('gives every operation a unique operationId (method + path unless the route sets its own) and a summary', () => {
    const ids = ops.map((o) => o.op.operationId);
    expect(ops.filter((o) => !o.op.operationId).map((o) => routeKey(o.method, o.path))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ops.find((o) => o.method === 'GET' && o.path === '/admin/user/{id}')?.op.operationId).toBe('getAdminUserById');
    expect(operationIdOf('post', '/admin/submittedProject/{id}/approve')).toBe('postAdminSubmittedProjectByIdApprove');
    expect(ops.filter((o) => !o.op.summary?.trim()).map((o) => routeKey(o.method, o.path))).toEqual([]);
  });

  it('documents a schema for every success answer: a list through listResponse(), a file by its media type, anything else { data }', () => {
    const without = ops.filter((o) => !Object.entries(o.op.responses).some(([s, r]) => /^2/.test(s) && Object.values(r.content ?? {}).some((c) => c?.schema)));
    expect(without.map((o) => routeKey(o.method, o.path))).toEqual([]);
    const schemaOf = (method: string, path: string) => {
      const r = ops.find((o) => o.method === method && o.path === path)!.op.responses;
      return Object.entries(r).find(([s]) => /^2/.test(s))![1].content!['application/json'].schema!;
    };
    const list = schemaOf('GET', '/admin/user') as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(Object.keys(list.properties)).toEqual(['data', 'meta']);
    expect(Object.keys(list.properties.meta.properties ?? {})).toEqual(['current_page', 'last_page', 'from', 'to', 'total', 'per_page']);
    // a route's own schema describes its data field by field (no envelope that admits anything)
    const user = schemaOf('GET', '/admin/user/{id}') as { properties: { data: { properties?: Record<string, unknown> } }; additionalProperties?: unknown };
    expect(Object.keys(user.properties.data.properties ?? {})).toEqual(expect.arrayContaining(['id', 'login', 'email', 'role']));
    expect(user.additionalProperties).toBeUndefined();
    // a download by its media type
    const logo = ops.find((o) => o.method === 'GET' && o.path === '/api/files/logo')!.op.responses['200'];
    expect(logo.content?.['image/png']?.schema).toEqual({ type: 'string', format: 'binary' });
  });

  it('has every route declare its own success answer: JSON by its schema, a file by its media type (none left on the generic envelope)', () => {
    const left = routesOnEnvelope(api.app).filter((r) => !r.includes('/docs'));
    expect(left).toEqual([]);
  });

  it('documents the 4xx answers and the busy 503 of every operation with the one shared error schema', () => {
    expect(doc.components.schemas.Error).toMatchObject({ required: ['category', 'name', 'variables', 'message'], additionalProperties: true });
    const missing: string[] = [];
    for (const { method, path, op } of ops) {
      const key = routeKey(method, path);
      const errors = errorsOf(op);
      const want = [
        ...(path.includes('{') ? [404, 422] : []),
        ...(op.parameters?.length || op.requestBody ? [422] : []),
        ...(op.requestBody ? [413, 415] : []),
        ...(path.startsWith('/admin') ? [401, 403] : []),
        ...(CONFLICTS.includes(key) ? [409] : []),
        ...(THROTTLED.includes(key) ? [429] : []),
        ...(SIGN_IN.includes(key) ? [401, 403] : []),
      ];
      for (const status of want) if (!errors.includes(status)) missing.push(`${key}: ${status}`);
      // the database busy or unreachable (server/core/overload.ts): every operation may meet it
      if (op.responses[503]?.$ref !== '#/components/responses/E503') missing.push(`${key}: 503 (busy) without the shared error`);
      for (const status of errors) {
        if (op.responses[status].$ref !== `#/components/responses/E${status}`) missing.push(`${key}: ${status} without the shared error`);
      }
    }
    expect(missing).toEqual([]);
    expect(doc.components.responses.E422).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  });

  it('has every operation declare at least one client error (issue 27, defect 11)', () => {
    // GET /health alone can give none: it reads no input, no school and no token (a wrong method is another route's 404)
    expect(ops.filter((o) => !errorsOf(o.op).length).map((o) => routeKey(o.method, o.path))).toEqual(['GET /health']);
  });

  it('documents 404 NOT_FOUND_DOMAIN on every operation bound to a school: an unknown Domain is refused before the route runs', async () => {
    const undocumented: string[] = [];
    for (const { method, path, op } of ops.filter((o) => o.path.startsWith('/api') || o.path.startsWith('/admin'))) {
      const res = await api.call({ method: method as 'GET', url: path.replace(/\{[^}]+\}/g, '1'), tenant: 'no-such-school' });
      if (res.statusCode === 404 && res.json().name === 'NOT_FOUND_DOMAIN' && !errorsOf(op).includes(404)) undocumented.push(routeKey(method, path));
    }
    expect(undocumented).toEqual([]);
  });

  it('lists in the 409 and 429 tables only routes that exist', () => {
    const keys = new Set(ops.map((o) => routeKey(o.method, o.path)));
    expect([...CONFLICTS, ...THROTTLED, ...SIGN_IN].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('documents 401 exactly where a caller without a token is refused (signing in aside: a wrong password is a 401)', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of ops.filter((o) => (o.path.startsWith('/api') || o.path.startsWith('/admin')) && !SIGN_IN.includes(routeKey(o.method, o.path)))) {
      const res = await api.call({ method: method as 'GET', url: path.replace(/\{[^}]+\}/g, '1') });
      const documented = errorsOf(op).includes(401);
      if ((res.statusCode === 401) !== documented) wrong.push(`${routeKey(method, path)}: answered ${res.statusCode}, 401 ${documented ? '' : 'not '}documented`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps every field of an answer through the response schemas (error fields and extra keys included)', async () => {
    const token = await api.login('admin');
    const list = await api.call({ method: 'GET', url: '/admin/user?per_page=2', token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(Object.keys(body.meta)).toEqual(['current_page', 'last_page', 'from', 'to', 'total', 'per_page']);
    expect(Object.keys(body.data[0])).toEqual(expect.arrayContaining(['id', 'email', 'role']));
    const bad = await api.call({ method: 'GET', url: '/admin/user/2147483648', token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json()).sort()).toEqual(['category', 'errors', 'message', 'name', 'variables']);
  });
});
