import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import {
  chapterMedia,
  chapters,
  diplomaBatches,
  diplomaDocuments,
  diplomas,
  documents,
  events,
  groupUsers,
  groups,
  media,
  numberRegisters,
  programUsers,
  programs,
  users,
} from '../../db/schema/index.ts';
import { storedPath } from '../../core/storage.ts';

const run = promisify(execFile);

/** Issue 31: the bulk issue's names (proposed cases, corrected before issuing), its registers' list, an interrupted run. */
describe('bulk issue: names, registers, interruption', () => {
  let api: TestApi;
  let admin: string;
  let templateId: number;
  let groupId: number;
  let people: { id: number; login: string }[];

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: {
        title: 'Сертификат',
        number_prefix: 'СР',
        layout: { page: { size: 'A4', orientation: 'portrait' }, blocks: [{ type: 'text', x: 20, y: 40, width: 170, text: 'Выдан {{name_dative}} ({{name_genitive}})' }] },
      },
    });
    expect(t.statusCode, t.body).toBe(201);
    templateId = t.json().data.id;
    const rows = [
      { login: 'bulk-a', surname: 'Орлова', name: 'Любовь', patronymic: 'Петровна', sex: 'female' as const },
      { login: 'bulk-b', surname: 'Соколов', name: 'Павел', patronymic: 'Андреевич', sex: 'male' as const },
    ];
    people = await api.db
      .insert(users)
      .values(rows.map((p) => ({ ...p, tenant_id: 1, email: `${p.login}@demo.test`, password_hash: 'x', role: 'student' as const })))
      .returning({ id: users.id, login: users.login });
    const [g] = await api.db.insert(groups).values({ tenant_id: 1, title: 'Сертификаты 2026' }).returning();
    groupId = g.id;
    await api.db.insert(groupUsers).values(people.map((u) => ({ tenant_id: 1, group_id: g.id, user_id: u.id })));
  }, 180_000);
  afterAll(() => api?.close(), 120_000);

  const issue = (payload: Record<string, unknown>) =>
    api.call({ method: 'POST', url: '/admin/diploma_batch', token: admin, payload: { template_id: templateId, hours: 16, date_issue: '2026-09-01', ...payload } });
  const batch = async (id: number) => (await api.call({ method: 'GET', url: `/admin/diploma_batch/${id}`, token: admin })).json().data;
  const finished = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const b = await batch(id);
      if (b.status !== 'running') return b;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`batch ${id} did not finish`);
  };
  const diplomaCount = async () => (await api.db.select({ id: diplomas.id }).from(diplomas)).length;
  const register = async () => (await api.db.select().from(numberRegisters).where(eq(numberRegisters.template_id, templateId)))[0]?.last_number ?? 0;
  /** The text pdftotext reads in the document generated for a diploma. */
  const printed = async (diplomaId: number) => {
    const [row] = await api.db
      .select({ path: documents.path })
      .from(diplomaDocuments)
      .innerJoin(documents, eq(documents.id, diplomaDocuments.document_id))
      .where(eq(diplomaDocuments.diploma_id, diplomaId));
    return (await run('pdftotext', [storedPath(api.config.dataDir, 'demo', row.path), '-'])).stdout.replace(/\s+/g, ' ');
  };

  it("proposes each student's cases for the dialog; the corrections are what the documents print", async () => {
    const proposed = await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: { group_id: groupId } });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toEqual([
      { user_id: people[0].id, nominative: 'Орлова Любовь Петровна', genitive: 'Орловой Любови Петровны', dative: 'Орловой Любови Петровне', declined: true },
      { user_id: people[1].id, nominative: 'Соколов Павел Андреевич', genitive: 'Соколова Павла Андреевича', dative: 'Соколову Павлу Андреевичу', declined: true },
    ]);
    // another school's group is not found; a student may not ask; nobody chosen is the issue's own error
    const [north] = await api.db.insert(groups).values({ tenant_id: 2, title: 'Север' }).returning();
    expect((await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: { group_id: north.id } })).statusCode).toBe(404);
    const student = await api.login('student');
    expect((await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: student, payload: { group_id: groupId } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: {} })).json().name).toBe('ERROR_ISSUE_STUDENTS');

    const names = [
      { user_id: people[0].id, name_genitive: 'Орловой Любови Петровны', name_dative: 'Орловой Любови Петровне' },
      { user_id: people[1].id, name_genitive: 'Соколова-Младшего Павла', name_dative: 'Соколову-Младшему Павлу' },
    ];
    const started = await issue({ group_id: groupId, names });
    expect(started.statusCode, started.body).toBe(202);
    const b = await finished(started.json().data.id);
    expect(b).toMatchObject({ status: 'done', done: 2, failed: 0 });
    const ds = await api.db.select().from(diplomas).where(inArray(diplomas.id, b.diploma_ids));
    const of = (userId: number) => ds.find((d) => d.user_id === userId)!.id;
    expect(await printed(of(people[1].id))).toContain('Выдан Соколову-Младшему Павлу (Соколова-Младшего Павла)');
    expect(await printed(of(people[0].id))).toContain('Выдан Орловой Любови Петровне (Орловой Любови Петровны)');
  }, 120_000);

  it('refuses corrections for a student not in the issue, twice for one, or blank: nothing issued, no number taken', async () => {
    const before = [await diplomaCount(), await register()];
    const one = { user_id: people[0].id, name_genitive: 'А', name_dative: 'Б' };
    const outsider = await issue({ group_id: groupId, names: [one, { user_id: 1, name_genitive: 'В', name_dative: 'Г' }] });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json()).toMatchObject({ name: 'ERROR_ISSUE_NAMES', variables: { ids: '1' } });
    const twice = await issue({ group_id: groupId, names: [one, one] });
    expect(twice.json()).toMatchObject({ name: 'ERROR_ISSUE_NAMES', variables: { ids: String(people[0].id) } });
    for (const blank of ['', '   ']) {
      const res = await issue({ group_id: groupId, names: [{ ...one, name_dative: blank }] });
      expect(res.statusCode).toBe(422);
    }
    expect([await diplomaCount(), await register()]).toEqual(before);
  });
  it("lists each template's register per year, read-only, for the school's admins only", async () => {
    const list = (token: string, query = '', tenant?: string) => api.call({ method: 'GET', url: `/admin/number_register${query}`, token, tenant });
    const res = await list(admin, '?sort=template_title&order=ASC&per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data.find((r: { template_id: number }) => r.template_id === templateId);
    expect(mine).toMatchObject({ id: `${templateId}-2026`, template_title: 'Сертификат', year: 2026, last_number: 2, next: 'СР-2026-0003' });
    expect(res.json().meta).toMatchObject({ current_page: 1, total: expect.any(Number) });
    // filters: by template, by year
    const byTemplate = (await list(admin, `?filter[template_id]=${templateId}`)).json();
    expect([byTemplate.meta.total, byTemplate.data[0].id]).toEqual([1, `${templateId}-2026`]);
    expect((await list(admin, `?filter[template_id]=${templateId}&filter[year]=2025`)).json().data).toEqual([]);
    expect((await list(admin, '?filter[year]=abc')).statusCode).toBe(422);
    // another school's admin sees none of ours; a student and a curator may not look
    const north = await api.login('admin', 'north');
    expect((await list(north, '?per_page=100', 'north')).json().data.some((r: { template_id: number }) => r.template_id === templateId)).toBe(false);
    expect((await list(await api.login('student'))).statusCode).toBe(403);
    expect((await list(await api.login('moderator'))).statusCode).toBe(403);
  });
  it('marks a batch whose worker stopped as interrupted, lists who is still waiting, and the admin restarts it', async () => {
    const started = await issue({ group_id: groupId });
    const b = await finished(started.json().data.id);
    expect(b).toMatchObject({ status: 'done', done: 2, pending: [] });
    // the server stopped after the first document: the second has none, and the batch was left running with no beat since
    const [second] = await api.db
      .select()
      .from(diplomas)
      .where(inArray(diplomas.id, [b.diploma_ids[1]]));
    const [link] = await api.db.select().from(diplomaDocuments).where(eq(diplomaDocuments.diploma_id, second.id));
    await api.db.delete(diplomaDocuments).where(eq(diplomaDocuments.id, link.id));
    await api.db.delete(documents).where(eq(documents.id, link.document_id));
    const left = (beat: string) =>
      api.db
        .update(diplomaBatches)
        .set({ status: 'running', done: 1, zip_path: null, zip_size: null, finished_at: null, beat_at: sql`now() - ${beat}::interval` })
        .where(eq(diplomaBatches.id, b.id));
    // a batch that beat a moment ago is still running (its worker may be another live process)
    await left('5 seconds');
    expect((await batch(b.id)).status).toBe('running');
    await left('1 hour');
    const cut = await batch(b.id);
    expect(cut).toMatchObject({ status: 'interrupted', done: 1, zip_url: null, pending: [{ user_id: second.user_id, name: second.name_nominative }] });
    const listed = (await api.call({ method: 'GET', url: '/admin/diploma_batch', token: admin })).json().data;
    expect(listed.find((x: { id: number }) => x.id === b.id)).toMatchObject({ status: 'interrupted', pending: [{ user_id: second.user_id }] });

    // a student may not restart it, another school does not find it
    const restart = (token: string, tenant?: string) => api.call({ method: 'POST', url: `/admin/diploma_batch/${b.id}/restart`, token, tenant, payload: {} });
    expect((await restart(await api.login('student'))).statusCode).toBe(403);
    expect((await restart(await api.login('admin', 'north'), 'north')).statusCode).toBe(404);
    const documentsBefore = (await api.db.select({ id: documents.id }).from(documents)).length;
    const again = await restart(admin);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data.status).toBe('running');
    // restarting what runs or is done is refused
    expect((await restart(admin)).json().name).toBe('ERROR_BATCH_NOT_INTERRUPTED');
    const done = await finished(b.id);
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0, pending: [] });
    // only the missing document was made; the ZIP holds both
    expect((await api.db.select({ id: documents.id }).from(documents)).length).toBe(documentsBefore + 1);
    expect(await printed(second.id)).toContain('Выдан');
    const zip = (await api.call({ method: 'GET', url: done.zip_url, token: admin })).rawPayload;
    const numbers = (await api.db.select().from(diplomas).where(inArray(diplomas.id, b.diploma_ids))).map((d) => d.registration_number);
    for (const n of numbers) expect(zip.includes(Buffer.from(n))).toBe(true);
    expect((await restart(admin)).statusCode).toBe(409);
  }, 120_000);

  it("issues to a program's graduates only: who completed it gets the document, the others are left out", async () => {
    const [p] = await api.db.insert(programs).values({ tenant_id: 1, title: 'Выпускная программа', duration: '16' }).returning();
    const [ch] = await api.db.insert(chapters).values({ tenant_id: 1, program_id: p.id, title: 'Глава', sort: 1 }).returning();
    const [lesson] = await api.db.insert(media).values({ tenant_id: 1, title: 'Урок', kind: 'video' }).returning();
    await api.db.insert(chapterMedia).values({ tenant_id: 1, chapter_id: ch.id, media_id: lesson.id, sort: 1 });
    await api.db.insert(programUsers).values(people.map((u) => ({ tenant_id: 1, program_id: p.id, user_id: u.id })));
    const graduate = people[0];

    // nobody has completed it yet: refused, nothing issued, no number taken
    const before = { count: await diplomaCount(), number: await register() };
    const none = await issue({ program_id: p.id, graduates_only: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().name).toBe('ERROR_ISSUE_NO_GRADUATES');
    expect((await issue({ group_id: groupId, graduates_only: true })).json().name).toBe('ERROR_ISSUE_GRADUATES');
    expect({ count: await diplomaCount(), number: await register() }).toEqual(before);

    await api.db.insert(events).values({ tenant_id: 1, user_id: graduate.id, kind: 'media_view', subject_type: 'media', subject_id: lesson.id });
    const named = await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: { program_id: p.id, graduates_only: true } });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.map((n: { user_id: number }) => n.user_id)).toEqual([graduate.id]);
    // the group's students, narrowed to the program's graduates
    const fromGroup = await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: { group_id: groupId, program_id: p.id, graduates_only: true } });
    expect(fromGroup.json().data.map((n: { user_id: number }) => n.user_id)).toEqual([graduate.id]);
    // without the switch, every student of the program
    const all = await api.call({ method: 'POST', url: '/admin/diploma_batch/names', token: admin, payload: { program_id: p.id } });
    expect(all.json().data).toHaveLength(people.length);

    const started = await issue({ program_id: p.id, graduates_only: true });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data.total).toBe(1);
    const b = await finished(started.json().data.id);
    expect(b.status).toBe('done');
    const issued = await api.db.select({ user_id: diplomas.user_id }).from(diplomas).where(eq(diplomas.program_id, p.id));
    expect(issued.map((d) => d.user_id)).toEqual([graduate.id]);
  });
});
