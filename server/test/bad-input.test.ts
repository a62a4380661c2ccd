import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness.ts';
import { branches, jsonBodyOf, objectOf, operationsOf, sample, typesOf, type Op, type Schema } from './routes.ts';
import { INT_MAX } from '../core/schemas.ts';
import { groups } from '../db/schema/index.ts';

/**
 * Hostile input, generated from the OpenAPI document (issue 10, defect 4; docs/security.md "Bad input"): every
 * operation is called, signed in as the superadmin of school demo (as the student where the superadmin is refused),
 * with out-of-range and malformed integers in each path parameter, in each integer query parameter and list filter,
 * in each integer or number of its JSON body (the rest of the body filled with valid values), and with an empty
 * body. Whatever the answer, it is never a 5xx. A new route is covered without anyone listing it.
 */

const BAD_PATH_VALUES = ['2147483648', '99999999999999999999', '-1', 'abc'];
const BAD_INTEGERS = [2147483648, 1e20];
const FILTER_KEYS = [
  'id',
  'user_id',
  'program_id',
  'quiz_id',
  'question_id',
  'media_id',
  'group_id',
  'company_id',
  'diploma_id',
  'folder_id',
  'template_id',
  'status',
  'kind',
  'role',
  'done',
  'date_from',
  'date_to',
];

const isNumeric = (s: Schema) => typesOf(s).some((t) => t === 'integer' || t === 'number');

/** Paths (property names, `[]` for an array item) to every integer or number a body schema accepts. */
function numericLeaves(s: Schema | undefined, path: string[] = [], depth = 0): { path: string[]; schema: Schema }[] {
  if (!s || depth > 8) return [];
  if (isNumeric(s)) return [{ path, schema: s }];
  const alt = branches(s);
  if (alt) return alt.flatMap((b) => numericLeaves(b, path, depth + 1)).filter((leaf, i, all) => all.findIndex((x) => x.path.join('.') === leaf.path.join('.')) === i);
  if (typesOf(s).includes('array')) return numericLeaves(s.items, [...path, '[]'], depth + 1);
  const obj = objectOf(s);
  if (obj) return Object.entries(obj.properties).flatMap(([k, v]) => numericLeaves(v, [...path, k], depth + 1));
  return [];
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (head === '[]') return [withValue(undefined, rest, value)];
  const obj = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  obj[head] = withValue(obj[head], rest, value);
  return obj;
}

/** Every integer or number a schema accepts without a lower and an upper bound, or with an integer bound past the column's range. */
function unbounded(s: Schema | undefined, where: string, depth = 0): string[] {
  if (!s || depth > 8) return [];
  const out: string[] = [];
  if (isNumeric(s) && !('const' in s) && !Array.isArray(s.enum)) {
    const low = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
    const high = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
    if (low === undefined || high === undefined) out.push(`${where}: ${JSON.stringify({ minimum: low, maximum: high })}`);
    else if (typesOf(s).includes('integer') && (high > INT_MAX || low < -INT_MAX - 1)) out.push(`${where}: ${low}..${high} leaves the integer column's range`);
  }
  for (const b of [...(branches(s) ?? []), ...(s.allOf ?? [])]) out.push(...unbounded(b, where, depth + 1));
  if (s.items) out.push(...unbounded(s.items, `${where}[]`, depth + 1));
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...unbounded(v, `${where}.${k}`, depth + 1));
  return out;
}

/**
 * The error handler's second wall (server/core/errors.ts badInputOf): database errors that mean "this value does not
 * fit its column" become 422, whatever route lets them through. Hidden from the OpenAPI document, so not walked above.
 */
