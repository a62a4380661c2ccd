import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

/**
 * The curator's networking list (issue 29): every listed member opens, staff and users who never opened networking
 * included (a minimal page), and a marketplace learner account shows its buyer's school instead of its made-up address.
 */
describe("networking: every member of the curator's list opens", () => {
  let api: TestApi;
  let moderator: string;

  beforeAll(async () => {
    api = await startTestApi();
    moderator = await api.login('moderator');
  });
  afterAll(() => api?.close());

  type Row = { id: number; email: string | null; buyer_school: string | null; status: string; surname: string };
  const rows = async (): Promise<Row[]> => (await api.call({ method: 'GET', url: '/admin/networking/curator?per_page=100', token: moderator })).json().data;
  const page = (id: number, domain = 'demo') => api.call({ method: 'GET', url: `/admin/networking/curator/${domain}/${id}`, token: moderator });

  it('opens every listed member: a profile’s page, or a minimal one for a user who never opened networking', async () => {
    // a marketplace buyer of north studies a demo program: their learner account in demo (the seller)
    const north = await api.login('student', 'north');
    const listing = (await api.call({ method: 'GET', url: '/api/marketplace/program?q=Стратегический', token: north, tenant: 'north' })).json().data[0];
    const bought = await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${listing.id}`, token: north, tenant: 'north', payload: { format: 'online', curr: 'USD', method: 'wallet' } });
    expect(bought.statusCode, bought.body).toBeLessThan(300);

    const list = await rows();
    expect(list.length).toBeGreaterThan(5);
    for (const r of list) {
      const res = await page(r.id);
      expect(res.statusCode, `${r.surname} (${r.id})`).toBe(200);
      expect(res.json().data).toMatchObject({ id: r.id, domain: 'demo', status: r.status });
    }
    // a user made today, who never opened networking: a minimal page, off, with what the school holds
    const admin = await api.login('admin');
    const made = await api.call({
      method: 'POST',
      url: '/admin/user',
      token: admin,
      payload: { login: 'new.trainer', email: 'new.trainer@demo.test', password: 'Start12345', name: 'Нина', surname: 'Новикова', role: 'trainer' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    expect((await rows()).some((r) => r.id === id)).toBe(true);
    const minimal = (await page(id)).json().data;
    expect(minimal).toMatchObject({ status: 'off', surname: 'Новикова', name: 'Нина', company: null, catalog: [] });
    expect(minimal.contacts.email).toBe('new.trainer@demo.test');
  });

  it('a marketplace learner account shows its buyer’s school, never its made-up address', async () => {
    const learner = (await rows()).find((r) => r.buyer_school);
    expect(learner).toBeDefined();
    expect(learner!.buyer_school).toBe('North School of Management');
    expect(learner!.email).toBeNull();
    const data = (await page(learner!.id)).json().data;
    expect(data.buyer_school).toBe('North School of Management');
    expect(JSON.stringify(data)).not.toContain('marketplace.invalid');
  });

  it('a user of no row, or of another school, is still not found', async () => {
    expect((await page(2147483000)).json().name).toBe('NOT_FOUND_MEMBER');
    const [northStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.login, 'student'), eq(users.tenant_id, 2)));
    expect((await page(northStudent.id)).statusCode).toBe(404);
  });
});
