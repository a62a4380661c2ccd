import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart, zipFile } from '../../test/forms.ts';
import { media, programUsers, programs, submittedProjects, users } from '../../db/schema/index.ts';
import { versionRule } from './rules.ts';

const rar = (seed: string) => Buffer.concat([Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]), Buffer.from(seed)]);

describe('projects', () => {
  let api: TestApi;
  let student: string;
  let trainer: string;
  let admin: string;
  let strategyId: number;
  let financeId: number;
  const byTitle = async (tenant: number, title: string) =>
    (
      await api.db
        .select()
        .from(media)
        .where(and(eq(media.tenant_id, tenant), eq(media.title, title)))
    )[0];

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    trainer = await api.login('trainer');
    admin = await api.login('admin');
    strategyId = (await byTitle(1, 'Проект: стратегия вашей компании')).id;
    financeId = (await byTitle(1, 'Проект: анализ финансовой отчётности')).id;
  });
  afterAll(() => api.close());

  it("shows the seeded history: version 1 checked with the trainer's name and message, version 2 awaiting", async () => {
    const res = await api.call({ method: 'GET', url: `/api/media/${financeId}/submittedProject`, token: student });
    expect(res.statusCode).toBe(200);
    const [v2, v1] = res.json().data;
    expect(v2).toMatchObject({ version: 2, status: 'awaiting', score: null, trainer: null });
    expect(v1).toMatchObject({ version: 1, status: 'checked', score: 6, trainer: 'Тренеров Пётр', trainer_message: 'Доработайте анализ денежных потоков.' });
    const file = await api.call({ method: 'GET', url: v1.files[0].download_url, token: student });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304'); // a real zip
    expect(file.headers['content-disposition']).toContain('finance-v1.zip');
    const refused = await api.call({ method: 'POST', url: `/api/media/${financeId}/submittedProject`, token: student, ...multipart({ file1: { name: 'v3.zip', data: zipFile('v3') }, confirm: '1' }) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().name).toBe('ERROR_PROJECT_NOT_CHECKED');
  });

  it("refuses bad submissions with the spec's codes and keeps nothing", async () => {
    const url = `/api/media/${strategyId}/submittedProject`;
    const post = (fields: Parameters<typeof multipart>[0]) => api.call({ method: 'POST', url, token: student, ...multipart(fields) });
    const cases: [Parameters<typeof multipart>[0], number, string][] = [
      [{ file1: { name: 'fake.zip', data: Buffer.from('just text') }, confirm: '1' }, 415, 'ERROR_FILE_NOT_ARCHIVE'],
      [{ file1: { name: 'work.pdf', data: zipFile('a') }, confirm: '1' }, 415, 'ERROR_EXT_TYPE'],
      [{ file1: { name: 'a.zip', data: zipFile('same') }, file2: { name: 'b.zip', data: zipFile('same') }, confirm: '1' }, 409, 'ERROR_FILE_EXISTS'],
      [{ file1: { name: 'big.zip', data: Buffer.concat([zipFile('big'), Buffer.alloc(40 * 1024 * 1024)]) }, confirm: '1' }, 413, 'ERROR_MAX_SIZE_40'],
      [Object.fromEntries([...Array.from({ length: 6 }, (_, i) => [`file${i + 1}`, { name: `p${i}.zip`, data: zipFile(`six ${i}`) }]), ['confirm', '1']]), 413, 'ERROR_MAX_FILES'],
    ];
    for (const [fields, status, name] of cases) {
      const res = await post(fields);
      expect([res.statusCode, res.json().name], name).toEqual([status, name]);
    }
    const noConfirm = await post({ file1: { name: 'work.zip', data: zipFile('a') } });
    expect(noConfirm.statusCode).toBe(422);
    expect(noConfirm.json().errors).toEqual({ confirm: ['validation.required'] });
    const noFiles = await post({ confirm: '1', message: 'без файлов' });
    expect(noFiles.json().errors).toEqual({ file1: ['validation.required'] });
    const longMessage = await post({ file1: { name: 'work.zip', data: zipFile('a') }, confirm: '1', message: 'x'.repeat(5001) });
    expect(longMessage.json().errors).toEqual({ message: ['validation.max_length:5000'] });
    expect(await api.db.select().from(submittedProjects).where(eq(submittedProjects.media_id, strategyId))).toEqual([]);
  });

  it('accepts zip and rar archives, one version awaiting review at a time, no file of an earlier version', async () => {
    const url = `/api/media/${strategyId}/submittedProject`;
    const ok = await api.call({
      method: 'POST',
      url,
      token: student,
      ...multipart({ file1: { name: 'work.zip', data: zipFile('v1') }, file2: { name: 'data.rar', data: rar('v1') }, message: ' Моя стратегия ', confirm: '1' }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ version: 1, status: 'awaiting', message: 'Моя стратегия', late: false });
    expect(ok.json().data.files.map((f: { file_name: string }) => f.file_name)).toEqual(['work.zip', 'data.rar']);
    const id = ok.json().data.id;
    expect((await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'w2.zip', data: zipFile('v2') }, confirm: '1' }) })).json().name).toBe('ERROR_PROJECT_NOT_CHECKED');
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer })).json()).toEqual({ data: { count: 2 } });
    // the trainer reviews through the spec's path
    const reviewed = await api.call({
      method: 'PUT',
      url: `/admin/user/${ok.json().data.user_id}/media/${strategyId}/submittedProject/${id}`,
      token: trainer,
      payload: { score: 8, message: 'Хорошо' },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().data).toMatchObject({ status: 'checked', score: 8, trainer: 'Тренеров Пётр', trainer_message: 'Хорошо' });
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: trainer })).json().data.count).toBe(1);
    const again = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'renamed.zip', data: zipFile('v1') }, confirm: '1' }) });
    expect(again.json()).toMatchObject({ name: 'ERROR_FILE_EXISTS', variables: { file: 'work.zip' } });
    const v2 = await api.call({ method: 'POST', url, token: student, ...multipart({ file1: { name: 'w2.zip', data: zipFile('v2') }, confirm: '1' }) });
    expect(v2.json().data.version).toBe(2);
  });

  it('lets only an enrolled student submit, only to a project', async () => {
    const text = await byTitle(1, 'Конспект лекции');
    expect(
      (await api.call({ method: 'POST', url: `/api/media/${text.id}/submittedProject`, token: student, ...multipart({ file1: { name: 'x.zip', data: zipFile('t') }, confirm: '1' }) })).json().name,
    ).toBe('NOT_FOUND_MEDIA');
    // unenrol the student from the strategy program: the project is closed to them
    const me = (await api.call({ method: 'GET', url: '/api/user', token: student })).json().data.id;
    const [link] = await api.db.select().from(programUsers).where(eq(programUsers.user_id, me));
    await api.db.delete(programUsers).where(and(eq(programUsers.user_id, me), eq(programUsers.program_id, link.program_id)));
    try {
      const res = await api.call({
        method: 'POST',
        url: `/api/media/${strategyId}/submittedProject`,
        token: student,
        ...multipart({ file1: { name: 'x.zip', data: zipFile('unenrolled') }, confirm: '1' }),
      });
      expect([res.statusCode, res.json().name]).toEqual([403, 'ERROR_ACCESS']);
    } finally {
      await api.db.insert(programUsers).values(link);
    }
    for (const role of ['trainer', 'admin', 'moderator']) {
      const res = await api.call({
        method: 'POST',
        url: `/api/media/${strategyId}/submittedProject`,
        token: await api.login(role),
        ...multipart({ file1: { name: 'x.zip', data: zipFile(role) }, confirm: '1' }),
      });
      expect(res.statusCode, role).toBe(403);
    }
    const north = await byTitle(2, 'Проект: стратегия вашей компании');
    const cross = await api.call({ method: 'POST', url: `/api/media/${north.id}/submittedProject`, token: student, ...multipart({ file1: { name: 'x.zip', data: zipFile('north') }, confirm: '1' }) });
    expect([cross.statusCode, cross.json().name]).toEqual([404, 'NOT_FOUND_MEDIA']);
    const northToken = await api.login('student', 'north');
    expect((await api.call({ method: 'GET', url: `/api/media/${strategyId}/submittedProject`, token: northToken })).statusCode).toBe(401);
  });

  it('keeps versions private: other schools and wrong media get 404, moderators 403', async () => {
    const [v] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.tenant_id, 2)));
    const other = await api.call({ method: 'GET', url: `/api/media/${v.media_id}/submittedProject/${v.id}`, token: student });
    expect(other.statusCode).toBe(404);
    const [mine] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.tenant_id, 1), eq(submittedProjects.media_id, financeId)));
    expect((await api.call({ method: 'GET', url: `/api/media/${financeId}/submittedProject/${mine.id}`, token: trainer })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/api/media/${financeId}/submittedProject/${mine.id}`, token: await api.login('moderator') })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/api/media/${strategyId}/submittedProject/${mine.id}`, token: student })).json().name).toBe('NOT_FOUND_PROJECT'); // wrong media
  });

  it('lists versions for reviewers with names and filters', async () => {
    const all = (await api.call({ method: 'GET', url: '/admin/submittedProject', token: trainer })).json();
    expect(all.meta.total).toBe(4);
    expect(all.data[0]).toMatchObject({ user_name: 'Студентов Алексей', media_title: 'Проект: стратегия вашей компании', version: 2, status: 'awaiting' });
    expect(all.data[0].program_id).toBeGreaterThan(0);
    const awaiting = (await api.call({ method: 'GET', url: '/admin/submittedProject?status=awaiting', token: admin })).json();
    expect(awaiting.data.map((r: { media_title: string; version: number }) => [r.media_title, r.version])).toEqual([
      ['Проект: стратегия вашей компании', 2],
      ['Проект: анализ финансовой отчётности', 2],
    ]);
    const [finance] = await api.db
      .select()
      .from(programs)
      .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Финансы для руководителей')));
    const byProgram = (await api.call({ method: 'GET', url: `/admin/submittedProject?program_id=${finance.id}`, token: admin })).json();
    expect(byProgram.data.map((r: { media_id: number }) => r.media_id)).toEqual([financeId, financeId]);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject?filter[program_id]=${finance.id}&filter[status]=checked`, token: admin })).json().meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject?q=Студентов&per_page=1', token: admin })).json().meta).toMatchObject({ total: 4, last_page: 4 });
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject?user_id=999999', token: admin })).json().meta.total).toBe(0);
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject?status=lost', token: admin })).json().errors).toHaveProperty('status');
    for (const role of ['student', 'moderator']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/submittedProject', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token })).statusCode, role).toBe(403);
    }
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject', token: northAdmin, tenant: 'north' })).json().meta.total).toBe(2);
    expect((await api.call({ method: 'GET', url: '/admin/submittedProject/countNotCheckProject', token: northAdmin, tenant: 'north' })).json().data.count).toBe(1);
  });

  it('reviews with a trainer file, approves and revokes; refuses bad input, other roles and other schools', async () => {
    const [v2] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.media_id, financeId), eq(submittedProjects.version, 2)));
    const url = `/admin/user/${v2.user_id}/media/${financeId}/submittedProject/${v2.id}`;
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: admin, payload: { is_approve: 1 } })).json().name).toBe('ERROR_PROJECT_NOT_CHECKED');
    const bad = await api.call({ method: 'PUT', url, token: trainer, payload: { score: 101 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('score');
    expect((await api.call({ method: 'PUT', url, token: trainer, payload: {} })).json().errors).toEqual({ score: ['validation.required'] });
    expect((await api.call({ method: 'PUT', url: `/admin/user/${v2.user_id + 1}/media/${financeId}/submittedProject/${v2.id}`, token: trainer, payload: { score: 5 } })).statusCode).toBe(404);
    const [northTrainer] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.role, 'trainer')));
    expect((await api.call({ method: 'PUT', url, token: admin, payload: { score: 9, trainer_id: northTrainer.id } })).json().errors).toEqual({ trainer_id: ['validation.choice'] });
    // a review with a file, sent as form data with the method override like the admin app does
    const form = multipart({ _method: 'PUT', score: '9', message: 'Отлично, см. замечания', trainer_file: { name: 'замечания.pdf', data: Buffer.from('%PDF-1.4 notes') } });
    const reviewed = await api.call({ method: 'POST', url, token: trainer, ...form });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data).toMatchObject({ status: 'checked', score: 9, trainer_message: 'Отлично, см. замечания', trainer_file: { file_name: 'замечания.pdf' } });
    const seen = (await api.call({ method: 'GET', url: `/api/media/${financeId}/submittedProject/${v2.id}`, token: student })).json().data;
    const notes = await api.call({ method: 'GET', url: seen.trainer_file.download_url, token: student });
    expect(notes.rawPayload.toString()).toBe('%PDF-1.4 notes');
    expect(notes.headers['content-disposition']).toContain(encodeURIComponent('замечания.pdf'));
    // approve / revoke: reviewers (a trainer within their programs, see review.test.ts), never moderators or students
    for (const role of ['moderator', 'student'])
      expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: await api.login(role), payload: { is_approve: 1 } })).statusCode, role).toBe(403);
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: admin, payload: { is_approve: 2 } })).statusCode).toBe(422);
    const approved = await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: admin, payload: { is_approve: 1 } });
    expect(approved.json().data).toMatchObject({ status: 'approved', check_admin: true });
    expect(
      (await api.call({ method: 'GET', url: '/api/score', token: student }))
        .json()
        .data.flatMap((p: { projects: { media_id: number; approved: boolean }[] }) => p.projects)
        .find((p: { media_id: number }) => p.media_id === financeId),
    ).toMatchObject({ approved: true, score: 9 });
    const revoked = await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: admin, payload: { is_approve: 0 } });
    expect(revoked.json().data).toMatchObject({ status: 'checked', check_admin: false });
    expect((await api.call({ method: 'DELETE', url: `/admin/submittedProject/${v2.id}/deleteFileTrainer`, token: trainer })).json().data.trainer_file).toBeNull();
    expect((await api.call({ method: 'GET', url: seen.trainer_file.download_url, token: student })).statusCode).toBe(404);
    // other school
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'POST', url: `/admin/submittedProject/${v2.id}/approve`, token: northAdmin, tenant: 'north', payload: { is_approve: 1 } })).json().name).toBe('NOT_FOUND_PROJECT');
    expect((await api.call({ method: 'PUT', url, token: northAdmin, tenant: 'north', payload: { score: 1 } })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject/${v2.id}`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/admin/submittedProject/${v2.id}`, token: admin })).json().data).toMatchObject({
      user_name: 'Студентов Алексей',
      media_title: 'Проект: анализ финансовой отчётности',
      deadline: '2027-01-25',
    });
  });

  it('removes versions by ids of its own school only', async () => {
    const [northV] = await api.db.select().from(submittedProjects).where(eq(submittedProjects.tenant_id, 2));
    const [v1] = await api.db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.media_id, financeId), eq(submittedProjects.version, 1)));
    expect((await api.call({ method: 'DELETE', url: '/admin/submittedProject', token: await api.login('moderator'), payload: { ids: [v1.id] } })).statusCode).toBe(403);
    expect((await api.call({ method: 'DELETE', url: '/admin/submittedProject', token: admin, payload: { ids: [] } })).json().name).toBe('NOT_CHECK_ID_PROJECT');
    const res = await api.call({ method: 'DELETE', url: '/admin/submittedProject', token: admin, payload: { ids: [v1.id, northV.id] } });
    expect(res.json().data).toEqual({ count: 1 });
    expect(await api.db.select().from(submittedProjects).where(eq(submittedProjects.id, northV.id))).toHaveLength(1);
  });

  it('applies the deadline rule: 3 versions until the deadline, one late version within 30 days after it, none later', () => {
    expect(versionRule(null, 10)).toEqual({ allowed: true, late: false });
    expect(versionRule('2026-12-20', 0, '2026-12-20')).toEqual({ allowed: true, late: false });
    expect(versionRule('2026-12-20', 2, '2026-12-20')).toEqual({ allowed: true, late: false });
    expect(versionRule('2026-12-20', 3, '2026-12-01')).toEqual({ allowed: false, reason: 'ERROR_MAX_VERSIONS' });
    expect(versionRule('2026-12-20', 1, '2026-12-21')).toEqual({ allowed: true, late: true });
    expect(versionRule('2026-12-20', 2, '2026-12-25', 1)).toEqual({ allowed: false, reason: 'ERROR_MAX_VERSIONS' });
    expect(versionRule('2026-12-20', 0, '2027-01-19')).toEqual({ allowed: true, late: true }); // the 30th day after
    expect(versionRule('2026-12-20', 0, '2027-01-20')).toEqual({ allowed: false, reason: 'ERROR_DEADLINE_PASSED' });
  });

  it('refuses a version after the grace period through the API', async () => {
    const m = await byTitle(1, 'Проект: стратегия вашей компании');
    await api.db.update(media).set({ deadline: '2020-01-01' }).where(eq(media.id, m.id));
    await api.db.update(submittedProjects).set({ status: 'checked' }).where(eq(submittedProjects.media_id, m.id));
    try {
      const res = await api.call({ method: 'POST', url: `/api/media/${m.id}/submittedProject`, token: student, ...multipart({ file1: { name: 'late.zip', data: zipFile('late') }, confirm: '1' }) });
      expect([res.statusCode, res.json().name]).toEqual([409, 'ERROR_DEADLINE_PASSED']);
    } finally {
      await api.db.update(media).set({ deadline: m.deadline }).where(eq(media.id, m.id));
    }
  });
});
