import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { multipart as formBody } from './forms.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { jsonBodyOf, objectOf, operationsOf, sample, typesOf, branches, type Op, type Schema } from './routes.ts';
import { writeCheck } from './write-check.ts';
import type { Role } from '../db/schema/index.ts';

/**
 * Hostile input (issue 10, "the suite that keeps this true"), generated from the OpenAPI document: every operation,
 * signed in as a role it admits (the superadmin for /admin, the student for /api where students are let in), is
 * called with over-long (100,000 characters) and wrong-type values in each path and query parameter (and as a
 * list), with each string of its JSON body over-long (the rest valid), with a body whose every property has the
 * wrong type or is null, with numbers past the double range, with an empty, a broken and a non-object JSON body, and a multipart route with a
 * broken multipart body. No answer is a 5xx. Ids in bodies point nowhere, so no probe changes an existing row.
 * (Out-of-range integers in every place are walked by server/test/bad-input.test.ts.)
 *
 * Hostile values (issue 27): a NUL character in each query value, string path parameter, string of the JSON body
 * (each one, then every string at any depth at once), form field and uploaded file name, and in a header the server
 * reads (`Accept-Language`); `Infinity`, `1e400` and `-0` in each numeric query parameter and `-0` in each number of
 * the body; far days (`0001-01-01`, `9999-12-31`) in each date parameter and date field (and `filter[date_from]`/
 * `filter[date_to]`); `null` for each boolean of the body. No 5xx, and after each refused request (4xx) nothing was
 * written: no row (server/test/write-check.ts) and no file under DATA_DIR, the temporary folder emptied.
 */
const LONG = 'x'.repeat(100_000);
const NOWHERE = 2147483000;
// (out-of-range and non-numeric ids in every place: server/test/bad-input.test.ts)
const PATH_VALUES = ['9'.repeat(100_000), '1.5'];
const QUERY_VALUES = [LONG, 'abc'];
const NUL = 'x\u0000y';
const NUMBERS = ['Infinity', '1e400', '-0'];
const FAR_DAYS = ['0001-01-01', '9999-12-31'];
/** A parameter or field that holds a day or an instant, by its format or its name. */
const isDateLike = (name: string, s: Schema) => s.format === 'date' || s.format === 'date-time' || /(^|_)(date|day|from|to|on|birthday)(_|$)|_at$|^date/.test(name);
const farValue = (day: string, s: Schema) => (s.format === 'date-time' || /_at$/.test(String(s.title ?? '')) ? `${day}T00:00:00Z` : day);

/**
 * Cases that still answer 5xx because of a defect another engineer is fixing: each is skipped here, named, and
 * reported. Keep this the only list; remove a line when its defect is closed (the test then fails if it returns).
 */
const KNOWN: { match: RegExp; note: string }[] = [
  // (empty: the multipart request without a boundary answers 422 since issue 10 defect 4 was closed)
];

/** A value with every string (at any depth) holding a NUL. */
const withNul = (v: unknown): unknown =>
  typeof v === 'string' ? NUL : Array.isArray(v) ? v.map(withNul) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withNul(x)])) : v;
const isString = (s: Schema) => typesOf(s).includes('string') || (branches(s) ?? []).some((b) => typesOf(b).includes('string'));
/** A value of another type than the property takes. */
function wrongType(s: Schema): unknown {
  const t = typesOf(s)[0] ?? typesOf((branches(s) ?? [])[0] ?? {})[0];
  if (t === 'string') return { not: 'a string' };
  if (t === 'integer' || t === 'number') return 'abc';
  if (t === 'boolean') return 'maybe';
  if (t === 'array') return 'not-a-list';
  return 12345;
}

