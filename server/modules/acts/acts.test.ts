import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { diplomas, paymentItems, paymentPlans, programUsers, programs, users } from '../../db/schema/index.ts';

describe('/admin/{user_id}/getInfoAct', () => {
  let api: TestApi;
  let admin: string;
  let userId: number;
  let programId: number;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const [u] = await api.db.insert(users).values({ tenant_id: 1, login: 'act-1', email: 'act1@demo.test', password_hash: 'x', role: 'student', name: 'Ирина', surname: 'Актова' }).returning();
    userId = u.id;
    const [p] = await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).orderBy(asc(programs.id)).limit(1);
    programId = p.id;
    await api.db.insert(programUsers).values({ tenant_id: 1, program_id: p.id, user_id: u.id });
    const [plan] = await api.db.insert(paymentPlans).values({ tenant_id: 1, user_id: u.id, program_id: p.id, format: 'online', months: 6, currency: 'RUB', total: 90000 }).returning();
    await api.db.insert(paymentItems).values([
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2026-02-01', amount: 15000, currency: 'RUB', paid: true, paid_at: new Date('2026-01-30T10:00:00Z') },
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2026-03-01', amount: 15000.5, currency: 'RUB', paid: true, paid_at: new Date('2026-03-01T10:00:00Z') },
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2026-04-01', amount: 15000, currency: 'RUB' },
    ]);
    await api.db
      .insert(diplomas)
      .values({ tenant_id: 1, user_id: u.id, program_id: p.id, name_nominative: 'Актова Ирина', registration_number: 'ACT-T-1', date_start: '2026-01-15', date_end: '2026-05-31' });
  });
  afterAll(() => api.close());

  it("answers the act's data: the program with its dates and amounts paid, totals and the school's company", async () => {
    const res = await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a.student).toMatchObject({ id: userId, name: 'Актова Ирина', email: 'act1@demo.test' });
    expect(a.company).toMatchObject({ full_name: 'АНО ДПО «Демо бизнес-школа»', inn: '7703000018' });
    expect(a.programs).toHaveLength(1);
    expect(a.programs[0]).toMatchObject({
      program_id: programId,
      completed: true,
      date_start: '2026-01-15',
      date_end: '2026-05-31',
      paid: [{ currency: 'RUB', amount: 30000.5 }],
      due: [{ currency: 'RUB', amount: 15000 }],
    });
    expect(a.total_paid).toEqual([{ currency: 'RUB', amount: 30000.5 }]);
    expect(a.act_number).toMatch(new RegExp(`^${userId}-\\d{8}$`));
  });

  it('answers the act as a PDF, in the built-in layout and from a school template that uses {{services}}', async () => {
    const pdf = await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct?format=pdf`, token: admin, headers: { 'accept-language': 'en' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(decodeURIComponent(String(pdf.headers['content-disposition']))).toContain(`Act ${userId}-`);
    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: { title: 'Акт', kind: 'document', body: 'Акт № {{act_number}} от {{date}}\n{{company_details}}\nЗаказчик: {{name}}\n{{services}}\nИтого: {{amount_paid}}' },
    });
    expect(t.statusCode, t.body).toBe(201);
    const fromTemplate = await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct?format=pdf`, token: admin });
    expect(fromTemplate.statusCode).toBe(200);
    expect(fromTemplate.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // a template that needs a diploma's value cannot make an act: the generation error names it
    const diplomaTemplate = (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'D', body: '{{name}} {{hours}}' } })).json().data;
    const refused = await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct?format=pdf&template_id=${diplomaTemplate.id}`, token: admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ name: 'ERROR_GENERATION_CONFIG', variables: { fields: 'hours' } });
  });

  it("refuses other roles, another school's student, a non-student and bad input", async () => {
    for (const role of ['moderator', 'trainer', 'student']) {
      const res = await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct`, token: await api.login(role) });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().name).toBe('ERROR_ACCESS');
    }
    expect((await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct` })).statusCode).toBe(401);
    const [northStudent] = await api.db.select().from(users).where(eq(users.email, 'student@north.test'));
    expect((await api.call({ method: 'GET', url: `/admin/${northStudent.id}/getInfoAct`, token: admin })).json().name).toBe('USER_DOES_NOT_EXIST');
    const [demoAdmin] = await api.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect((await api.call({ method: 'GET', url: `/admin/${demoAdmin.id}/getInfoAct`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/abc/getInfoAct', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct?format=docx`, token: admin })).statusCode).toBe(422);
    const [northTemplateOwner] = await api.db.select().from(users).where(eq(users.email, 'admin@north.test'));
    expect(northTemplateOwner).toBeDefined();
    const northT = (await api.call({ method: 'POST', url: '/admin/template', token: await api.login('admin', 'north'), tenant: 'north', payload: { title: 'N', body: '{{services}}' } })).json().data;
    expect((await api.call({ method: 'GET', url: `/admin/${userId}/getInfoAct?format=pdf&template_id=${northT.id}`, token: admin })).json().name).toBe('NOT_FOUND_TEMPLATE');
  });
});
