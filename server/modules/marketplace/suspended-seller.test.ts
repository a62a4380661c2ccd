import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { marketPurchases, programs, tenants } from '../../db/schema/index.ts';
import { resumeSchool, suspendSchool } from '../../schools/schools.ts';

/**
 * A suspended seller (docs/operations.md "Suspension"): while the demo school is suspended, a north student's
 * catalogue shows none of its programs nor its ads, its program page is not found, and it cannot be bought (the wallet
 * is not touched, no purchase is written); once it is resumed, all of it is back and the purchase goes through.
 */
describe('marketplace: a suspended school sells nothing', () => {
  let api: TestApi;
  let student: string;
  let strategy: number;

  beforeAll(async () => {
    api = await startTestApi();
    const [demo] = await api.db.select().from(tenants).where(eq(tenants.slug, 'demo'));
    strategy = (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, 'Стратегический менеджмент'), eq(programs.tenant_id, demo.id)))
    )[0].id;
    student = await api.login('student', 'north');
  });
  afterAll(() => api.close());

  const get = (url: string) => api.call({ method: 'GET', url, token: student, tenant: 'north' });
  const buy = () => api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token: student, tenant: 'north', payload: { format: 'online', curr: 'USD' } });
  const schoolsShown = async () => {
    const body = (await get('/api/marketplace/program')).json();
    return { programs: body.data.map((p: { school: { slug: string } }) => p.school.slug), total: body.meta.total, ads: body.ads.length };
  };
  const balance = async () => (await get('/api/marketplace/wallet')).json().data.wallets;

  it('hides the listings and ads of a suspended school from other schools, refuses its purchase, and shows them again after resume', async () => {
    expect(await schoolsShown()).toEqual({ programs: ['demo', 'demo'], total: 2, ads: 1 });
    const wallet = await balance();

    await suspendSchool(api.db, 'demo');
    expect(await schoolsShown()).toEqual({ programs: [], total: 0, ads: 0 });
    expect((await get('/api/marketplace/program?school=demo')).json().data).toEqual([]);
    const page = await get(`/api/marketplace/program/${strategy}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().name).toBe('NOT_FOUND_PROGRAM');
    expect((await get(`/api/marketplace/buyProgram/${strategy}?format=online&curr=USD`)).statusCode).toBe(404);
    const refused = await buy();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().name).toBe('NOT_FOUND_PROGRAM');
    expect(await balance()).toEqual(wallet);
    expect(await api.db.select().from(marketPurchases)).toEqual([]);

    await resumeSchool(api.db, 'demo');
    expect(await schoolsShown()).toEqual({ programs: ['demo', 'demo'], total: 2, ads: 1 });
    const bought = await buy();
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data).toMatchObject({ program_id: strategy, status: 'active', school: 'Demo Business School' });
  });
});
