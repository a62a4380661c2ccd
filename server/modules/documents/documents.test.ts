import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { documents } from '../../db/schema/index.ts';

const pdf = (seed: string) => Buffer.from(`%PDF-1.4\n% ${seed}\n%%EOF\n`);
/** A JPEG by its first bytes (uploads are checked against their extension's signature). */
const jpeg = (seed: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(seed)]);

describe('documents', () => {
  let api: TestApi;
  let student: string;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('lists the documents and certificates issued to the student', async () => {
    const res = await api.call({ method: 'GET', url: '/api/documents', token: student });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((d: { kind: string; file_name: string }) => [d.kind, d.file_name]).sort()).toEqual([
      ['certificate', 'Сертификат - Введение в стратегию.pdf'],
      ['document', 'Договор об обучении.pdf'],
    ]);
    const en = (await api.call({ method: 'GET', url: '/api/documents', token: student, headers: { 'accept-language': 'en' } })).json().data;
    expect(en.map((d: { file_name: string }) => d.file_name)).toContain('Certificate - Introduction to Strategy.pdf');
    expect((await api.call({ method: 'GET', url: '/api/documents', token: admin })).json().data).toEqual([]); // only one's own
    expect((await api.call({ method: 'GET', url: '/api/documents', token: await api.login('moderator') })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/api/documents' })).statusCode).toBe(401);
  });

  it('downloads a real PDF named "<title>.pdf" in the user\'s language', async () => {
    const [cert] = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data.filter((d: { kind: string }) => d.kind === 'certificate');
    const res = await api.call({ method: 'GET', url: cert.download_url, token: student });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="__________ - ________ _ _________.pdf"; filename*=UTF-8''${encodeURIComponent('Сертификат - Введение в стратегию.pdf')}`);
    const en = await api.call({ method: 'GET', url: cert.download_url, token: student, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Certificate - Introduction to Strategy.pdf')}`);
    // an admin of the school may download it; the trainer (not the owner) may not; north cannot see it
    expect((await api.call({ method: 'GET', url: cert.download_url, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: cert.download_url, token: await api.login('trainer') })).json().name).toBe('NOT_FOUND_DOCUMENT');
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: cert.download_url, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: cert.download_url, token: northAdmin })).statusCode).toBe(401);
  });

  it('answers 404, not a server error, when the stored file is gone', async () => {
    const [d] = await api.db
      .insert(documents)
      .values({
        tenant_id: 1,
        user_id: (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id,
        kind: 'document',
        title: 'Пропавший',
        path: 'documents/missing.pdf',
        file_name: 'x.pdf',
        size: 1,
      })
      .returning();
    const res = await api.call({ method: 'GET', url: `/api/documents/${d.id}/download`, token: student });
    expect(res.statusCode).toBe(404);
    expect(res.json().name).toBe('NOT_FOUND_FILE');
    await api.db.delete(documents).where(eq(documents.id, d.id));
  });

  it('uploads documents: allowed extensions, 5 MB, at most 10 files, no duplicates of earlier uploads', async () => {
    const ok = await api.call({
      method: 'POST',
      url: '/api/document',
      token: student,
      ...multipart({ file1: { name: 'паспорт.pdf', data: pdf('passport') }, file2: { name: 'photo.JPG', data: jpeg('jpeg-bytes') } }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.map((d: { file_name: string; kind: string }) => [d.file_name, d.kind])).toEqual([
      ['паспорт.pdf', 'uploaded'],
      ['photo.JPG', 'uploaded'],
    ]);
    const again = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'copy.pdf', data: pdf('passport') } }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ name: 'ERROR_FILE_EXISTS', variables: { file: 'паспорт.pdf' } });
    const twice = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file1: { name: 'a.pdf', data: pdf('same') }, file2: { name: 'b.pdf', data: pdf('same') } }) });
    expect(twice.json().name).toBe('ERROR_FILE_EXISTS');
    const exe = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'virus.exe', data: Buffer.from('MZ') } }) });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().name).toBe('ERROR_EXT_TYPE');
    const big = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'big.pdf', data: Buffer.alloc(5 * 1024 * 1024 + 1) } }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().name).toBe('ERROR_MAX_SIZE_5');
    const exactly5 = await api.call({
      method: 'POST',
      url: '/api/document',
      token: student,
      ...multipart({ file: { name: 'five.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 - 9, 1)]) } }),
    });
    expect(exactly5.statusCode).toBe(201);
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`file${i + 1}`, { name: `f${i}.pdf`, data: pdf(`eleven ${i}`) }]));
    const tooMany = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart(eleven) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().name).toBe('ERROR_MAX_FILES');
    const none = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ note: 'nothing' }) });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ file: ['validation.required'] });
    // nothing of the refused uploads was kept
    const mine = (await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: student })).json().data;
    expect(mine.map((d: { file_name: string }) => d.file_name).sort()).toEqual(['five.pdf', 'photo.JPG', 'паспорт.pdf']);
    // the uploaded file downloads under its own name
    const passport = mine.find((d: { file_name: string }) => d.file_name === 'паспорт.pdf');
    const dl = await api.call({ method: 'GET', url: passport.download_url, token: student });
    expect(dl.rawPayload.equals(pdf('passport'))).toBe(true);
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('паспорт.pdf'));
    expect((await api.call({ method: 'POST', url: '/api/document', token: await api.login('moderator'), ...multipart({ file: { name: 'm.pdf', data: pdf('m') } }) })).statusCode).toBe(403);
  });

  describe('file types (issue 10, defect 6; docs/security.md "Downloads and file types")', () => {
    const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

    it('refuses HTML uploaded as .pdf (and other content that does not fit its extension) with 415 ERROR_EXT_TYPE, keeping nothing', async () => {
      const before = (await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: student })).json().data.length;
      for (const [name, data] of [
        ['report.pdf', HTML],
        ['photo.png', HTML],
        ['photo.jpg', Buffer.from('%PDF-1.4 a pdf named as a photo')],
        ['contract.docx', HTML],
        ['contract.doc', HTML],
      ] as const) {
        const res = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name, data, type: 'application/pdf' } }) });
        expect([res.statusCode, res.json().name], name).toEqual([415, 'ERROR_EXT_TYPE']);
      }
      // one good file and one disguised page in the same form: nothing is kept
      const mixed = await api.call({
        method: 'POST',
        url: '/api/document',
        token: student,
        ...multipart({ file1: { name: 'ok.pdf', data: pdf('mixed ok') }, file2: { name: 'bad.pdf', data: HTML } }),
      });
      expect([mixed.statusCode, mixed.json().name]).toEqual([415, 'ERROR_EXT_TYPE']);
      expect((await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: student })).json().data.length).toBe(before);
      // the back office's uploads check the same way
      const studentId = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
      const byAdmin = await api.call({
        method: 'POST',
        url: '/admin/document',
        token: admin,
        ...multipart({ user_id: String(studentId), file: { name: 'order.pdf', data: HTML, type: 'application/pdf' } }),
      });
      expect([byAdmin.statusCode, byAdmin.json().name]).toEqual([415, 'ERROR_EXT_TYPE']);
      const toFiles = await api.call({ method: 'POST', url: '/admin/file', token: admin, ...multipart({ file: { name: 'plan.pdf', data: HTML, type: 'application/pdf' } }) });
      expect([toFiles.statusCode, toFiles.json().name]).toEqual([415, 'ERROR_EXT_TYPE']);
    });

    it('serves a real PDF as application/pdf with nosniff, whatever type the uploading client claimed', async () => {
      const up = await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'claimed-html.pdf', data: pdf('claimed html'), type: 'text/html' } }) });
      expect(up.statusCode).toBe(201);
      const [row] = await api.db.select().from(documents).where(eq(documents.id, up.json().data[0].id));
      expect(row.mime).toBe('application/pdf'); // the client's claim is not stored either
      const dl = await api.call({ method: 'GET', url: up.json().data[0].download_url, token: student });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.headers['x-content-type-options']).toBe('nosniff');
      expect(String(dl.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(dl.rawPayload.equals(pdf('claimed html'))).toBe(true);
      await api.db.delete(documents).where(eq(documents.id, row.id)); // the next test counts the student's uploads
    });

    it('serves a stored file with an unknown extension as application/octet-stream, and never by the stored mime column', async () => {
      const userId = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
      const store = (rel: string, data: Buffer) => {
        const abs = join(api.config.dataDir, 'files', 'demo', rel);
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, data);
      };
      // rows as an older server (or another tool) may have left them: the client's type in `mime`
      store(`documents/${userId}/legacy.html`, HTML);
      store(`documents/${userId}/legacy.pdf`, pdf('legacy'));
      const rows = await api.db
        .insert(documents)
        .values([
          { tenant_id: 1, user_id: userId, kind: 'uploaded', title: 'page', path: `documents/${userId}/legacy.html`, file_name: 'page.html', mime: 'text/html', size: HTML.length },
          { tenant_id: 1, user_id: userId, kind: 'uploaded', title: 'scan', path: `documents/${userId}/legacy.pdf`, file_name: 'scan.pdf', mime: 'text/html', size: pdf('legacy').length },
        ])
        .returning();
      const page = await api.call({ method: 'GET', url: `/api/documents/${rows[0].id}/download`, token: student });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('application/octet-stream');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(String(page.headers['content-disposition'])).toMatch(/^attachment;/);
      const scan = await api.call({ method: 'GET', url: `/api/documents/${rows[1].id}/download`, token: student });
      expect(scan.headers['content-type']).toBe('application/pdf');
      for (const r of rows) await api.db.delete(documents).where(eq(documents.id, r.id));
    });
  });

  it('lists uploads: admins may name a student of their school', async () => {
    const studentId = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
    const byAdmin = (await api.call({ method: 'GET', url: `/api/document/showUploadDocument?user_id=${studentId}`, token: admin })).json().data;
    expect(byAdmin.length).toBe(3);
    // a student's user_id is ignored: they see their own
    const trainer = await api.login('trainer');
    expect((await api.call({ method: 'GET', url: `/api/document/showUploadDocument?user_id=${studentId}`, token: trainer })).json().data).toEqual([]);
    const northStudent = await api.login('student', 'north');
    const northId = (await api.call({ method: 'GET', url: '/api/user', token: northStudent, tenant: 'north' })).json().data.id;
    const other = await api.call({ method: 'GET', url: `/api/document/showUploadDocument?user_id=${northId}`, token: admin });
    expect(other.statusCode).toBe(404);
    expect(other.json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await api.call({ method: 'GET', url: '/api/document/showUploadDocument?user_id=abc', token: admin })).json().errors).toHaveProperty('user_id');
    expect((await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: northStudent, tenant: 'north' })).json().data).toEqual([]);
    const rows = await api.db
      .select()
      .from(documents)
      .where(and(eq(documents.tenant_id, 2), eq(documents.kind, 'uploaded')));
    expect(rows).toEqual([]);
  });
});
