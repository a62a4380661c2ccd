import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { documents, programs, users } from '../../db/schema/index.ts';
import { absolutePath } from '../../core/storage.ts';

describe('/admin/diploma and /admin/diploma_documents', () => {
  let api: TestApi;
  let admin: string;
  let studentId: number;
  let programId: number;
  let northProgramId: number;
  let northStudentId: number;
  let seq = 0;
  const number = () => `ДП-${Date.now()}-${++seq}`;
  const diploma = (extra: Record<string, unknown> = {}) => ({
    user_id: studentId,
    program_id: programId,
    name_nominative: 'Студентов Алексей Петрович',
    name_genitive: 'Студентова Алексея Петровича',
    name_dative: 'Студентову Алексею Петровичу',
    date_start: '2025-09-01',
    date_end: '2026-06-30',
    date_issue: '2026-07-01',
    hours: 520,
    registration_number: number(),
    chairman: 'Председателев П. П.',
    director: 'Директоров Д. Д.',
    secretary: 'Секретарёва С. С.',
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma(extra) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

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
    programId = (await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).orderBy(asc(programs.id)))[0].id;
    northProgramId = (await api.db.select().from(programs).where(eq(programs.tenant_id, 2)).orderBy(asc(programs.id)))[0].id;
  }, 180_000); // the machine may be busy: seeding two schools takes a while
  afterAll(() => api?.close(), 60_000);

  it('creates a diploma with every field, lists, searches, filters, edits and deletes it', async () => {
    const d = await create();
    expect(d).toMatchObject({
      ...diploma({ registration_number: d.registration_number }),
      files: [],
      documents: [],
      user: expect.objectContaining({ login: 'student' }),
      program_title: expect.any(String),
    });
    const list = (await api.call({ method: 'GET', url: `/admin/diploma?q=${encodeURIComponent(d.registration_number)}`, token: admin })).json();
    expect(list.data).toEqual([expect.objectContaining({ id: d.id, user_login: 'student', documents_count: 0, files_count: 0 })]);
    expect(
      (await api.call({ method: 'GET', url: `/admin/diploma?filter[user_id]=${studentId}&filter[program_id]=${programId}`, token: admin })).json().data.map((x: { id: number }) => x.id),
    ).toContain(d.id);
    expect((await api.call({ method: 'GET', url: '/admin/diploma?q=Студентов&sort=registration_number&order=desc', token: admin })).json().meta.total).toBeGreaterThan(0);
    const edited = await api.call({ method: 'PUT', url: `/admin/diploma/${d.id}`, token: admin, payload: { hours: 600, secretary: '' } });
    expect(edited.json().data).toMatchObject({ hours: 600, secretary: null });
    expect((await api.call({ method: 'DELETE', url: `/admin/diploma/${d.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/diploma/${d.id}`, token: admin })).json().name).toBe('NOT_FOUND_DIPLOMA');
  });

  it('refuses bad input, a taken registration number and ids of another school', async () => {
    const d = await create();
    const bad: [Record<string, unknown>, string][] = [
      [{ name_nominative: '' }, 'name_nominative'],
      [{ registration_number: '' }, 'registration_number'],
      [{ hours: -5 }, 'hours'],
      [{ hours: 1.5 }, 'hours'],
      [{ date_issue: '2026-13-01' }, 'date_issue'],
      [{ date_start: '2026-06-30', date_end: '2026-01-01' }, 'date_end'],
    ];
    for (const [extra, field] of bad) {
      const res = await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma(extra) });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect((await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: { name_nominative: 'X' } })).statusCode).toBe(422);
    const taken = await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma({ registration_number: d.registration_number }) });
    expect([taken.statusCode, taken.json().name]).toEqual([409, 'ERROR_REGISTRATION_NUMBER_EXISTS']);
    expect((await api.call({ method: 'PUT', url: `/admin/diploma/${d.id}`, token: admin, payload: { registration_number: d.registration_number } })).statusCode).toBe(200); // its own number
    expect((await api.call({ method: 'PUT', url: `/admin/diploma/${d.id}`, token: admin, payload: { date_end: '2020-01-01' } })).json().errors).toHaveProperty('date_end');
    expect((await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma({ user_id: northStudentId }) })).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma({ program_id: northProgramId }) })).json().name).toBe('NOT_FOUND_PROGRAM');
    // the same number is free in another school
    const north = await api.login('admin', 'north');
    const inNorth = await api.call({
      method: 'POST',
      url: '/admin/diploma',
      token: north,
      tenant: 'north',
      payload: diploma({ user_id: northStudentId, program_id: northProgramId, registration_number: d.registration_number }),
    });
    expect(inNorth.statusCode).toBe(201);
  });

  it('keeps files sent with the form or added later; downloads and removes them', async () => {
    const form = multipart({
      ...Object.fromEntries(Object.entries(diploma()).map(([k, v]) => [k, String(v)])),
      'files[]': { name: 'скан.pdf', data: Buffer.from('%PDF-1.4 scan'), type: 'application/pdf' },
    });
    const res = await api.call({ method: 'POST', url: '/admin/diploma', token: admin, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d.files).toEqual([expect.objectContaining({ file_name: 'скан.pdf', size: 13 })]);
    const more = await api.call({
      method: 'POST',
      url: `/admin/diploma/${d.id}/files`,
      token: admin,
      ...multipart({
        file1: { name: 'приложение.png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png')]), type: 'image/png' },
        file2: { name: 'app.docx', data: Buffer.from('PK\x03\x04docx') },
      }),
    });
    expect(more.json().data.files.map((f: { file_name: string }) => f.file_name)).toEqual(['скан.pdf', 'приложение.png', 'app.docx']);
    const exe = await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/files`, token: admin, ...multipart({ file: { name: 'virus.exe', data: Buffer.from('MZ') } }) });
    expect([exe.statusCode, exe.json().name]).toEqual([415, 'ERROR_EXT_TYPE']);
    expect((await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/files`, token: admin, ...multipart({ note: 'no file' }) })).json().errors).toHaveProperty('file');
    const first = d.files[0];
    const dl = await api.call({ method: 'GET', url: first.download_url, token: admin });
    expect([dl.statusCode, dl.body]).toEqual([200, '%PDF-1.4 scan']);
    expect(String(dl.headers['content-disposition'])).toContain(encodeURIComponent('скан.pdf'));
    const left = await api.call({ method: 'DELETE', url: `/admin/diploma/${d.id}/files/${first.id}`, token: admin });
    expect(left.json().data.files).toHaveLength(2);
    expect((await api.call({ method: 'GET', url: first.download_url, token: admin })).json().name).toBe('NOT_FOUND_FILE');
    const north = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: left.json().data.files[0].download_url, token: north, tenant: 'north' })).json().name).toBe('NOT_FOUND_DIPLOMA');
  });

  it("generates the diploma PDF from a template into the student's documents; lists and deletes generated documents", async () => {
    // without any template of the school (the seeded one removed first)
    for (const t of (await api.call({ method: 'GET', url: '/admin/template?per_page=100', token: admin })).json().data)
      await api.call({ method: 'DELETE', url: `/admin/template/${t.id}`, token: admin });
    const noTemplate = await create();
    const none = await api.call({ method: 'POST', url: `/admin/diploma/${noTemplate.id}/generate`, token: admin });
    expect([none.statusCode, none.json().name]).toEqual([422, 'ERROR_GENERATION_TEMPLATE']);

    const template = (
      await api.call({
        method: 'POST',
        url: '/admin/template',
        token: admin,
        payload: {
          title: 'Диплом о профессиональной переподготовке',
          body: 'Настоящий диплом выдан {{name_dative}}\nпо программе «{{program}}», {{hours}} ч.\nРег. № {{registration_number}} от {{date}}\nПредседатель {{chairman}}',
        },
      })
    ).json().data;
    const d = await create();
    const gen = await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token: admin });
    expect(gen.statusCode, gen.body).toBe(201);
    const doc = gen.json().data;
    expect(doc).toMatchObject({ diploma_id: d.id, template_id: template.id, kind: 'certificate', user_id: studentId, title: `Диплом о профессиональной переподготовке № ${d.registration_number}` });

    // the student sees it in the portal and downloads a real PDF
    const student = await api.login('student');
    const mine = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data;
    expect(mine).toEqual(expect.arrayContaining([expect.objectContaining({ id: doc.document_id, kind: 'certificate' })]));
    const pdf = await api.call({ method: 'GET', url: doc.download_url, token: student });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(5000); // the embedded Cyrillic font

    const full = (await api.call({ method: 'GET', url: `/admin/diploma/${d.id}`, token: admin })).json().data;
    expect(full.documents.map((x: { id: number }) => x.id)).toEqual([doc.id]);
    const list = (await api.call({ method: 'GET', url: `/admin/diploma_documents?filter[diploma_id]=${d.id}`, token: admin })).json();
    expect(list).toMatchObject({ data: [expect.objectContaining({ id: doc.id, registration_number: d.registration_number, user_login: 'student' })], meta: { total: 1 } });
    expect((await api.call({ method: 'GET', url: `/admin/diploma_documents?filter[user_id]=${studentId}&q=${encodeURIComponent('переподготовке')}`, token: admin })).json().meta.total).toBeGreaterThan(
      0,
    );
    expect((await api.call({ method: 'GET', url: `/admin/diploma_documents/${doc.id}`, token: admin })).json().data.document_id).toBe(doc.document_id);

    const [row] = await api.db.select().from(documents).where(eq(documents.id, doc.document_id));
    const file = absolutePath(api.config.dataDir, 'demo', row.path);
    expect(existsSync(file)).toBe(true);
    expect((await api.call({ method: 'DELETE', url: `/admin/diploma_documents/${doc.id}`, token: admin })).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data.map((x: { id: number }) => x.id)).not.toContain(doc.document_id);
    expect((await api.call({ method: 'GET', url: `/admin/diploma_documents/${doc.id}`, token: admin })).json().name).toBe('NOT_FOUND_DIPLOMA_DOCUMENT');

    // deleting a diploma takes its generated documents out of the student's list
    const again = (await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token: admin, payload: { template_id: template.id } })).json().data;
    await api.call({ method: 'DELETE', url: `/admin/diploma/${d.id}`, token: admin });
    expect((await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data.map((x: { id: number }) => x.id)).not.toContain(again.document_id);
  });

  it('removes a generated PDF at once when the database refuses its row (issue 27, defect 3)', async () => {
    const t = (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'Справка о файле', kind: 'document', body: '{{name}}' } })).json().data;
    const d = await create({ template_id: t.id });
    const dir = join(api.config.dataDir, 'files', 'demo', 'documents', String(studentId));
    const before = existsSync(dir) ? readdirSync(dir).sort() : [];
    await api.db.execute(sql.raw('alter table diploma_documents add constraint lms_test_refused check (false) not valid'));
    try {
      const res = await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token: admin });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    } finally {
      await api.db.execute(sql.raw('alter table diploma_documents drop constraint lms_test_refused'));
    }
    expect(existsSync(dir) ? readdirSync(dir).sort() : [], 'no PDF without its row').toEqual(before);
    expect((await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token: admin })).statusCode, 'and then it generates').toBe(201);
  });

  it("refuses generation without hours, with a placeholder the diploma does not fill, or another school's template", async () => {
    const t = (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'Справка', kind: 'document', body: '{{name}} — секретарь {{secretary}}' } })).json().data;
    const noHours = await create({ hours: null, template_id: t.id });
    expect((await api.call({ method: 'POST', url: `/admin/diploma/${noHours.id}/generate`, token: admin })).json().name).toBe('ERROR_GENERATION_DURATION');
    const noSecretary = await create({ secretary: null });
    const config = await api.call({ method: 'POST', url: `/admin/diploma/${noSecretary.id}/generate`, token: admin, payload: { template_id: t.id } });
    expect([config.statusCode, config.json().name, config.json().variables.fields]).toEqual([422, 'ERROR_GENERATION_CONFIG', 'secretary']);
    const ok = await api.call({ method: 'POST', url: `/admin/diploma/${noHours.id}`, token: admin, payload: { _method: 'PUT', hours: '72' } });
    expect(ok.json().data.hours).toBe(72);
    const made = await api.call({ method: 'POST', url: `/admin/diploma/${noHours.id}/generate`, token: admin });
    expect(made.json().data).toMatchObject({ kind: 'document', template_id: t.id }); // the diploma's own template
    expect((await api.call({ method: 'POST', url: `/admin/diploma/${noHours.id}/generate`, token: admin, payload: { template_id: 0 } })).statusCode).toBe(422);

    const north = await api.login('admin', 'north');
    const northT = (await api.call({ method: 'POST', url: '/admin/template', token: north, tenant: 'north', payload: { title: 'N', body: '{{name}}' } })).json().data;
    expect((await api.call({ method: 'POST', url: `/admin/diploma/${noHours.id}/generate`, token: admin, payload: { template_id: northT.id } })).json().name).toBe('NOT_FOUND_TEMPLATE');
    expect((await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: diploma({ template_id: northT.id }) })).json().name).toBe('NOT_FOUND_TEMPLATE');
  });

  it('is for admins and superadmins of the school only', async () => {
    const d = await create();
    const doc =
      (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'R', body: '{{name}}' } })).json().data &&
      (await api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token: admin })).json().data;
    expect((await api.call({ method: 'GET', url: '/admin/diploma', token: await api.login('superadmin') })).statusCode).toBe(200);
    const calls = (token: string, tenant = 'demo') => [
      api.call({ method: 'GET', url: '/admin/diploma', token, tenant }),
      api.call({ method: 'GET', url: `/admin/diploma/${d.id}`, token, tenant }),
      api.call({ method: 'POST', url: '/admin/diploma', token, tenant, payload: diploma() }),
      api.call({ method: 'PUT', url: `/admin/diploma/${d.id}`, token, tenant, payload: { hours: 1 } }),
      api.call({ method: 'DELETE', url: `/admin/diploma/${d.id}`, token, tenant }),
      api.call({ method: 'POST', url: `/admin/diploma/${d.id}/generate`, token, tenant }),
      api.call({ method: 'POST', url: `/admin/diploma/${d.id}/files`, token, tenant, ...multipart({ file: { name: 'a.pdf', data: Buffer.from('%PDF-1.4 x') } }) }),
      api.call({ method: 'GET', url: '/admin/diploma_documents', token, tenant }),
      api.call({ method: 'GET', url: `/admin/diploma_documents/${doc.id}`, token, tenant }),
      api.call({ method: 'DELETE', url: `/admin/diploma_documents/${doc.id}`, token, tenant }),
    ];
    for (const role of ['student', 'trainer', 'moderator']) {
      const res = await Promise.all(calls(await api.login(role)));
      expect(
        res.map((r) => r.statusCode),
        role,
      ).toEqual(res.map(() => 403));
    }
    const north = await Promise.all(calls(await api.login('admin', 'north'), 'north'));
    // lists answer the north school's own (none of ours); every id of ours is 404 there
    expect(north.map((r) => r.statusCode)).toEqual([200, 404, 404, 404, 404, 404, 404, 200, 404, 404]);
    expect(north[0].json().data.map((x: { id: number }) => x.id)).not.toContain(d.id);
    expect(north[7].json().data.map((x: { id: number }) => x.id)).not.toContain(doc.id);
    expect((await api.call({ method: 'GET', url: `/admin/diploma/${d.id}`, token: admin })).statusCode).toBe(200); // still there
  });
});
