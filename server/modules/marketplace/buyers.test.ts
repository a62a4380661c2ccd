import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { programs, users } from '../../db/schema/index.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

/**
 * The specification's route table gives `marketplace, marketplace/found_cheaper, marketplace/{id}, marketplace/{id}/demo,
 * my LMS` to students, admins and superadmins (issue 29): an admin of north buys, has My LMS, a wallet and "found
 * cheaper"; trainers and curators still have none of it.
 */
describe('marketplace buyers: students, admins and superadmins', () => {
  let api: TestApi;
  let strategy: number;
  const get = (url: string, token: string) => api.call({ method: 'GET', url, token, tenant: 'north' });
  const post = (url: string, token: string, payload: object) => api.call({ method: 'POST', url, token, tenant: 'north', payload });

  beforeAll(async () => {
    api = await startTestApi();
    [{ id: strategy }] = await api.db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.title, 'Стратегический менеджмент'), eq(programs.tenant_id, 1)));
  });
  afterAll(() => api?.close());

  it('an admin has a wallet, My LMS and found-cheaper, and buys; a short wallet changes nothing', async () => {
    const admin = await api.login('admin', 'north');
    expect((await get('/api/marketplace/wallet', admin)).json().data).toMatchObject({ wallets: [], entries: [] });
    expect((await get('/api/marketplace/user', admin)).json().data).toEqual([]);
    const quote = (await get(`/api/marketplace/buyProgram/${strategy}?format=online&curr=USD`, admin)).json().data;
    expect(quote).toMatchObject({ amount: 4200, wallet_balance: 0, can_pay_by_wallet: false });
    const poor = await post(`/api/marketplace/buyProgram/${strategy}`, admin, { format: 'online', curr: 'USD' });
    expect([poor.statusCode, poor.json().name]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect((await get('/api/marketplace/user', admin)).json().data).toEqual([]);

    // the school's superadmin credits the admin's wallet (the marketplace's buyers, not only students)
    const superadmin = await api.login('superadmin', 'north');
    const [me] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.login, 'admin'), eq(users.tenant_id, 2)));
    expect((await post('/admin/marketplace/wallet', superadmin, { user_id: me.id, currency: 'USD', amount: 5000, reason: 'Бюджет на обучение' })).statusCode).toBe(201);
    const bought = await post(`/api/marketplace/buyProgram/${strategy}`, admin, { format: 'online', curr: 'USD' });
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await get('/api/marketplace/user', admin)).json().data).toMatchObject([{ program_id: strategy, school: 'Demo Business School' }]);
    expect((await get('/api/marketplace/wallet', admin)).json().data.wallets).toEqual([{ currency: 'USD', balance: 800 }]);

    const report = await post('/api/marketplace/found_cheaper', superadmin, { program_id: strategy, place: 'Elsewhere', price: 10, currency: 'RUB' });
    expect(report.statusCode).toBe(201);
    expect((await get('/api/marketplace/found_cheaper', superadmin)).json().data).toMatchObject([{ place: 'Elsewhere' }]);
  });

  it('trainers and curators have none of it', async () => {
    for (const role of ['trainer', 'moderator']) {
      const t = await api.login(role, 'north');
      for (const url of ['/api/marketplace/wallet', '/api/marketplace/user', '/api/marketplace/found_cheaper', `/api/marketplace/buyProgram/${strategy}?format=online&curr=USD`]) {
        const res = await get(url, t);
        expect([role, url, res.statusCode, res.json().name]).toEqual([role, url, 403, 'ERROR_ACCESS']);
      }
    }
  });
});
