import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { users } from '../../db/schema/index.ts';

describe('/admin/document', () => {
  let api: TestApi;
  let admin: string;
  let studentId: number;
  let northStudentId: number;
  const upload = (fields: Record<string, string | { name: string; data: Buffer; type?: string }>, token = admin, tenant = 'demo') =>
    api.call({ method: 'POST', url: '/admin/document', token, tenant, ...multipart(fields) });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const id = async (login: string, tenant: number) =>
      (
        await api.db
          .select()
          .from(users)
          .where(and(eq(users.login, login), eq(users.tenant_id, tenant)))
      )[0].id;
    studentId = await id('student', 1);
    northStudentId = await id('student', 2);
  }, 180_000); // the machine may be busy: seeding two schools takes a while
  afterAll(() => api?.close(), 60_000);

  it('uploads a document for a student, who sees and downloads it; edits its title; deletes it', async () => {
    const res = await upload({
      user_id: String(studentId),
      title: 'Договор об обучении',
      title_en: 'Study contract',
      file: { name: 'contract.pdf', data: Buffer.from('%PDF-1.4 contract'), type: 'application/pdf' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      user_id: studentId,
      user_login: 'student',
      kind: 'document',
      title: 'Договор об обучении',
      file_name: 'contract.pdf',
      size: 17,
      download_url: `/api/documents/${d.id}/download`,
    });

    const student = await api.login('student');
    const mine = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data;
    expect(mine).toEqual(expect.arrayContaining([expect.objectContaining({ id: d.id, title: 'Договор об обучении', file_name: 'Договор об обучении.pdf' })]));
    const dl = await api.call({ method: 'GET', url: d.download_url, token: student });
    expect([dl.statusCode, dl.body]).toEqual([200, '%PDF-1.4 contract']);

    const edited = await api.call({ method: 'PUT', url: `/admin/document/${d.id}`, token: admin, payload: { title: 'Договор № 5', kind: 'certificate' } });
    expect(edited.json().data).toMatchObject({ title: 'Договор № 5', kind: 'certificate', title_en: 'Study contract' });
    expect((await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data.find((x: { id: number }) => x.id === d.id).title).toBe('Договор № 5');

    expect((await api.call({ method: 'DELETE', url: `/admin/document/${d.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data.map((x: { id: number }) => x.id)).not.toContain(d.id);
    expect((await api.call({ method: 'GET', url: `/admin/document/${d.id}`, token: admin })).json().name).toBe('NOT_FOUND_DOCUMENT');
  });

  it('lists every document of the school with filters by student and kind, search and sorting', async () => {
    const d = (await upload({ user_id: String(studentId), file: { name: 'Приказ-о-зачислении.pdf', data: Buffer.from('%PDF-1.4 order') } })).json().data;
    expect(d.title).toBe('Приказ-о-зачислении.pdf'); // no title: the file name
    const all = (await api.call({ method: 'GET', url: '/admin/document', token: admin })).json();
    expect(all.meta.total).toBeGreaterThan(1); // the seeded certificate and contract too
    expect(all.data[0].id).toBe(d.id); // newest first
    const byUser = (await api.call({ method: 'GET', url: `/admin/document?filter[user_id]=${studentId}&filter[kind]=document`, token: admin })).json();
    expect(byUser.data.every((x: { user_id: number; kind: string }) => x.user_id === studentId && x.kind === 'document')).toBe(true);
    expect(byUser.data.map((x: { id: number }) => x.id)).toContain(d.id);
    const certs = (await api.call({ method: 'GET', url: '/admin/document?filter[kind]=certificate', token: admin })).json();
    expect(certs.data.every((x: { kind: string }) => x.kind === 'certificate')).toBe(true);
    const searched = (await api.call({ method: 'GET', url: `/admin/document?q=${encodeURIComponent('зачислении')}`, token: admin })).json();
    expect(searched.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const byStudentName = (await api.call({ method: 'GET', url: `/admin/document?q=${encodeURIComponent('Студентов')}&per_page=100`, token: admin })).json();
    expect(byStudentName.meta.total).toBe(byStudentName.data.length);
    expect(byStudentName.data.map((x: { id: number }) => x.id)).toContain(d.id);
    const sorted = (await api.call({ method: 'GET', url: '/admin/document?sort=size&order=asc&per_page=100', token: admin })).json().data.map((x: { size: number }) => x.size);
    expect(sorted).toEqual([...sorted].sort((a: number, b: number) => a - b));
    expect((await api.call({ method: 'GET', url: '/admin/document?filter[kind]=poster', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/document?filter[user_id]=abc', token: admin })).statusCode).toBe(422);
  });

  it("refuses bad uploads: no file, too large (ERROR_MAX_SIZE_5), wrong type, unknown or another school's student", async () => {
    expect((await upload({ user_id: String(studentId) })).json().errors).toHaveProperty('file');
    expect((await upload({ file: { name: 'a.pdf', data: Buffer.from('%PDF-1.4 x') } })).json().errors).toHaveProperty('user_id');
    const big = await upload({ user_id: String(studentId), file: { name: 'big.pdf', data: Buffer.alloc(5 * 1024 * 1024 + 1) } });
    expect([big.statusCode, big.json().name]).toEqual([413, 'ERROR_MAX_SIZE_5']);
    const exe = await upload({ user_id: String(studentId), file: { name: 'run.exe', data: Buffer.from('MZ') } });
    expect([exe.statusCode, exe.json().name]).toEqual([415, 'ERROR_EXT_TYPE']);
    expect((await upload({ user_id: String(northStudentId), file: { name: 'a.pdf', data: Buffer.from('%PDF-1.4 x') } })).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await upload({ user_id: String(studentId), kind: 'poster', file: { name: 'a.pdf', data: Buffer.from('%PDF-1.4 x') } })).statusCode).toBe(422);
    const d = (await upload({ user_id: String(studentId), file: { name: 'ok.pdf', data: Buffer.from('%PDF-1.4 ok') } })).json().data;
    expect((await api.call({ method: 'PUT', url: `/admin/document/${d.id}`, token: admin, payload: { title: '' } })).json().errors).toHaveProperty('title');
  });

  it('is for admins and superadmins of the school only', async () => {
    const d = (await upload({ user_id: String(studentId), file: { name: 'ours.pdf', data: Buffer.from('%PDF-1.4 ours') } })).json().data;
    expect((await api.call({ method: 'GET', url: '/admin/document', token: await api.login('superadmin') })).statusCode).toBe(200);
    for (const role of ['student', 'trainer', 'moderator']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/document', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'GET', url: `/admin/document/${d.id}`, token })).statusCode, role).toBe(403);
      expect((await upload({ user_id: String(studentId), file: { name: 'x.pdf', data: Buffer.from('%PDF-1.4 x') } }, token)).statusCode, role).toBe(403);
      expect((await api.call({ method: 'PUT', url: `/admin/document/${d.id}`, token, payload: { title: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'DELETE', url: `/admin/document/${d.id}`, token })).statusCode, role).toBe(403);
    }
    const north = await api.login('admin', 'north');
    for (const [method, payload] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const) {
      const res = await api.call({ method, url: `/admin/document/${d.id}`, token: north, tenant: 'north', payload });
      expect([res.statusCode, res.json().name], method).toEqual([404, 'NOT_FOUND_DOCUMENT']);
    }
    expect((await api.call({ method: 'GET', url: '/admin/document?per_page=100', token: north, tenant: 'north' })).json().data.map((x: { id: number }) => x.id)).not.toContain(d.id);
  });
});
