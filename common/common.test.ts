import { installMemoryStorage } from './testing/memory-storage.ts';
import { createServer, type IncomingMessage } from 'node:http';
import { startFakeApi, type SeenRequest } from './testing/fake-api.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, api } from './api/client.ts';
import { download, fileNameFrom } from './api/download.ts';
import { toQueryString } from './api/form-data.ts';
import { toFormData } from './api/upload.ts';
import { STORAGE_KEYS } from './storage.ts';
import { tenantFromHost } from './tenant/tenant.ts';
import { formatDuration, formatNumber, toApiDate, toDisplayDate } from './format/format.ts';
import { email, password, passwordsMatch, required, validate } from './validation/rules.ts';
import { describeError, firstConfirmMessage, registerErrors, registerValidation } from './errors/describe.ts';
import { errorsEn } from './i18n/errors.en.ts';
import { validationEn } from './validation/messages.en.ts';
import { ALL_OFF, fetchAccessFlags } from './access/flags.ts';
import { enterDemo, homeFor, leaveDemo } from './auth/session.ts';

// A real HTTP server records what the client sends; local storage is a plain map.
const store = installMemoryStorage();
const g = globalThis as Record<string, unknown>;

let fake: Awaited<ReturnType<typeof startFakeApi>>;
let seen: SeenRequest[] = [];
let reply: (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body: string | Buffer } = () => ({
  status: 200,
  body: '{"data":{}}',
  headers: { 'content-type': 'application/json' },
});

beforeAll(async () => {
  fake = await startFakeApi((req) => {
    const r = reply(req);
    return { status: r.status, headers: r.headers, raw: r.body };
  });
  seen = fake.seen;
});
afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
  store.clear();
});

describe('api client', () => {
  it('sends bearer, Domain, Demo and Accept-Language headers', async () => {
    store.set(STORAGE_KEYS.token, 'tok');
    store.set(STORAGE_KEYS.demo, '1');
    store.set(STORAGE_KEYS.lang, 'en');
    await api('/api/user');
    expect(seen[0].headers).toMatchObject({ authorization: 'Bearer tok', domain: 'demo', demo: '1', 'accept-language': 'en' });
    store.clear();
    await api('/api/user');
    expect(seen[1].headers.authorization).toBeUndefined();
    expect(seen[1].headers.demo).toBeUndefined();
    expect(seen[1].headers['accept-language']).toBe('ru');
  });

  it('sends flat bodies as JSON and nested bodies or files as form data with bracketed keys', async () => {
    await api('/x', { method: 'POST', body: { a: 1, b: 'two' } });
    expect(seen[0].headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ a: 1, b: 'two' });
    await api('/x', { method: 'POST', body: { users: [3, 7], address: { city: 'Kazan' }, file: new Blob(['hi'], { type: 'text/plain' }) } });
    expect(seen[1].headers['content-type']).toContain('multipart/form-data');
    expect(seen[1].body).toContain('name="users[]"');
    expect(seen[1].body).toContain('name="address[city]"');
    expect(seen[1].body).toContain('Kazan');
    expect(seen[1].body).toContain('name="file"; filename=');
  });

  it('overrides the method with _method in a POST', async () => {
    await api('/admin/user/3', { method: 'PUT', body: { name: 'A' }, override: true });
    expect(seen[0].method).toBe('POST');
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'A', _method: 'PUT' });
    await api('/admin/user/3', { method: 'PUT', body: { logo: new Blob(['x']) }, override: true });
    expect(seen[1].method).toBe('POST');
    expect(seen[1].body).toMatch(/name="_method"\r\n\r\nPUT/);
  });

  it('repeats bracketed keys for arrays and encodes search text', () => {
    expect(toQueryString({ status: ['a', 'b'], q: 'a&b c/д', filter: { role: 'student' }, empty: '' })).toBe('status[]=a&status[]=b&q=a%26b%20c%2F%D0%B4&filter[role]=student');
    const fd = toFormData({ items: [{ id: 1 }, { id: 2 }], on: true, off: null });
    expect([...fd.entries()].map(([k, v]) => `${k}=${v}`)).toEqual(['items[0][id]=1', 'items[1][id]=2', 'on=1']);
  });

  it('throws ApiError with the API error body', async () => {
    reply = () => ({ status: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ERROR_PASS', category: 'auth' }) });
    const err = (await api('/api/token', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.body.name).toBe('ERROR_PASS');
  });

  it('names downloads from suggested-filename, then content-disposition, then file_name, then "file"', async () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(fileNameFrom(h({ 'suggested-filename': encodeURIComponent('Счёт.pdf'), 'content-disposition': 'attachment; filename="b.pdf"' }))).toBe('Счёт.pdf');
    expect(fileNameFrom(h({ 'content-disposition': 'attachment; filename="a.pdf"; filename*=UTF-8\'\'%D0%94%D0%B8%D0%BF%D0%BB%D0%BE%D0%BC.pdf' }))).toBe('Диплом.pdf');
    expect(fileNameFrom(h({ 'content-disposition': 'attachment; filename="plain.xlsx"' }))).toBe('plain.xlsx');
    expect(fileNameFrom(h({}), 'from-json.pdf')).toBe('from-json.pdf');
    expect(fileNameFrom(h({}))).toBe('file');
    reply = () => ({ status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''report.pdf" }, body: Buffer.from('%PDF-1.4') });
    const ok = await download('/api/doc', { save: false });
    expect(ok.name).toBe('report.pdf');
    expect(await ok.blob.text()).toBe('%PDF-1.4');
  });

  it('parses a 400 answer to a download as an error body', async () => {
    reply = () => ({ status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ERROR_PARAMS', message: 'missing' }) });
    const err = await download('/api/doc', { save: false }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.body.name).toBe('ERROR_PARAMS');
  });
});

describe('error handler wording', () => {
  it('translates catalogue codes, families and falls back to "Server error"', () => {
    expect(describeError(new ApiError(401, { name: 'ERROR_PASS' }), 'en').text).toBe('Неверный пароль.'); // English not loaded yet: Russian
    registerErrors('en', errorsEn); // the apps register English once its catalogue chunk is in
    registerValidation('en', validationEn); // and its validation messages with their English texts
    expect(describeError(new ApiError(401, { name: 'ERROR_PASS' }), 'en').text).toBe('Wrong password.');
    expect(describeError(new ApiError(401, { name: 'ERROR_PASS' }), 'ru').text).toBe('Неверный пароль.');
    expect(describeError(new ApiError(404, { name: 'NOT_FOUND_PROGRAM' }), 'en').title).toBe('Not found');
    expect(describeError(new ApiError(429, { name: 'TOO_MANY_ATTEMPTS', variables: { retry_after: 30 } }), 'en').text).toBe('Try again in 30 s.');
    expect(describeError(new ApiError(500, {}), 'en').title).toBe('Server error');
    expect(describeError(new Error('boom'), 'ru').title).toBe('Ошибка сервера');
    const v = describeError(new ApiError(422, { name: 'Validation Error', errors: { email: ['validation.email'], name: ['validation.max_length:100'] } }), 'en');
    expect(v.fields).toEqual({ email: 'Invalid e-mail', name: 'At most 100 characters' });
    expect(firstConfirmMessage(new ApiError(422, { errors: { confirm_password: ['validation.passwords_match', 'x'] } }), 'ru')).toBe('Пароли не совпадают');
  });
});

describe('access flags', () => {
  it('reads the flags, and turns every optional section off when the fetch fails', async () => {
    reply = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { networking: { enabled: true }, lifelong_learning: { enabled: false }, rating: { enabled: true }, message: false, payment: true } }),
    });
    expect(await fetchAccessFlags()).toEqual({ networking: true, lifelong_learning: false, rating: true, message: false, payment: true });
    reply = () => ({ status: 500, body: 'x' });
    expect(await fetchAccessFlags()).toEqual(ALL_OFF);
  });

  it('gives up after the timeout', async () => {
    reply = () => ({ status: 200, body: '' });
    const slow = createServer(() => undefined);
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', () => r()));
    const before = g.window;
    g.window = { LMS_CONFIG: { apiUrl: `http://127.0.0.1:${(slow.address() as { port: number }).port}` } };
    const started = Date.now();
    expect(await fetchAccessFlags(200)).toEqual(ALL_OFF);
    expect(Date.now() - started).toBeLessThan(5000);
    g.window = before;
    slow.closeAllConnections();
    slow.close();
  });
});