describe('hostile input: over-long, wrong-type, out-of-range, empty and malformed values never answer 5xx (generated from the OpenAPI document)', () => {
  let api: TestApi;
  let ops: Op[];
  const tokens = {} as Record<Role, string>;
  const ROLE_ORDER: Role[] = ['superadmin', 'admin', 'moderator', 'trainer', 'student'];

  beforeAll(async () => {
    api = await startTestApi();
    ops = operationsOf(api.app);
  });
  afterAll(() => api.close());

  it('answers every operation with a 4xx (or a 2xx), never a 5xx', async () => {
    const roles = new Map(api.app.routeTable.map((r) => [`${r.method} ${r.url}`, r]));
    const failures: string[] = [];
    const known: string[] = [];
    const statuses: Record<number, number> = {};
    const tried = new Set<string>();
    const wrote: string[] = [];
    const writes = await writeCheck(api);
    const tmp = join(api.config.dataDir, 'tmp');
    const tmpLeft = async () => {
      for (let i = 0; i < 50 && existsSync(tmp) && readdirSync(tmp).length; i++) await new Promise((r) => setTimeout(r, 10));
      return existsSync(tmp) ? readdirSync(tmp) : [];
    };
    let calls = 0;
    let refusals = 0;

    for (const o of ops) {
      const route = roles.get(`${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`);
      const admitted = ROLE_ORDER.filter((r) => !route?.roles || route.roles.includes(r));
      const role = o.path.startsWith('/api') && admitted.includes('student') ? 'student' : (admitted[0] ?? 'superadmin');
      if (!tokens[role]) {
        tokens[role] = await api.login(role);
        writes.moved();
      }
      const params = o.op.parameters ?? [];
      const fill = (values: Record<string, string> = {}) => o.path.replace(/\{([^}]+)\}/g, (_, n: string) => (n in values ? values[n] : n === 'token' ? 'no-such-token' : String(NOWHERE)));
      const required = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema) ?? '1')]));
      const qs = (extra: Record<string, string> = {}) => {
        const s = new URLSearchParams({ ...required, ...extra }).toString();
        return s ? `?${s}` : '';
      };
      const noIds = (name: string) => (/(^id|_id|Id)s?$/.test(name) ? NOWHERE : undefined);
      const schema = jsonBodyOf(o);
      const valid = schema
        ? (sample(schema, (n, s) => (noIds(n) !== undefined ? (typesOf(s).includes('array') ? [NOWHERE] : typesOf(s).includes('string') ? String(NOWHERE) : NOWHERE) : undefined), true) as Record<
            string,
            unknown
          >)
        : undefined;
      const multipart = !!o.op.requestBody?.content['multipart/form-data'];

      async function probe(url: string, what: string, body?: { payload?: unknown; raw?: string | Buffer; type?: string; headers?: Record<string, string> }) {
        tried.add(`${o.method} ${o.path}`);
        const send = () =>
          api.call({
            method: o.method as 'GET',
            url,
            token: tokens[role],
            ...(body?.raw !== undefined ? { payload: body.raw, headers: { 'content-type': body.type ?? 'application/json' } } : body?.payload !== undefined ? { payload: body.payload as object } : {}),
            ...(body?.headers ? { headers: body.headers } : {}),
          });
        await writes.before();
        let res = await send();
        calls++;
        if (res.statusCode === 401 && route?.auth !== 'public') {
          tokens[role] = await api.login(role); // a probe signed this role out (POST /api/logout)
          writes.moved();
          await writes.before();
          res = await send();
        }
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 400 && res.statusCode < 500) {
          refusals++;
          const left = body?.type?.startsWith('multipart') ? await tmpLeft() : [];
          const changed = [...(await writes.after()), ...(left.length ? ['files left in DATA_DIR/tmp'] : [])];
          if (changed.length) wrote.push(`${o.method} ${o.path} ${what}: ${res.statusCode} and changed ${changed.join('; ')}`);
        } else await writes.after();
        if (res.statusCode >= 500) {
          const line = `${o.method} ${o.path} ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          (KNOWN.some((k) => k.match.test(line)) ? known : failures).push(line);
        }
      }

      // every operation at least once, with an over-long unknown query parameter
      if (!params.some((p) => p.in === 'path' || p.in === 'query')) await probe(fill() + qs({ unknown: LONG }), 'query unknown=100k');
      // path parameters: over-long, wrong type, blank
      for (const p of params.filter((x) => x.in === 'path')) {
        for (const v of PATH_VALUES) await probe(fill({ [p.name]: encodeURIComponent(v) }) + qs(), `path ${p.name}=${v.slice(0, 12)}`, o.method === 'GET' ? undefined : { payload: valid ?? {} });
      }
      for (const p of params.filter((x) => x.in === 'path' && !typesOf(x.schema ?? {}).includes('integer')))
        await probe(fill({ [p.name]: encodeURIComponent(NUL) }) + qs(), `path ${p.name}=NUL`, o.method === 'GET' ? undefined : { payload: valid ?? {} });
      // a header the server reads
      await probe(fill() + qs(), 'header Accept-Language with NUL', { headers: { 'accept-language': `ru${NUL}` }, ...(o.method === 'GET' ? {} : { payload: valid ?? {} }) });
      // query parameters: over-long, wrong type, negative, empty, out of range, and as a list
      for (const p of params.filter((x) => x.in === 'query' && x.name !== 'access_token' && x.name !== 'domain')) {
        for (const v of QUERY_VALUES) await probe(fill() + qs({ [p.name]: v }), `query ${p.name}=${v.slice(0, 12)}`);
        await probe(fill() + qs() + `${Object.keys(required).length ? '&' : '?'}${encodeURIComponent(p.name)}[]=1&${encodeURIComponent(p.name)}[]=2`, `query ${p.name}[]`);
        await probe(fill() + qs({ [p.name]: NUL }), `query ${p.name}=NUL`);
        const ps = p.schema ?? {};
        const numeric = [ps, ...(branches(ps) ?? []), ...(ps.items ? [ps.items] : [])].some((b) => typesOf(b).includes('integer') || typesOf(b).includes('number'));
        if (numeric) for (const v of NUMBERS) await probe(fill() + qs({ [p.name]: v }), `query ${p.name}=${v}`);
        if (isDateLike(p.name, ps)) for (const v of FAR_DAYS) await probe(fill() + qs({ [p.name]: v }), `query ${p.name}=${v}`);
        if (p.name === 'filter') {
          await probe(`${fill()}${qs()}${Object.keys(required).length ? '&' : '?'}filter[q]=${encodeURIComponent(NUL)}&filter[status]=${encodeURIComponent(NUL)}`, 'query filter[…]=NUL');
          for (const v of FAR_DAYS) await probe(`${fill()}${qs()}${Object.keys(required).length ? '&' : '?'}filter[date_from]=${v}&filter[date_to]=${v}`, `query filter[date_*]=${v}`);
          await probe(fill() + qs({ filter: '{"id":' }), 'query filter: broken JSON');
          await probe(fill() + qs({ filter: JSON.stringify({ q: LONG, id: ['abc', LONG], user_id: { $gt: 1 } }) }), 'query filter: hostile JSON');
          await probe(fill() + qs({ sort: LONG, order: 'sideways', page: 'abc', per_page: '-5' }), 'query sort/order/page');
        }
      }
      if (o.method === 'GET') continue;

      // the JSON body: each string over-long, the rest valid
      const obj = schema && objectOf(schema);
      if (obj && valid) {
        for (const [name, s] of Object.entries(obj.properties)) if (isString(s)) await probe(fill() + qs(), `body.${name} 100k chars`, { payload: { ...valid, [name]: LONG } });
        const every = (f: (s: Schema) => unknown) => Object.fromEntries(Object.entries(obj.properties).map(([k, s]) => [k, f(s)]));
        await probe(fill() + qs(), 'body: every property of the wrong type', { payload: every(wrongType) });
        await probe(fill() + qs(), 'body: every property null', { payload: every(() => null) });
        await probe(fill() + qs(), 'body: numbers out of range', {
          raw: JSON.stringify(every((s) => (typesOf(s).includes('integer') || typesOf(s).includes('number') ? 1 : LONG.slice(0, 10)))).replace(/:1([,}])/g, ':1e400$1'),
        });
        // hostile values, one field at a time (the rest valid): NUL in each string, null for each boolean, far days
        for (const [name, s] of Object.entries(obj.properties)) {
          if (isString(s)) await probe(fill() + qs(), `body.${name}=NUL`, { payload: { ...valid, [name]: NUL } });
          if (typesOf(s).includes('boolean') || (branches(s) ?? []).some((b) => typesOf(b).includes('boolean')))
            await probe(fill() + qs(), `body.${name}=null`, { payload: { ...valid, [name]: null } });
          if (isString(s) && isDateLike(name, s)) for (const d of FAR_DAYS) await probe(fill() + qs(), `body.${name}=${d}`, { payload: { ...valid, [name]: farValue(d, s) } });
        }
        await probe(fill() + qs(), 'body: every string (at any depth) NUL', { payload: withNul(sample(schema, undefined, true)) });
        const numbers = every((s) => (typesOf(s).includes('integer') || typesOf(s).includes('number') ? 1 : undefined));
        if (Object.values(numbers).some((v) => v === 1)) await probe(fill() + qs(), 'body: numbers -0', { raw: JSON.stringify({ ...valid, ...numbers }).replace(/:1([,}])/g, ':-0$1') });
      }
      // a form (multipart): NUL in each field, then in the file's name
      const form = o.op.requestBody?.content['multipart/form-data']?.schema;
      const formObj = form && objectOf(form);
      if (formObj) {
        const fields: Record<string, string | { name: string; data: Buffer; type: string }> = {};
        for (const [name, s] of Object.entries(formObj.properties)) {
          if (!typesOf(s).length && !branches(s)) fields[name] = { name: 'probe.txt', data: Buffer.from('probe'), type: 'text/plain' };
          else if (formObj.required.includes(name)) fields[name] = String(noIds(name) ?? sample(s) ?? '1');
        }
        const send = (f: typeof fields, what: string) => probe(fill() + qs(), what, { raw: formBody(f).payload, type: formBody(f).headers['content-type'] });
        for (const [name, s] of Object.entries(formObj.properties)) if (isString(s)) await send({ ...fields, [name]: NUL }, `form ${name}=NUL`);
        for (const [name, v] of Object.entries(fields)) if (typeof v === 'object') await send({ ...fields, [name]: { ...v, name: `pro${NUL}be.txt` } }, `form ${name}: file name with NUL`);
      }
      // the whole body: empty, broken, not an object, nested deep
      await probe(fill() + qs(), 'body: empty with a JSON type', { raw: '' });
      await probe(fill() + qs(), 'body: broken JSON', { raw: '{"title": "x", ' });
      await probe(fill() + qs(), 'body: a JSON array', { raw: '[1,2,3]' });
      await probe(fill() + qs(), 'body: JSON null', { raw: 'null' });
      await probe(fill() + qs(), 'body: nested 5000 deep', { raw: `${'['.repeat(5000)}${']'.repeat(5000)}` });
      await probe(fill() + qs(), 'body: prototype pollution', { raw: '{"__proto__":{"role":"superadmin"},"constructor":{"prototype":{"x":1}}}' });
      if (multipart) {
        await probe(fill() + qs(), 'body: broken multipart', { raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1', type: 'multipart/form-data; boundary=b' });
        await probe(fill() + qs(), 'body: multipart without boundary', { raw: 'x', type: 'multipart/form-data' });
      }
    }

    console.log(
      `hostile input: ${tried.size} of ${ops.length} operations tried, ${calls} calls, ${refusals} refusals (4xx), answers by status ${JSON.stringify(statuses)}, ${failures.length} 5xx, ${wrote.length} refusals that wrote, ${known.length} known (skipped): ${JSON.stringify(known.slice(0, 20))}`,
    );
    expect(failures).toEqual([]);
    expect(wrote).toEqual([]);
    expect(tried.size).toBe(ops.length);
    // nobody got a role by prototype pollution
    expect((await api.call({ method: 'GET', url: '/api/user', token: await api.login('student') })).json().data?.role ?? 'student').not.toBe('superadmin');
  }, 300_000);
});
