import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, savedReports } from '../db/schema/index.ts';
import { multipart } from './forms.ts';
import { startTestApi, type TestApi } from './harness.ts';

/**
 * Issue 27, defects 2, 4, 5 and 8 (docs/security.md "Hostile values"), each as a user meets it: a NUL character
 * anywhere, a date past 2100, `Infinity` as a page, null for a switch. Each answers 422 and changes nothing.
 * (The same values in every operation of the OpenAPI document: server/test/hostile-input.test.ts.)
 */
const NUL = 'a\u0000b';

/** Hidden routes that hand the database what only a route without a guard could: the error handler's last wall. */
const lastWall: FastifyPluginAsync = async (app) => {
  app.get('/probe/nul-text', { schema: { hide: true }, config: { global: true } }, async () => app.db.execute(sql`select ${String.fromCharCode(0)}::text as t`));
  app.get('/probe/nul-json', { schema: { hide: true }, config: { global: true } }, async () => app.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb->>'a' as t`));
};

describe('hostile values (issue 27)', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  beforeAll(async () => {
    api = await startTestApi({}, [lastWall]);
    admin = await api.login('superadmin');
    student = await api.login('student');
  });
  afterAll(() => api.close());

  const rows = async (t: typeof savedReports | typeof exportJobs) => Number((await api.db.select({ n: count() }).from(t))[0].n);

  describe('defect 2: a NUL character is refused where it is read, 422 naming the field', () => {
    it('in a sign-in name (anonymous POST /api/token)', async () => {
      const res = await api.call({ method: 'POST', url: '/api/token', payload: { username: NUL, password: 'x', client_id: 'web', client_secret: 'public', grant_type: 'password' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ name: 'Validation Error', errors: { username: ['validation.nul'] } });
    });

    it("in a list's search (q) and in a profile field", async () => {
      const list = await api.call({ method: 'GET', url: `/admin/user?q=${encodeURIComponent(NUL)}`, token: admin });
      expect(list.statusCode).toBe(422);
      expect(list.json().errors).toEqual({ q: ['validation.nul'] });
      const before = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data;
      const put = await api.call({ method: 'PUT', url: '/api/user', token: student, payload: { surname: NUL } });
      expect(put.statusCode).toBe(422);
      expect(put.json().errors).toEqual({ surname: ['validation.nul'] });
      expect((await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.surname).toBe(before.surname);
    });

    it('in a header the server reads and in a path parameter', async () => {
      const domain = await api.call({ method: 'GET', url: '/api/user', token: student, headers: { domain: `demo${NUL}` } });
      expect(domain.statusCode).toBe(422);
      expect(domain.json().errors).toEqual({ 'headers.domain': ['validation.nul'] });
      const param = await api.call({ method: 'POST', url: `/api/user/resetPassword/${encodeURIComponent(NUL)}`, payload: { password: 'long-enough-1', confirm_password: 'long-enough-1' } });
      expect(param.statusCode).toBe(422);
      expect(param.json().errors).toEqual({ token: ['validation.nul'] });
    });

    it('in a form field and in an uploaded file name, leaving no temporary file', async () => {
      const form = multipart({ title: NUL, file: { name: 'notes.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' } });
      const field = await api.call({ method: 'POST', url: '/admin/media', token: admin, ...form });
      expect(field.statusCode).toBe(422);
      expect(field.json().errors).toMatchObject({ title: ['validation.nul'] });
      const named = multipart({ title: 'ok', file: { name: `no${NUL}tes.pdf`, data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' } });
      const file = await api.call({ method: 'POST', url: '/admin/media', token: admin, ...named });
      expect(file.statusCode).toBe(422);
      expect(file.json().errors).toMatchObject({ file: ['validation.nul'] });
      const tmp = join(api.config.dataDir, 'tmp');
      const left = () => (existsSync(tmp) ? readdirSync(tmp) : []);
      for (let i = 0; i < 50 && left().length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(left()).toEqual([]);
    });

    it("the database's refusal of a NUL (22021, 22P05) is a 422, not a 500", async () => {
      for (const url of ['/probe/nul-text', '/probe/nul-json']) {
        const res = await api.call({ method: 'GET', url });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().name).toBe('Validation Error');
      }
    });
  });

  describe('defect 4: a date outside 1900..2100 is refused by every report, export and saved report', () => {
    it('reports and the direct export answer 422 validation.date_range', async () => {
      for (const url of ['/admin/report/getUserActivity', '/admin/report/lookedNews', '/admin/excel/export?type=getUserActivity&']) {
        const sep = url.endsWith('&') ? '' : '?';
        for (const [k, v] of [
          ['date_end', '9999-12-31'],
          ['date_start', '0001-01-01'],
        ]) {
          const res = await api.call({ method: 'GET', url: `${url}${sep}${k}=${v}`, token: admin });
          expect(res.statusCode, `${url} ${k}=${v}`).toBe(422);
          expect(res.json().errors, url).toEqual({ [k]: ['validation.date_range'] });
        }
      }
      const ok = await api.call({ method: 'GET', url: '/admin/report/getUserActivity?date_start=1900-01-01&date_end=2100-12-31', token: admin });
      expect(ok.statusCode).toBe(200);
    });

    it('an export job and a saved report are not made with such a date', async () => {
      const jobs = await rows(exportJobs);
      const job = await api.call({ method: 'POST', url: '/admin/excel/export', token: admin, payload: { type: 'getUserActivity', params: { date_end: '9999-12-31' } } });
      expect(job.statusCode).toBe(422);
      expect(job.json().errors).toEqual({ date_end: ['validation.date_range'] });
      expect(await rows(exportJobs)).toBe(jobs);
      const saved = await rows(savedReports);
      const save = await api.call({ method: 'POST', url: '/admin/reports', token: admin, payload: { name: 'far', type: 'getUserActivity', params: { date_end: '9999-12-31' } } });
      expect(save.statusCode).toBe(422);
      expect(await rows(savedReports)).toBe(saved);
    });

    it('a date of a route schema (format date) or of the profile outside 1900..2100 is refused too', async () => {
      for (const [from, to] of [
        ['9999-12-01', '9999-12-31'],
        ['0001-01-01', '2026-01-31'],
      ]) {
        const res = await api.call({ method: 'GET', url: `/api/calendar?from=${from}&to=${to}`, token: student });
        expect(res.statusCode, from).toBe(422);
        expect([...new Set(Object.values(res.json().errors).flat())], from).toEqual(['validation.date_range']);
      }
      expect((await api.call({ method: 'GET', url: '/api/calendar?from=2026-01-01&to=2026-01-31', token: student })).statusCode).toBe(200);
      const res = await api.call({ method: 'PUT', url: '/api/user', token: student, payload: { birthday_date: '9999-12-31' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ birthday_date: ['validation.date'] });
    });
  });

  describe('defect 5: page and per_page take finite integers only', () => {
    it.each(['/api/program', '/api/marketplace/program', '/admin/user'])('%s', async (url) => {
      for (const [k, v] of [
        ['page', 'Infinity'],
        ['page', '1e400'],
        ['per_page', 'Infinity'],
        ['per_page', '1e400'],
        ['page', '-0'],
        ['page', '1.5'],
      ]) {
        const res = await api.call({ method: 'GET', url: `${url}?${k}=${v}`, token: url.startsWith('/admin') ? admin : student });
        expect(res.statusCode, `${url}?${k}=${v}`).toBe(422);
        expect(Object.keys(res.json().errors), `${url}?${k}=${v}`).toEqual([k]);
      }
      expect((await api.call({ method: 'GET', url: `${url}?page=1&per_page=2`, token: url.startsWith('/admin') ? admin : student })).statusCode).toBe(200);
    });
  });

  describe('defect 8: null is no boolean', () => {
    it('PUT /admin/access {"networking": null} answers 422 and leaves the section as it was', async () => {
      const before = (await api.call({ method: 'GET', url: '/admin/access', token: admin })).json().data;
      const res = await api.call({ method: 'PUT', url: '/admin/access', token: admin, payload: { networking: null } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ networking: ['validation.format'] });
      expect((await api.call({ method: 'GET', url: '/admin/access', token: admin })).json().data).toEqual(before);
      // through the POST twin (`_method`) too
      const twin = await api.call({ method: 'POST', url: '/admin/access', token: admin, payload: { _method: 'PUT', networking: null } });
      expect(twin.statusCode).toBe(422);
      expect((await api.call({ method: 'GET', url: '/admin/access', token: admin })).json().data).toEqual(before);
    });

    it("true, false, 0/1 and 'true'/'false' still read as booleans", async () => {
      const before = (await api.call({ method: 'GET', url: '/admin/access', token: admin })).json().data;
      for (const [v, want] of [
        [false, false],
        [1, true],
        ['false', false],
        [0, false],
        ['true', true],
      ] as const) {
        const res = await api.call({ method: 'PUT', url: '/admin/access', token: admin, payload: { rating: v } });
        expect(res.statusCode, `${v} ${res.body}`).toBe(200);
        expect(res.json().data.rating, String(v)).toBe(want);
      }
      await api.call({ method: 'PUT', url: '/admin/access', token: admin, payload: { rating: before.rating } });
    });
  });
});
