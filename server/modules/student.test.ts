import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { multipart, zipFile } from '../test/forms.ts';
import { media, news, prices, submittedProjects, users } from '../db/schema/index.ts';
import { setAccessFlag } from './settings/index.ts';
import { versionRule } from './projects/rules.ts';

describe('news, documents, projects, payments, grades, rating, calendar', () => {
  let api: TestApi;
  let student: string;
  let northStudent: string;
  const projectMedia = async (tenantId = 1) =>
    (
      await api.db
        .select()
        .from(media)
        .where(and(eq(media.kind, 'project'), eq(media.tenant_id, tenantId), eq(media.title, 'Проект: стратегия вашей компании')))
    )[0];

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    northStudent = await api.login('student', 'north');
  });
  afterAll(() => api.close());

  describe('news', () => {
    it('lists news with read marks, the required ones, and marks them read', async () => {
      const list = (await api.call({ method: 'GET', url: '/api/news', token: student })).json();
      expect(list.meta.total).toBe(3); // curator news is not for students
      const required = (await api.call({ method: 'GET', url: '/api/news?required=true', token: student })).json().data;
      expect(required).toHaveLength(1);
      expect(required[0]).toMatchObject({ title: 'Правила итоговой аттестации', is_read: false });
      expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: student })).json().data).toHaveLength(1);
      expect((await api.call({ method: 'PUT', url: `/api/news/${required[0].id}`, token: student })).json().data.is_read).toBe(true);
      expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: student })).json().data).toHaveLength(0);
      expect((await api.call({ method: 'GET', url: `/api/news/${required[0].id}`, token: student })).json().data.is_read).toBe(true);
      const northNews = (await api.db.select().from(news).where(eq(news.tenant_id, 2)))[0];
      expect((await api.call({ method: 'GET', url: `/api/news/${northNews.id}`, token: student })).json().name).toBe('NOT_FOUND_NEWS');
      expect((await api.call({ method: 'GET', url: '/api/news', token: await api.login('moderator') })).json().data.map((n: { title: string }) => n.title)).toEqual(['Совещание кураторов']);
    });

    it('sanitises news bodies', async () => {
      const [n] = await api.db.insert(news).values({ tenant_id: 1, title: 'XSS', body: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>' }).returning();
      const body = (await api.call({ method: 'GET', url: `/api/news/${n.id}`, token: student })).json().data.body;
      expect(body).toContain('<p>ok</p>');
      expect(body).not.toContain('script');
      expect(body).not.toContain('onerror');
    });
  });

  describe('documents', () => {
    it('lists issued documents and downloads one under its name', async () => {
      const docs = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data;
      expect(docs.map((d: { kind: string }) => d.kind).sort()).toEqual(['certificate', 'document']);
      const cert = docs.find((d: { kind: string }) => d.kind === 'certificate');
      const file = await api.call({ method: 'GET', url: cert.download_url, token: student });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('Сертификат - Введение в стратегию.pdf'));
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await api.call({ method: 'GET', url: cert.download_url, token: await api.login('trainer') })).statusCode).toBe(404);
      expect((await api.call({ method: 'GET', url: '/api/documents', token: await api.login('moderator') })).statusCode).toBe(403);
    });

    it('uploads documents: 5 MB, allowed extensions, no duplicates; lists them', async () => {
      const pdf = Buffer.from('%PDF-1.4 my passport scan');
      const ok = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'passport.pdf', data: pdf, type: 'application/pdf' } }) });
      expect(ok.statusCode).toBe(201);
      const again = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'copy.pdf', data: pdf } }) });
      expect(again.statusCode).toBe(409);
      expect(again.json().name).toBe('ERROR_FILE_EXISTS');
      const exe = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'virus.exe', data: Buffer.from('MZ') } }) });
      expect(exe.json().name).toBe('ERROR_EXT_TYPE');
      const big = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'big.pdf', data: Buffer.alloc(5 * 1024 * 1024 + 1) } }) });
      expect(big.statusCode).toBe(413);
      expect(big.json().name).toBe('ERROR_MAX_SIZE_5');
      expect((await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ note: 'nothing' }) })).statusCode).toBe(422);
      const mine = (await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: student })).json().data;
      expect(mine.map((d: { file_name: string }) => d.file_name)).toEqual(['passport.pdf']);
      expect((await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: northStudent, tenant: 'north' })).json().data).toEqual([]);
    });
  });

  describe('projects', () => {
    it('accepts archives only (by content), one version awaiting review at a time, and shows the review', async () => {
      const m = await projectMedia();
      const url = `/api/media/${m.id}/submittedProject`;
      const notZip = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'fake.zip', data: Buffer.from('just text') }, confirm: '1' }) });
      expect(notZip.statusCode).toBe(415);
      expect(notZip.json().name).toBe('ERROR_FILE_NOT_ARCHIVE');
      const wrongExt = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work.pdf', data: zipFile('a') }, confirm: '1' }) });
      expect(wrongExt.json().name).toBe('ERROR_EXT_TYPE');
      const noConfirm = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work.zip', data: zipFile('a') } }) });
      expect(noConfirm.statusCode).toBe(422);
      expect(noConfirm.json().errors.confirm).toEqual(['validation.required']);
      const dup = await api.call({
        method: 'POST',
        url,
        token: student,
        ...multipart({ file1: { name: 'a.zip', data: zipFile('same') }, file2: { name: 'b.zip', data: zipFile('same') }, confirm: '1' }),
      });
      expect(dup.json().name).toBe('ERROR_FILE_EXISTS');
      const big = await api.call({
        method: 'POST',
        url,
        token: student,
        ...multipart({ file1: { name: 'big.zip', data: Buffer.concat([zipFile('big'), Buffer.alloc(40 * 1024 * 1024)]) }, confirm: '1' }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().name).toBe('ERROR_MAX_SIZE_40');
      const ok = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work.zip', data: zipFile('v1') }, message: 'Моя стратегия', confirm: '1' }) });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data).toMatchObject({ version: 1, status: 'awaiting', message: 'Моя стратегия' });
      const second = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work2.zip', data: zipFile('v2') }, confirm: '1' }) });
      expect(second.statusCode).toBe(409);
      expect(second.json().name).toBe('ERROR_PROJECT_NOT_CHECKED');
      // the trainer reviews; the student sees status, score, trainer and message
      const trainer = await api.login('trainer');
      expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer })).json().data.count).toBe(2); // with the seeded finance project's version 2
      const id = ok.json().data.id;
      expect((await api.call({ method: 'PUT', url: `/admin/submittedProject/${id}`, token: trainer, payload: { score: 8, trainer_message: 'Хорошо' } })).statusCode).toBe(200);
      const seen = (await api.call({ method: 'GET', url: `${url}/${id}`, token: student })).json().data;
      expect(seen).toMatchObject({ status: 'checked', score: 8, trainer: 'Тренеров Пётр', trainer_message: 'Хорошо' });
      expect(seen.files[0].file_name).toBe('work.zip');
      const again = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work.zip', data: zipFile('v1') }, confirm: '1' }) });
      expect(again.json().name).toBe('ERROR_FILE_EXISTS'); // the same file as an earlier version
      expect((await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'work2.zip', data: zipFile('v2') }, confirm: '1' }) })).json().data.version).toBe(2);
      expect((await api.call({ method: 'GET', url: `${url}/${id}`, token: northStudent, tenant: 'north' })).statusCode).toBe(404);
      expect((await api.call({ method: 'POST', url, token: trainer, ...multipart({ file1: { name: 'x.zip', data: zipFile('t') }, confirm: '1' }) })).statusCode).toBe(403);
      expect((await api.call({ method: 'GET', url: '/admin/submittedProject?filter[status]=awaiting', token: trainer })).json().meta.total).toBe(2);
      expect((await api.call({ method: 'GET', url: '/admin/submittedProject', token: student })).statusCode).toBe(403);
      expect((await api.db.select().from(submittedProjects)).length).toBe(6); // two seeded per school
    });

    it('applies the deadline rule: versions until the deadline plus 30 days, at most three', () => {
      expect(versionRule(null, 10)).toEqual({ allowed: true, late: false });
      expect(versionRule('2026-12-20', 0, '2026-12-20')).toEqual({ allowed: true, late: false });
      expect(versionRule('2026-12-20', 1, '2026-12-21')).toEqual({ allowed: true, late: true });
      expect(versionRule('2026-12-20', 1, '2027-01-19')).toEqual({ allowed: true, late: true });
      expect(versionRule('2026-12-20', 1, '2027-01-20')).toEqual({ allowed: false, reason: 'ERROR_DEADLINE_PASSED' });
      expect(versionRule('2026-12-20', 3, '2026-12-01')).toEqual({ allowed: false, reason: 'ERROR_MAX_VERSIONS' });
    });
  });

  describe('payments', () => {
    it('shows prices, the schedule with paid and unpaid items, and the plan', async () => {
      const p = (await api.call({ method: 'GET', url: '/api/price', token: student })).json();
      expect(p.data).toHaveLength(3); // two of the demo programs, and the marketplace's Finance (server/modules/marketplace/seed.ts)
      expect(p.meta.instalments).toEqual([6, 12, 18, 24, 36]);
      const plan = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data[0];
      expect(plan).toMatchObject({ months: 12, currency: 'RUB', totals: { main: 360000, main_paid: 90000, main_due: 270000, extra: 24000, extra_paid: 0 } });
      expect(plan.items.filter((i: { paid: boolean }) => i.paid)).toHaveLength(3);
      expect((await api.call({ method: 'GET', url: '/api/user/getPlan', token: student })).json().data[0].items).toBeUndefined();
    });

    it('makes a real PDF invoice and checks its parameters', async () => {
      const [price] = await api.db
        .select()
        .from(prices)
        .where(and(eq(prices.tenant_id, 1), eq(prices.format, 'blended')));
      const res = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=blended&curr=RUR`, token: student });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('Счёт'));
      expect((await api.call({ method: 'GET', url: '/api/document/generation/schet?format=blended', token: student })).json().name).toBe('ERROR_GENERATION_PARAMS');
      expect((await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=online&curr=RUB`, token: student })).json().name).toBe('ERROR_PAYMENT_CURRENCY');
      const [northPrice] = await api.db.select().from(prices).where(eq(prices.tenant_id, 2));
      expect((await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${northPrice.id}&format=blended&curr=RUB`, token: student })).json().name).toBe(
        'NOT_FOUND_PROGRAM_IN_SCHEDULE',
      );
    });

    it('refuses every payment call when the school switches payments off', async () => {
      await setAccessFlag(api.app.schoolDb(1), 'payment', false);
      api.app.forgetTenantCaches();
      for (const url of ['/api/price', '/api/dataPayment', '/api/user/getPlan']) expect((await api.call({ method: 'GET', url, token: student })).statusCode, url).toBe(403);
      await setAccessFlag(api.app.schoolDb(1), 'payment', true);
      api.app.forgetTenantCaches();
    });
  });

  describe('grades, rating, calendar', () => {
    it('answers grades per program with quizzes and projects', async () => {
      const data = (await api.call({ method: 'GET', url: '/api/score', token: student })).json().data;
      expect(data.map((p: { title: string }) => p.title).sort()).toEqual(['Открытые стандарты', 'Стратегический менеджмент', 'Финансы для руководителей']); // with the demo's Open standards (server/seed/standards.ts)
      const strategy = data.find((p: { title: string }) => p.title === 'Стратегический менеджмент');
      expect(strategy.quizzes[0]).toMatchObject({ title: 'Экзамен по стратегии', passed: null });
      expect(strategy.projects[0]).toMatchObject({ version: 2, status: 'awaiting' });
    });

    it('answers the rating where the flag is on and refuses it where it is off', async () => {
      const r = (await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).json().data;
      expect(r).toMatchObject({ place: 1, points: 14 }); // 8 (strategy) + 6 (seeded finance project)
      // every student of the school who is not blocked is ranked (the networking demo members with no points among them)
      const ranked = await api.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenant_id, 1), eq(users.role, 'student'), eq(users.is_blocked, false)));
      expect(r.total).toBe(ranked.length);
      await setAccessFlag(api.app.schoolDb(1), 'rating', false);
      api.app.forgetTenantCaches();
      expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).statusCode).toBe(403);
      await setAccessFlag(api.app.schoolDb(1), 'rating', true);
      api.app.forgetTenantCaches();
    });

    it("answers the month's deadlines and events", async () => {
      const res = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-12-01&to=2026-12-31', token: student })).json();
      expect(res.data.map((e: { kind: string }) => e.kind)).toEqual(['quiz', 'webinar', 'consulting', 'deadline']);
      const nov = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-11-01&to=2026-11-30', token: student })).json().data;
      expect(nov.map((e: { kind: string; title: string }) => `${e.kind}:${e.title}`)).toEqual(['quiz:Зачёт по отчётности']); // its window spans the month
      expect((await api.call({ method: 'GET', url: '/api/calendar?from=2027-08-01&to=2027-08-31', token: student })).json().data).toEqual([]);
      expect((await api.call({ method: 'GET', url: '/api/calendar?from=bad&to=2026-11-30', token: student })).statusCode).toBe(422);
    });
  });
});
