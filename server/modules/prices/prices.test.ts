import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { prices, programs } from '../../db/schema/index.ts';

describe('/admin/price', () => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it("creates, lists, edits and deletes prices of the school's programs", async () => {
    const [program] = await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).limit(1);
    const res = await api.call({ method: 'POST', url: '/admin/price', token: admin, payload: { program_id: program.id, title: 'Очно', format: 'full-time', currency: 'RUR', amount: 500000 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ currency: 'RUB', amount: 500000, extra_amount: 0 });
    const id = res.json().data.id;
    expect((await api.call({ method: 'GET', url: '/admin/price?q=Очно', token: admin })).json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await api.call({ method: 'PUT', url: `/admin/price/${id}`, token: admin, payload: { amount: 450000 } })).json().data.amount).toBe(450000);
    expect((await api.call({ method: 'DELETE', url: `/admin/price/${id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/price/${id}`, token: admin })).json().name).toBe('NOT_FOUND_PRICE');
  });

  it('refuses bad input, other roles and other schools', async () => {
    const [northProgram] = await api.db.select().from(programs).where(eq(programs.tenant_id, 2)).limit(1);
    const foreign = await api.call({ method: 'POST', url: '/admin/price', token: admin, payload: { program_id: northProgram.id, title: 'x', format: 'online', currency: 'USD', amount: 1 } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.program_id).toEqual(['validation.choice']);
    const bad = await api.call({ method: 'POST', url: '/admin/price', token: admin, payload: { program_id: 1, title: 'x', format: 'weekly', currency: 'GBP', amount: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'currency', 'format']);
    expect((await api.call({ method: 'GET', url: '/admin/price', token: await api.login('trainer') })).statusCode).toBe(403);
    const [northPrice] = await api.db.select().from(prices).where(eq(prices.tenant_id, 2)).limit(1);
    expect((await api.call({ method: 'PUT', url: `/admin/price/${northPrice.id}`, token: admin, payload: { amount: 1 } })).statusCode).toBe(404);
  });

  it("writes only the price's own fields: a school id in the body is ignored", async () => {
    const [program] = await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).limit(1);
    const res = await api.call({
      method: 'POST',
      url: '/admin/price',
      token: admin,
      payload: { program_id: program.id, title: 'Smuggled', format: 'online', currency: 'USD', amount: 1, tenant_id: 2 },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await api.db.select().from(prices).where(eq(prices.id, res.json().data.id));
    expect(row.tenant_id).toBe(1);
  });
});