describe('tenant, format, validation, session', () => {
  it('takes the school from the first host label', () => {
    expect(tenantFromHost('acme.example.com')).toBe('acme');
    expect(tenantFromHost('north.localhost')).toBe('north');
    expect(tenantFromHost('localhost')).toBe('demo');
    expect(tenantFromHost('127.0.0.1', 'x')).toBe('x');
  });

  it('formats dates, numbers and durations', () => {
    expect(toDisplayDate('2026-11-22')).toBe('22.11.2026');
    expect(toDisplayDate('2026-11-22T10:00:00Z')).toBe('22.11.2026');
    expect(toApiDate('22.11.2026')).toBe('2026-11-22');
    expect(toApiDate('2026-11-22')).toBe('2026-11-22');
    expect(toApiDate('bad')).toBeNull();
    expect(toApiDate(' 29.02.2024 ')).toBe('2024-02-29');
    expect(toApiDate('31.02.2020')).toBeNull();
    expect(toApiDate('2023-02-29')).toBeNull();
    expect(toApiDate('12.13.2020')).toBeNull();
    expect(formatNumber(1234567.5)).toBe('1\u00A0234\u00A0567,5');
    expect(formatNumber(-1000, 2)).toBe('-1\u00A0000,00');
    expect(formatDuration(3725)).toBe('01:02:05');
  });

  it('validates required, e-mail, password 8..24 and matching passwords', () => {
    expect(required('  ')).toBe('validation.required');
    expect(email('a@b')).toBe('validation.email');
    expect(email('a@b.ru')).toBeUndefined();
    expect(password('1234567')).toBe('validation.password');
    expect(password('12345678')).toBeUndefined();
    expect(password('x'.repeat(25))).toBe('validation.password');
    expect(passwordsMatch('a', 'b')).toBe('validation.passwords_match');
    expect(validate({ p: 'short', c: 'x' }, { p: [required, password], c: [(v, all) => passwordsMatch(all.p, v)] })).toEqual({ p: 'validation.password', c: 'validation.passwords_match' });
  });

  it('keeps the admin token aside in demo mode and restores it on return', () => {
    const assign: string[] = [];
    g.window = { ...(g.window as object), location: { assign: (u: string) => assign.push(u), reload: () => assign.push('reload') } };
    store.set(STORAGE_KEYS.token, 'admin-token');
    enterDemo('user-token', '/');
    expect(store.get(STORAGE_KEYS.token)).toBe('user-token');
    expect(store.get(STORAGE_KEYS.savedToken)).toBe('admin-token');
    expect(store.get(STORAGE_KEYS.demo)).toBe('1');
    leaveDemo('/admin/');
    expect(store.get(STORAGE_KEYS.token)).toBe('admin-token');
    expect(store.has(STORAGE_KEYS.demo)).toBe(false);
    expect(assign).toEqual(['/', '/admin/']);
    expect(homeFor('moderator')).toBe('/admin/users');
    expect(homeFor('student')).toBe('/profile');
  });
});
