import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { paymentItems, prices } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';

describe('payments', () => {
  let api: TestApi;
  let student: string;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('answers prices, the schedule with paid and unpaid items and totals, and the plan', async () => {
    const p = (await api.call({ method: 'GET', url: '/api/price', token: student })).json();
    expect(p.data.map((x: { format: string; currency: string; amount: number }) => [x.format, x.currency, x.amount])).toEqual([
      ['blended', 'RUB', 360000],
      ['online', 'USD', 4200],
      ['online', 'USD', 6000],
    ]); // the third: the marketplace's Finance (server/modules/marketplace/seed.ts)
    expect(p.meta).toEqual({ instalments: [6, 12, 18, 24, 36], currencies: ['RUB', 'USD', 'EURO'] });
    const [plan] = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data;
    expect(plan).toMatchObject({
      months: 12,
      currency: 'RUB',
      program: 'Стратегический менеджмент',
      totals: { main: 360000, main_paid: 90000, main_due: 270000, extra: 24000, extra_paid: 0, extra_due: 24000 },
    });
    expect(plan.items).toHaveLength(13);
    expect(plan.items.filter((i: { paid: boolean }) => i.paid).map((i: { due_date: string }) => i.due_date)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    const [got] = (await api.call({ method: 'GET', url: '/api/user/getPlan', token: student })).json().data;
    expect(got).toMatchObject({ months: 12, total: 360000, extra_total: 24000 });
    expect(got.items).toBeUndefined();
    // the trainer may open the section; it is empty for them; moderators may not
    expect((await api.call({ method: 'GET', url: '/api/dataPayment', token: await api.login('trainer') })).json().data).toEqual([]);
    expect((await api.call({ method: 'GET', url: '/api/price', token: await api.login('moderator') })).statusCode).toBe(403);
  });

  it("marks unpaid items past their due date overdue (the server's date), and counts them", async () => {
    const [plan] = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data;
    // nothing is overdue yet in the demo plan (only unpaid items before today are)
    const today = new Date().toISOString().slice(0, 10);
    expect(plan.items.filter((i: { overdue: boolean }) => i.overdue).map((i: { due_date: string }) => i.due_date)).toEqual(
      plan.items.filter((i: { paid: boolean; due_date: string }) => !i.paid && i.due_date < today).map((i: { due_date: string }) => i.due_date),
    );
    expect(plan.items.filter((i: { paid: boolean; overdue: boolean }) => i.paid && i.overdue)).toEqual([]);
    // an unpaid item due yesterday is overdue; paid it is not
    const unpaid = plan.items.find((i: { paid: boolean; kind: string }) => !i.paid && i.kind === 'main');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = unpaid.due_date;
    await api.db.update(paymentItems).set({ due_date: yesterday }).where(eq(paymentItems.id, unpaid.id));
    try {
      const [late] = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data;
      expect(late.items.find((i: { id: number }) => i.id === unpaid.id)).toMatchObject({ overdue: true, paid: false });
      expect(late.totals.overdue).toBeGreaterThanOrEqual(1);
      await api.db.update(paymentItems).set({ paid: true }).where(eq(paymentItems.id, unpaid.id));
      const [paid] = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data;
      expect(paid.items.find((i: { id: number }) => i.id === unpaid.id)).toMatchObject({ overdue: false, paid: true });
      expect(paid.totals.overdue).toBe(late.totals.overdue - 1);
    } finally {
      await api.db.update(paymentItems).set({ due_date: before, paid: false }).where(eq(paymentItems.id, unpaid.id));
    }
  });

  it('keeps schools apart', async () => {
    const north = await api.login('student', 'north');
    expect((await api.call({ method: 'GET', url: '/api/dataPayment', token: north })).statusCode).toBe(401);
    const northPlan = (await api.call({ method: 'GET', url: '/api/dataPayment', token: north, tenant: 'north' })).json().data;
    expect(northPlan).toHaveLength(1);
    const ownPlan = (await api.call({ method: 'GET', url: '/api/dataPayment', token: student })).json().data;
    expect(northPlan[0].id).not.toBe(ownPlan[0].id);
    expect(northPlan[0].items.every((i: { plan_id: number }) => i.plan_id === northPlan[0].id)).toBe(true);
  });

  it("makes a real PDF invoice in the user's language, RUR read as RUB", async () => {
    const [price] = await api.db
      .select()
      .from(prices)
      .where(and(eq(prices.tenant_id, 1), eq(prices.format, 'blended')));
    const res = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=blended&curr=RUR`, token: student });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(5000); // the embedded Cyrillic font
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`filename\\*=UTF-8''${encodeURIComponent('Счёт')}%20DEMO-\\d+-${price.id}-\\d{8}\\.pdf$`));
    const en = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=blended&curr=RUB`, token: student, headers: { 'accept-language': 'en' } });
    expect(String(en.headers['content-disposition'])).toContain("filename*=UTF-8''Invoice%20DEMO-");
  });

  it("refuses an invoice with missing or mismatched parameters, or another school's price", async () => {
    const [price] = await api.db
      .select()
      .from(prices)
      .where(and(eq(prices.tenant_id, 1), eq(prices.format, 'blended')));
    const missing = await api.call({ method: 'GET', url: '/api/document/generation/schet?format=blended', token: student });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ name: 'ERROR_GENERATION_PARAMS', variables: { missing: ['program_store', 'curr'] } });
    expect((await api.call({ method: 'GET', url: '/api/document/generation/schet?program_store=abc&format=blended&curr=RUB', token: student })).json().errors).toHaveProperty('program_store');
    const mismatch = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=online&curr=RUB`, token: student });
    expect([mismatch.statusCode, mismatch.json().name]).toEqual([422, 'ERROR_PAYMENT_CURRENCY']);
    expect((await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=blended&curr=USD`, token: student })).json().name).toBe('ERROR_PAYMENT_CURRENCY');
    const [northPrice] = await api.db.select().from(prices).where(eq(prices.tenant_id, 2));
    const cross = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${northPrice.id}&format=blended&curr=RUB`, token: student });
    expect([cross.statusCode, cross.json().name]).toEqual([404, 'NOT_FOUND_PROGRAM_IN_SCHEDULE']);
  });

  it('refuses the whole section when the school switches payments off', async () => {
    await setAccessFlag(api.app.schoolDb(1), 'payment', false);
    api.app.forgetTenantCaches();
    try {
      for (const url of ['/api/price', '/api/dataPayment', '/api/user/getPlan', '/api/document/generation/schet?program_store=1&format=blended&curr=RUB']) {
        const res = await api.call({ method: 'GET', url, token: student });
        expect([res.statusCode, res.json().name], url).toEqual([403, 'ERROR_ACCESS']);
      }
      const north = await api.login('student', 'north');
      expect((await api.call({ method: 'GET', url: '/api/price', token: north, tenant: 'north' })).statusCode).toBe(200); // the other school is unaffected
    } finally {
      await setAccessFlag(api.app.schoolDb(1), 'payment', true);
      api.app.forgetTenantCaches();
    }
  });
});