const DB_ERRORS: Record<string, (app: Parameters<FastifyPluginAsync>[0]) => Promise<unknown>> = {
  '22003': (app) => app.db.select().from(groups).where(eq(groups.id, 2147483648)),
  '22P02': (app) =>
    app.db
      .select()
      .from(groups)
      .where(eq(groups.id, 'abc' as never)),
  '22007': (app) => app.db.execute(sql`select ${'not a date'}::date`),
  '22008': (app) => app.db.execute(sql`select ${'2024-02-30'}::date`),
  '23502': (app) => app.db.insert(groups).values({ tenant_id: 1, title: null as never }),
  'empty update': (app) => app.db.update(groups).set({}).where(eq(groups.id, 1)),
};
const dbErrorProbes: FastifyPluginAsync = async (app) => {
  app.get('/api/probe/db-error/:kind', { config: { auth: 'public' }, schema: { hide: true } }, async (req) => {
    await DB_ERRORS[(req.params as { kind: string }).kind](app);
    return { ok: true };
  });
};

describe('hostile input: no operation answers 5xx (generated from the OpenAPI document)', () => {
  let api: TestApi;
  let ops: Op[];
  const tokens = { superadmin: '', student: '' };

  beforeAll(async () => {
    api = await startTestApi({}, [dbErrorProbes]);
    tokens.superadmin = await api.login('superadmin');
    tokens.student = await api.login('student');
    ops = operationsOf(api.app);
  });
  afterAll(() => api.close());

  it('bounds every integer and number a route reads (path, query and body) in its schema', () => {
    const found: string[] = [];
    for (const { method, path, op } of ops) {
      for (const p of op.parameters ?? []) found.push(...unbounded(p.schema, `${method} ${path} ${p.in}.${p.name}`));
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) found.push(...unbounded(content.schema, `${method} ${path} body(${type})`));
    }
    expect(found).toEqual([]);
  });

  it('answers every operation with a 4xx (or a 2xx), never a 5xx: bad ids in paths, queries, filters and bodies, empty bodies', async () => {
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let calls = 0;
    const tried = new Set<string>();

    /** One call as the superadmin; the student when the superadmin's role is refused; a new sign-in after a 401 (a probe may sign out). */
    async function probe(o: Op, url: string, payload?: unknown, method = o.method) {
      tried.add(`${o.method} ${o.path}`);
      let res = await api.call({ method: method as 'GET', url, token: tokens.superadmin, ...(payload !== undefined ? { payload: payload as object } : {}) });
      calls++;
      if (res.statusCode === 401) tokens.superadmin = await api.login('superadmin');
      if (res.statusCode === 403 && res.body.includes('ERROR_ACCESS')) {
        res = await api.call({ method: method as 'GET', url, token: tokens.student, ...(payload !== undefined ? { payload: payload as object } : {}) });
        calls++;
        if (res.statusCode === 401) tokens.student = await api.login('student');
      }
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) failures.push(`${method} ${url}${payload !== undefined ? ` ${JSON.stringify(payload).slice(0, 120)}` : ''}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      return res;
    }
    const fill = (path: string, values: Record<string, string>, rest: string) => path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? rest));
    const hasBody = (o: Op) => o.method !== 'GET';

    for (const o of ops) {
      const pathParams = (o.op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      // a DELETE never touches an existing row here: its other ids point nowhere
      const rest = o.method === 'DELETE' ? String(INT_MAX) : '1';
      const requiredQuery = Object.fromEntries((o.op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema) ?? '1')]));
      const qs = (extra: Record<string, string>) => {
        const s = new URLSearchParams({ ...requiredQuery, ...extra }).toString();
        return s ? `?${s}` : '';
      };

      // 0. a read as it is (ids 1): every operation is called at least once
      if (o.method === 'GET') await probe(o, fill(o.path, {}, rest) + qs({}));
      // 1. each path parameter out of range or malformed
      for (const name of pathParams) {
        for (const v of BAD_PATH_VALUES) await probe(o, fill(o.path, { [name]: v }, rest) + qs({}), hasBody(o) ? {} : undefined);
      }
      // 2. each integer query parameter out of range, and list filters with ids out of range
      for (const p of (o.op.parameters ?? []).filter((x) => x.in === 'query')) {
        const numeric = p.schema && (isNumeric(p.schema) || (branches(p.schema) ?? []).some(isNumeric));
        if (numeric) for (const v of BAD_INTEGERS) await probe(o, fill(o.path, {}, rest) + qs({ [p.name]: String(v) }));
        if (p.name === 'filter') {
          for (const key of FILTER_KEYS) for (const v of ['99999999999999999999']) await probe(o, fill(o.path, {}, rest) + qs({ [`filter[${key}]`]: v }));
          await probe(o, fill(o.path, {}, rest) + qs({ 'filter[id][]': '99999999999999999999' }));
        }
      }
      // 3. each integer or number of the JSON body out of range, the rest of the body valid
      const schema = jsonBodyOf(o);
      if (schema && hasBody(o)) {
        const valid = sample(schema);
        for (const leaf of numericLeaves(schema)) {
          for (const v of BAD_INTEGERS) await probe(o, fill(o.path, {}, rest) + qs({}), withValue(valid, leaf.path, v));
        }
      }
      // 4. an empty body, and the same through the method-override twin of a PUT/PATCH/DELETE
      if (hasBody(o)) {
        await probe(o, fill(o.path, {}, rest) + qs({}), {});
        if (o.method !== 'POST') await probe(o, fill(o.path, {}, rest) + qs({}), { _method: o.method }, 'POST');
      }
    }

    // the figures for docs/security.md
    const failing = new Set(
      failures.map((f) =>
        f
          .split(' ')
          .slice(0, 2)
          .join(' ')
          .replace(/\?.*/, '')
          .replace(/\/(\d+|-1|abc)(?=\/|$)/g, '/{n}'),
      ),
    );
    console.log(
      `bad input probe: ${tried.size} of ${ops.length} operations tried, ${calls} calls, answers by status ${JSON.stringify(statuses)}, ${failures.length} 5xx in ${failing.size} operations`,
    );
    expect(failures).toEqual([]);
    expect(tried.size).toBe(ops.length);
  }, 600_000);

  it('answers 422 Validation Error for an id past the integer range, in a path, a query and a body', async () => {
    const token = tokens.superadmin;
    for (const url of ['/admin/price/2147483648', '/admin/price/99999999999999999999', '/admin/user/2147483648']) {
      const res = await api.call({ method: 'GET', url, token });
      expect([res.statusCode, res.json().name], url).toEqual([422, 'Validation Error']);
      expect(res.json().errors).toBeDefined();
    }
    const query = await api.call({ method: 'GET', url: '/admin/submittedProject?user_id=2147483648', token });
    expect([query.statusCode, query.json().name]).toEqual([422, 'Validation Error']);
    const body = await api.call({ method: 'POST', url: '/admin/price', token, payload: { program_id: 2147483648, title: 'x', format: 'online', currency: 'RUB', amount: 1, extra_amount: 0 } });
    expect([body.statusCode, body.json().name]).toEqual([422, 'Validation Error']);
    expect(body.json().errors.program_id).toBeDefined();
  });

  it('turns database errors of values that do not fit their column into 422 Validation Error, never a 500', async () => {
    for (const kind of Object.keys(DB_ERRORS)) {
      const res = await api.call({ method: 'GET', url: `/api/probe/db-error/${encodeURIComponent(kind)}` });
      expect([res.statusCode, res.json().name], kind).toEqual([422, 'Validation Error']);
      expect(res.json().errors, kind).toBeDefined();
    }
    const notNull = await api.call({ method: 'GET', url: '/api/probe/db-error/23502' });
    expect(notNull.json().errors).toEqual({ title: ['validation.required'] });
  });

  it('answers an empty edit of a price with 422 and leaves the price as it was', async () => {
    const token = tokens.superadmin;
    const list = (await api.call({ method: 'GET', url: '/admin/price', token })).json().data as { id: number; title: string }[];
    expect(list.length).toBeGreaterThan(0);
    const res = await api.call({ method: 'PUT', url: `/admin/price/${list[0].id}`, token, payload: {} });
    expect([res.statusCode, res.json().name]).toEqual([422, 'Validation Error']);
    expect((await api.call({ method: 'GET', url: `/admin/price/${list[0].id}`, token })).json().data.title).toBe(list[0].title);
  });
});
