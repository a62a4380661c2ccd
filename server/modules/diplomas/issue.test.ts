import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { diplomas, groupUsers, groups, numberRegisters, users } from '../../db/schema/index.ts';
import { tenantRoot } from '../../core/storage.ts';

describe('declension, numbering registers, bulk issue, verification', () => {
  let api: TestApi;
  let admin: string;
  let studentId: number;
  let northStudentId: number;
  let templateId: number;
  const pending: number[] = [];

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
    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: {
        title: 'Удостоверение',
        number_prefix: 'УД',
        layout: {
          page: { size: 'A4', orientation: 'portrait' },
          blocks: [
            { type: 'text', x: 20, y: 40, width: 170, text: 'Выдано {{name_dative}}, № {{registration_number}}, код {{verify_code}}' },
            { type: 'qr', x: 160, y: 250, size: 30 },
          ],
        },
      },
    });
    expect(t.statusCode, t.body).toBe(201);
    templateId = t.json().data.id;
  }, 180_000);
  afterAll(() => api?.close(), 120_000);

  const issue = (payload: Record<string, unknown>) =>
    api.call({ method: 'POST', url: '/admin/diploma_batch', token: admin, payload: { template_id: templateId, hours: 72, date_issue: '2026-07-01', ...payload } });
  const finished = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const b = (await api.call({ method: 'GET', url: `/admin/diploma_batch/${id}`, token: admin })).json().data;
      if (b.status === 'done') return b;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`batch ${id} did not finish`);
  };
  const decline = (payload: Record<string, unknown>) => api.call({ method: 'POST', url: '/admin/diploma/declension', token: admin, payload });

  it('proposes the genitive and dative of Russian names, irregular ones too; a name it cannot decline keeps the typed form', async () => {
    const cases = async (payload: Record<string, unknown>) => {
      const res = await decline(payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    // a female surname in a consonant does not change; Любовь loses nothing but its ending
    expect(await cases({ full_name: 'Шевчук Любовь Петровна' })).toEqual({
      nominative: 'Шевчук Любовь Петровна',
      genitive: 'Шевчук Любови Петровны',
      dative: 'Шевчук Любови Петровне',
      declined: true,
    });
    // a fleeting vowel (Павел → Павла), a male name in -а (Никита), Ильич
    expect(await cases({ surname: 'Кох', name: 'Никита', patronymic: 'Ильич' })).toMatchObject({ genitive: 'Коха Никиты Ильича', dative: 'Коху Никите Ильичу' });
    expect(await cases({ full_name: 'Соколов Павел Андреевич' })).toMatchObject({ genitive: 'Соколова Павла Андреевича', dative: 'Соколову Павлу Андреевичу' });
    // the sex tells the case when there is no patronymic
    expect(await cases({ surname: 'Иванова', name: 'Анна', sex: 'female' })).toMatchObject({ genitive: 'Ивановой Анны', dative: 'Ивановой Анне' });
    // neither sex nor patronymic: the typed forms stay (else the nominative), declined false
    expect(await cases({ surname: 'Ли', name: 'Саша', genitive: 'Ли Саши' })).toEqual({ nominative: 'Ли Саша', genitive: 'Ли Саши', dative: 'Ли Саша', declined: false });
    expect(await cases({ full_name: 'Smith John' })).toMatchObject({ genitive: 'Smith John', declined: false });
    // from a user's record; another school's user is not found; nothing to decline is a 422
    expect((await cases({ user_id: studentId })).declined).toBeTypeOf('boolean');
    expect((await decline({ user_id: northStudentId })).statusCode).toBe(404);
    expect((await decline({})).statusCode).toBe(422);
  });

  it('gives 20 parallel issues 20 different numbers in order of the register, and the student gets each document', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => issue({ user_ids: [studentId] })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(202);
    const ids = answers.map((a) => a.json().data.diploma_ids[0]);
    pending.push(...answers.map((a) => a.json().data.id));
    const rows = await api.db.select({ n: diplomas.registration_number }).from(diplomas).where(inArray(diplomas.id, ids));
    const numbers = rows.map((r) => r.n).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `УД-2026-${String(i + 1).padStart(4, '0')}`));
    for (const b of answers) await finished(b.json().data.id);
    const student = await api.login('student');
    const mine = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data;
    expect(mine.filter((d: { title: string }) => d.title.startsWith('Удостоверение № УД-2026-')).length).toBe(20);
    const reg = (await api.call({ method: 'GET', url: '/admin/number_register', token: admin })).json().data;
    expect(reg).toContainEqual(expect.objectContaining({ template_id: templateId, year: 2026, last_number: 20, next: 'УД-2026-0021' }));
  }, 240_000);

  it("refuses a register collision, another school's student and an empty selection: nothing issued", async () => {
    const before = (await api.db.select({ id: diplomas.id }).from(diplomas)).length;
    // a diploma typed by hand with the number the register gives next
    const typed = await api.call({ method: 'POST', url: '/admin/diploma', token: admin, payload: { user_id: studentId, name_nominative: 'Студентов Алексей', registration_number: 'УД-2026-0021' } });
    expect(typed.statusCode, typed.body).toBe(201);
    const collide = await issue({ user_ids: [studentId] });
    expect(collide.statusCode).toBe(409);
    expect(collide.json()).toMatchObject({ name: 'ERROR_REGISTER_COLLISION', variables: { numbers: 'УД-2026-0021' } });
    const [reg] = await api.db.select().from(numberRegisters).where(eq(numberRegisters.template_id, templateId));
    expect(reg.last_number).toBe(20); // the refused issue took nothing
    // setting the register onto a taken number is refused; past it, issues go on
    expect((await api.call({ method: 'PUT', url: '/admin/number_register', token: admin, payload: { template_id: templateId, year: 2026, next_number: 21 } })).statusCode).toBe(409);
    expect((await api.call({ method: 'PUT', url: '/admin/number_register', token: admin, payload: { template_id: templateId, year: 2026, next_number: 22 } })).json().data.next).toBe('УД-2026-0022');

    const foreign = await issue({ user_ids: [studentId, northStudentId] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ name: 'ERROR_ISSUE_OTHER_SCHOOL', variables: { ids: String(northStudentId) } });
    expect((await issue({ user_ids: [] })).json().name).toBe('ERROR_ISSUE_STUDENTS');
    expect((await issue({ user_ids: [studentId], template_id: 999999 })).statusCode).toBe(404);
    expect((await api.db.select({ id: diplomas.id }).from(diplomas)).length).toBe(before + 1);
  });

  it('issues to a group in the background: one failing student is listed, the others get their PDF and mail, the ZIP holds them', async () => {
    const people = [
      { login: 'issue-a', surname: 'Орлова', name: 'Любовь', patronymic: 'Петровна', sex: 'female' as const },
      { login: 'issue-b', surname: 'Соколов', name: 'Павел', patronymic: 'Андреевич', sex: 'male' as const },
      { login: 'issue-c', surname: 'Кох', name: 'Никита', patronymic: 'Ильич', sex: 'male' as const },
    ];
    const made = await api.db
      .insert(users)
      .values(people.map((p) => ({ ...p, tenant_id: 1, email: `${p.login}@demo.test`, password_hash: 'x', role: 'student' as const })))
      .returning({ id: users.id, login: users.login });
    const [g] = await api.db.insert(groups).values({ tenant_id: 1, title: 'Выпуск 2026' }).returning();
    await api.db.insert(groupUsers).values(made.map((u) => ({ tenant_id: 1, group_id: g.id, user_id: u.id })));
    // the third student's documents folder cannot be made: a file stands where it would be
    const failing = made[2].id;
    const root = tenantRoot(api.config.dataDir, 'demo');
    mkdirSync(join(root, 'documents'), { recursive: true });
    writeFileSync(join(root, 'documents', String(failing)), 'in the way');
    const outbox = join(api.config.dataDir, 'outbox', 'demo');
    const mailsBefore = readdirSync(outbox, { withFileTypes: true }).length;

    const started = await issue({ group_id: g.id, names: [{ user_id: made[1].id, name_genitive: 'Соколова Павла Андреевича', name_dative: 'Соколову Павлу Андреевичу (исправлено)' }] });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ status: 'running', total: 3 });
    const b = await finished(started.json().data.id);
    expect(b).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
    expect(b.failures).toEqual([expect.objectContaining({ user_id: failing, name: 'Кох Никита Ильич' })]);

    const ds = await api.db.select().from(diplomas).where(inArray(diplomas.id, b.diploma_ids));
    expect(ds.find((d) => d.user_id === made[0].id)).toMatchObject({ name_nominative: 'Орлова Любовь Петровна', name_dative: 'Орловой Любови Петровне' });
    expect(ds.find((d) => d.user_id === made[1].id)?.name_dative).toBe('Соколову Павлу Андреевичу (исправлено)');

    const mails = readdirSync(outbox).slice(mailsBefore);
    const texts = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    expect(mails.length).toBe(2);
    expect(texts.filter((t) => t.includes('issue-a@demo.test') || t.includes('issue-b@demo.test')).length).toBe(2);

    const zip = await api.call({ method: 'GET', url: b.zip_url, token: admin });
    expect(zip.statusCode).toBe(200);
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const names = ds.filter((d) => d.user_id !== failing).map((d) => d.registration_number);
    for (const n of names) expect(bytes.includes(Buffer.from(n))).toBe(true);
    expect(bytes.includes(Buffer.from(ds.find((d) => d.user_id === failing)?.registration_number ?? '-'))).toBe(false);
  }, 120_000);

  it('has a public verification page by QR address or short code, revocation, and a signed W3C credential', async () => {
    const started = await issue({ user_ids: [studentId] });
    const b = await finished(started.json().data.id);
    const diploma = (await api.call({ method: 'GET', url: `/admin/diploma/${b.diploma_ids[0]}`, token: admin })).json().data;
    const doc = diploma.documents[0];
    expect(doc.verify_code).toMatch(/^[0-9A-Z]{10}$/);
    const code: string = doc.verify_code;

    // no sign-in: the school, the name, the number, the status; nothing else (no login, no e-mail)
    const page = await api.call({ method: 'GET', url: `/api/verify/${code}?domain=demo&lang=ru` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Документ действителен');
    expect(page.body).toContain(diploma.registration_number);
    expect(page.body).toContain(diploma.name_nominative);
    expect(page.body).toContain('01.07.2026');
    expect(page.body).not.toContain('student@demo.test');
    // the short code typed by hand: lower case, with a dash
    const typed = await api.call({ method: 'GET', url: `/api/verify?domain=demo&code=${code.slice(0, 5).toLowerCase()}-${code.slice(5).toLowerCase()}` });
    expect(typed.statusCode).toBe(303);
    expect(typed.headers.location).toBe(`/api/verify/${code}?domain=demo`);
    // a reader asking the page for JSON is sent on to the facts' own route
    const asked = await api.call({ method: 'GET', url: `/api/verify/${code}?domain=demo&format=json` });
    expect([asked.statusCode, asked.headers.location]).toEqual([303, `/api/verify/${code}/status?domain=demo`]);
    const json = await api.call({ method: 'GET', url: `/api/verify/${code}/status?domain=demo` });
    expect(json.json().data).toMatchObject({ status: 'valid', registration_number: diploma.registration_number, school: expect.any(String), date_issue: '2026-07-01' });
    const en = await api.call({ method: 'GET', url: `/api/verify/${code}?domain=demo`, headers: { 'accept-language': 'en' } });
    expect(en.body).toContain('The document is valid');
    const missing = await api.call({ method: 'GET', url: '/api/verify/ZZZZZZZZZZ?domain=demo' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('не найден');
    // another school does not know the code
    expect((await api.call({ method: 'GET', url: `/api/verify/${code}/status?domain=north`, tenant: 'north' })).statusCode).toBe(404);

    // the credential: vc+jwt, signed with the school's key (the achievements' one), checked by the API
    const vc = await api.call({ method: 'GET', url: `/api/verify/${code}/credential?domain=demo` });
    expect(vc.statusCode).toBe(200);
    expect(vc.headers['content-type']).toContain('application/vc+jwt');
    const payload = decodeJwt(vc.body) as { type: string[]; credentialSubject: { name: string; achievement: { name: string } } };
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload.credentialSubject.name).toBe(diploma.name_nominative);
    expect(payload.credentialSubject.achievement.name).toContain(diploma.registration_number);
    const keys = (await api.call({ method: 'GET', url: '/api/credential/keys?domain=demo' })).json().keys;
    expect(keys.map((k: { kid: string }) => k.kid)).toContain(JSON.parse(Buffer.from(vc.body.split('.')[0], 'base64url').toString()).kid);
    const check = (credential: string) => api.call({ method: 'POST', url: '/api/verify/credential?domain=demo', payload: { credential } });
    expect((await check(vc.body)).json().data).toMatchObject({ signature: true, status: 'valid' });
    const forged = vc.body.replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify({ ...payload, name: 'Forged' })).toString('base64url')}.`);
    expect((await check(forged)).json().data).toMatchObject({ signature: false, status: null });

    // revoked: the page and the credential's status say so at once; restored: valid again
    const revoked = await api.call({ method: 'PUT', url: `/admin/diploma_documents/${doc.id}/revocation`, token: admin, payload: { revoked: true, reason: 'Ошибка в фамилии' } });
    expect(revoked.json().data).toMatchObject({ revoked_reason: 'Ошибка в фамилии', revoked_at: expect.any(String) });
    const after = await api.call({ method: 'GET', url: `/api/verify/${code}?domain=demo&lang=ru` });
    expect(after.body).toContain('Документ отозван');
    expect(after.body).not.toContain('Ошибка в фамилии');
    expect((await check(vc.body)).json().data).toMatchObject({ signature: true, status: 'revoked' });
    await api.call({ method: 'PUT', url: `/admin/diploma_documents/${doc.id}/revocation`, token: admin, payload: { revoked: false } });
    expect((await api.call({ method: 'GET', url: `/api/verify/${code}/status?domain=demo` })).json().data.status).toBe('valid');
    const student = await api.login('student');
    expect((await api.call({ method: 'PUT', url: `/admin/diploma_documents/${doc.id}/revocation`, token: student, payload: { revoked: true } })).statusCode).toBe(403);
  }, 120_000);
});
