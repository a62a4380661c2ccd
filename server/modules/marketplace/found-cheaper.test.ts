import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { marketFoundCheaper, programs, tenants } from '../../db/schema/index.ts';

describe('marketplace "found cheaper" (issue 13 item 6)', () => {
  let api: TestApi;
  let demo: number;
  let north: number;
  let northStudent: string;
  let demoAdmin: string;
  let strategy: number;
  let marketing: number;

  const programId = async (title: string, tenantId: number) =>
    (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, title), eq(programs.tenant_id, tenantId)))
    )[0].id;
  const report = (token: string, payload: Record<string, unknown>, tenant = 'north') => api.call({ method: 'POST', url: '/api/marketplace/found_cheaper', token, tenant, payload });

  beforeAll(async () => {
    api = await startTestApi();
    const rows = await api.db.select().from(tenants);
    demo = rows.find((t) => t.slug === 'demo')!.id;
    north = rows.find((t) => t.slug === 'north')!.id;
    northStudent = await api.login('student', 'north');
    demoAdmin = await api.login('admin', 'demo');
    strategy = await programId('Стратегический менеджмент', demo);
    marketing = await programId('Маркетинг', demo);
  });
  afterAll(() => api.close());

  it("a student of north reports a lower price; it is kept in the selling school; the seller's admin answers; the student sees the answer", async () => {
    const place = `Coursera ${Date.now()}`;
    const created = await report(northStudent, { program_id: strategy, place, price: 1990.5, currency: 'USD', link: 'https://example.com/strategy', comment: 'Same syllabus' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ program: 'Стратегический менеджмент', school: 'Demo Business School', place, price: 1990.5, currency: 'USD', answer: null });
    // stored in the seller's school with the buyer's school and user as plain values
    const [row] = await api.db.select().from(marketFoundCheaper).where(eq(marketFoundCheaper.id, id));
    expect(row).toMatchObject({ tenant_id: demo, buyer_tenant_id: north, buyer_school: expect.any(String), program_id: strategy });

    const mine = (await api.call({ method: 'GET', url: '/api/marketplace/found_cheaper', token: northStudent, tenant: 'north' })).json().data;
    expect(mine.find((r: { id: number }) => r.id === id)).toMatchObject({ place, answer: null });

    const list = await api.call({ method: 'GET', url: '/admin/marketplace/found_cheaper', token: demoAdmin });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ current_page: 1 });
    expect(list.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({
      program: 'Стратегический менеджмент',
      place,
      price: 1990.5,
      link: 'https://example.com/strategy',
      comment: 'Same syllabus',
    });
    expect((await api.call({ method: 'GET', url: `/admin/marketplace/found_cheaper/${id}`, token: demoAdmin })).json().data.id).toBe(id);

    const answered = await api.call({ method: 'PUT', url: `/admin/marketplace/found_cheaper/${id}`, token: demoAdmin, payload: { answer: 'We give you 10 % off' } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ id, answer: 'We give you 10 % off', answered_at: expect.any(String) });
    const after = (await api.call({ method: 'GET', url: '/api/marketplace/found_cheaper', token: northStudent, tenant: 'north' })).json().data;
    expect(after.find((r: { id: number }) => r.id === id)).toMatchObject({ answer: 'We give you 10 % off', answered_at: expect.any(String) });
    // the POST twin of PUT
    expect((await api.call({ method: 'POST', url: `/admin/marketplace/found_cheaper/${id}`, token: demoAdmin, payload: { _method: 'PUT', answer: 'Updated' } })).json().data.answer).toBe('Updated');
  });

  it("refused roles; another school's ids; another student does not see the request", async () => {
    const id = (await report(northStudent, { program_id: strategy, place: 'Elsewhere', price: 10, currency: 'RUB' })).json().data.id;
    // admins and superadmins report too (the route table's marketplace roles: marketplace/buyers.test.ts)
    for (const role of ['trainer', 'moderator']) {
      const t = await api.login(role, 'north');
      expect((await report(t, { program_id: strategy, place: 'x', price: 1, currency: 'RUB' })).json().name).toBe('ERROR_ACCESS');
      expect((await api.call({ method: 'GET', url: '/api/marketplace/found_cheaper', token: t, tenant: 'north' })).statusCode).toBe(403);
    }
    for (const role of ['trainer', 'moderator', 'student']) {
      const t = await api.login(role, 'demo');
      expect((await api.call({ method: 'GET', url: '/admin/marketplace/found_cheaper', token: t })).statusCode).toBe(403);
      expect((await api.call({ method: 'PUT', url: `/admin/marketplace/found_cheaper/${id}`, token: t, payload: { answer: 'no' } })).json().name).toBe('ERROR_ACCESS');
    }
    // north's admin: the request is demo's, not north's
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: '/admin/marketplace/found_cheaper', token: northAdmin, tenant: 'north' })).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await api.call({ method: 'GET', url: `/admin/marketplace/found_cheaper/${id}`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/found_cheaper/${id}`, token: northAdmin, tenant: 'north', payload: { answer: 'no' } })).statusCode).toBe(404);
    const [row] = await api.db.select().from(marketFoundCheaper).where(eq(marketFoundCheaper.id, id));
    expect(row.answer).toBeNull();
    // demo's own student does not see north's student's requests
    const demoStudent = await api.login('student', 'demo');
    expect((await api.call({ method: 'GET', url: '/api/marketplace/found_cheaper', token: demoStudent })).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('bad input: price <= 0, unknown program, unpublished program, missing place, bad link, empty answer', async () => {
    const good = { program_id: strategy, place: 'x', price: 5, currency: 'RUB' };
    expect((await report(northStudent, { ...good, price: 0 })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, price: -3 })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, program_id: 999999 })).json()).toMatchObject({ errors: { program_id: ['validation.choice'] } });
    expect((await report(northStudent, { ...good, program_id: 999999 })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, program_id: marketing })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, place: '' })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, link: 'javascript:alert(1)' })).statusCode).toBe(422);
    expect((await report(northStudent, { ...good, currency: 'XXX' })).statusCode).toBe(422);
    expect(await api.db.select().from(marketFoundCheaper).where(eq(marketFoundCheaper.program_id, marketing))).toEqual([]);
    const id = (await report(northStudent, good)).json().data.id;
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/found_cheaper/${id}`, token: demoAdmin, payload: { answer: '   ' } })).statusCode).toBe(422);
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/found_cheaper/${id}`, token: demoAdmin, payload: {} })).statusCode).toBe(422);
  });
});
