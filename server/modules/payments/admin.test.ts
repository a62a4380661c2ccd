import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { paymentItems, paymentPlans, programs, users } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';
import { checkSchedule } from './rules.ts';

type Item = { id: number; kind: string; due_date: string; amount: number; paid: boolean; overdue: boolean; comment: string | null };

describe('payment schedules in the back office', () => {
  let api: TestApi;
  let admin: string;
  let studentId: number;
  let trainerId: number;
  let finance: number; // a demo program the student has no schedule for
  let strategy: number; // the program of the demo schedule
  const userId = async (login: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(users)
        .where(and(eq(users.login, login), eq(users.tenant_id, tenantId)))
    )[0].id;
  const programId = async (title: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, title), eq(programs.tenant_id, tenantId)))
    )[0].id;

  /** A 6-month RUB schedule of 6 × 10 000 with an extra 3 000 RUB on the first date. */
  const schedule = (over: Record<string, unknown> = {}, rows?: Record<string, unknown>[]) => ({
    user_id: studentId,
    plan: { program_id: finance, months: 6, currency: 'RUB', extra_currency: 'RUB', total: 60000, extra_total: 3000, ...over },
    items: rows ?? Array.from({ length: 6 }, (_, i) => ({ date: `2099-0${i + 1}-15`, sum: 10000, extra_sum: i === 0 ? 3000 : 0, currency: 'RUB', extra_currency: 'RUB' })),
  });
  const check = (payload: unknown, token = admin, tenant = 'demo') => api.call({ method: 'POST', url: '/admin/checkPayment', token, tenant, payload: payload as object });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    studentId = await userId('student');
    trainerId = await userId('trainer');
    finance = await programId('Финансы для руководителей');
    strategy = await programId('Стратегический менеджмент');
  }, 180_000);
  afterAll(() => api.close());

  it("shows a student's plan with items, editor rows, overdue marks and totals", async () => {
    const res = await api.call({ method: 'GET', url: `/admin/user/${studentId}/getPlan`, token: admin });
    expect(res.statusCode).toBe(200);
    const [plan] = res.json().data;
    expect(plan).toMatchObject({ program_id: strategy, months: 12, currency: 'RUB', total: 360000, extra_total: 24000, totals: { main: 360000, main_paid: 90000, extra_due: 24000 } });
    expect(plan.items).toHaveLength(13);
    // 13 items, 12 dates: the extra item shares the row of 2026-10-01
    expect(plan.rows).toHaveLength(12);
    expect(plan.rows[1]).toMatchObject({ date: '2026-10-01', sum: 30000, extra_sum: 24000, paid: true, extra_paid: false });
    expect(res.json().meta).toEqual({ instalments: [6, 12, 18, 24, 36], currencies: ['RUB', 'USD', 'EURO'] });
    // a user with no schedule: an empty list; a user of another school: 404
    expect((await api.call({ method: 'GET', url: `/admin/user/${trainerId}/getPlan`, token: admin })).json().data).toEqual([]);
    const north = await api.call({ method: 'GET', url: `/admin/user/${await userId('student', 2)}/getPlan`, token: admin });
    expect([north.statusCode, north.json().name]).toEqual([404, 'USER_DOES_NOT_EXIST']);
    expect((await api.call({ method: 'GET', url: '/admin/user/abc/getPlan', token: admin })).statusCode).toBe(422);
  });

  it('checks a schedule without saving, answering each mismatch with its code and variables', async () => {
    const ok = await check(schedule());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ valid: true, totals: { main: 60000, extra: 3000 } });
    expect((await api.db.select().from(paymentPlans).where(eq(paymentPlans.program_id, finance))).length).toBe(0); // nothing saved

    const wrongSum = await check(schedule({ total: 65000 }));
    expect([wrongSum.statusCode, wrongSum.json().name]).toEqual([422, 'ERROR_PAYMENT_SUM']);
    expect(wrongSum.json().variables).toEqual({ expected: 65000, currency: 'RUB', actual: 60000, kind: 'main' });
    const wrongExtra = await check(schedule({ extra_total: 5000, extra_currency: 'USD' }, [{ date: '2099-01-01', sum: 60000, extra_sum: 3000, currency: 'RUB', extra_currency: 'USD' }]));
    expect(wrongExtra.json()).toMatchObject({ name: 'ERROR_PAYMENT_SUM', variables: { expected: 5000, currency: 'USD', actual: 3000, kind: 'extra' } });

    const rows = schedule().items;
    rows[2] = { ...rows[2], currency: 'USD' };
    const wrongCurrency = await check(schedule({}, rows));
    expect(wrongCurrency.json()).toMatchObject({ name: 'ERROR_PAYMENT_ITEM_CURRENCY', variables: { row: 3, currency: 'USD', expected: 'RUB', kind: 'main' } });
    const extraRows = schedule().items;
    extraRows[0] = { ...extraRows[0], extra_currency: 'EURO' };
    expect((await check(schedule({}, extraRows))).json()).toMatchObject({ name: 'ERROR_PAYMENT_ITEM_CURRENCY', variables: { row: 1, currency: 'EURO', expected: 'RUB', kind: 'extra' } });

    const unordered = schedule().items;
    [unordered[3], unordered[4]] = [unordered[4], unordered[3]];
    expect((await check(schedule({}, unordered))).json()).toMatchObject({ name: 'ERROR_PAYMENT_DATES', variables: { row: 5, date: '2099-04-15' } });

    // bad input: months outside 6/12/18/24/36, an unknown currency, a bad date, no rows, a row with no money
    for (const [payload, field] of [
      [schedule({ months: 7 }), 'plan.months'],
      [schedule({ currency: 'GBP' }), 'plan.currency'],
      [schedule({}, [{ date: '15.01.2099', sum: 60000, currency: 'RUB' }]), 'items.0.date'],
      [schedule({}, []), 'items'],
      [
        schedule({ extra_total: 0 }, [
          { date: '2099-01-01', sum: 60000, currency: 'RUB' },
          { date: '2099-02-01', sum: 0, currency: 'RUB' },
        ]),
        'items.1.sum',
      ],
      [schedule({ extra_currency: null }), 'plan.extra_currency'],
    ] as const) {
      const res = await check(payload);
      expect([res.statusCode, res.json().name], field).toEqual([422, 'Validation Error']);
      expect(
        Object.keys(res.json().errors).some((k) => k.startsWith(field)),
        `${field}: ${JSON.stringify(res.json().errors)}`,
      ).toBe(true);
    }
    // another school's student or program
    expect((await check({ ...schedule(), user_id: await userId('student', 2) })).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await check(schedule({ program_id: await programId('Финансы для руководителей', 2) }))).json().name).toBe('NOT_FOUND_PROGRAM');
  });

  it('money is compared in cents', () => {
    expect(
      checkSchedule({ program_id: 1, months: 6, currency: 'RUB', total: 0.3 }, [
        { date: '2099-01-01', sum: 0.1, currency: 'RUB' },
        { date: '2099-02-01', sum: 0.2, currency: 'RUB' },
      ]),
    ).toEqual({ main: 0.3, extra: 0 });
  });

  it('saves a schedule, replacing the plan of that program and keeping paid rows; the student sees it', async () => {
    const saved = await check({ ...schedule(), save: true });
    expect(saved.statusCode).toBe(201);
    const plan = saved.json().data;
    expect(plan).toMatchObject({ program_id: finance, months: 6, currency: 'RUB', total: 60000, extra_total: 3000, format: 'online' });
    expect(plan.items.map((i: Item) => [i.kind, i.due_date, i.amount])).toEqual([
      ['main', '2099-01-15', 10000],
      ['extra', '2099-01-15', 3000],
      ...[2, 3, 4, 5, 6].map((m) => ['main', `2099-0${m}-15`, 10000]),
    ]);
    // mark the first row paid in the editor and move the last instalment: the plan is replaced, not added
    const rows = plan.rows.map((r: Record<string, unknown>, i: number) => ({
      date: i === 5 ? '2099-07-01' : r.date,
      sum: r.sum,
      extra_sum: r.extra_sum,
      currency: 'RUB',
      extra_currency: 'RUB',
      paid: i === 0 ? '1' : '0',
    }));
    const again = await check({ ...schedule({}, rows), save: true });
    expect(again.statusCode).toBe(201);
    const plans = (await api.call({ method: 'GET', url: `/admin/user/${studentId}/getPlan`, token: admin })).json().data;
    expect(plans.map((p: { program_id: number }) => p.program_id)).toEqual([strategy, finance]);
    const mine = plans[1];
    expect(mine.totals).toMatchObject({ main: 60000, main_paid: 10000, extra_paid: 0 });
    expect(mine.items.at(-1).due_date).toBe('2099-07-01');
    const learner = (await api.call({ method: 'GET', url: '/api/dataPayment', token: await api.login('student') })).json().data;
    expect(learner.find((p: { program_id: number }) => p.program_id === finance).totals.main_paid).toBe(10000);
    // checking and saving are for admins only
    for (const who of ['moderator', 'trainer', 'student']) expect((await check(schedule(), await api.login(who))).statusCode, who).toBe(403);
    expect((await check(schedule(), await api.login('superadmin'))).statusCode).toBe(200);
  });

  it('resets a schedule only while nothing is paid', async () => {
    const reset = (id: number, payload?: object, token = admin) => api.call({ method: 'POST', url: `/admin/user/${id}/resetPayment`, token, payload });
    // the demo plan has paid items
    const refused = await reset(studentId, { program_id: strategy });
    expect([refused.statusCode, refused.json().name, refused.json().variables]).toEqual([409, 'ERROR_PAYMENT_PAID', { paid: 3 }]);
    const trainerPlan = await check({ ...schedule(), user_id: trainerId, save: true });
    expect(trainerPlan.statusCode).toBe(201);
    for (const who of ['moderator', 'trainer', 'student']) expect((await reset(trainerId, {}, await api.login(who))).statusCode, who).toBe(403);
    expect((await reset(await userId('student', 2))).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await reset(trainerId, { program_id: 'x' })).statusCode).toBe(422);
    const done = await reset(trainerId);
    expect(done.json().data).toEqual({ deleted: 1 });
    expect((await api.call({ method: 'GET', url: `/admin/user/${trainerId}/getPlan`, token: admin })).json().data).toEqual([]);
    expect((await reset(trainerId)).json().name).toBe('NOT_FOUND_PLAN');
  });

  it("lists items with filters (user, paid, overdue), search and sorting; another school's items stay apart", async () => {
    const list = (qs: string, token = admin, tenant = 'demo') => api.call({ method: 'GET', url: `/admin/payment?${qs}`, token, tenant });
    const all = (await list(`filter[user_id]=${studentId}&per_page=100`)).json();
    expect(all.data.length).toBe(all.meta.total);
    expect(all.data[0]).toMatchObject({ login: 'student', surname: 'Студентов', program: 'Стратегический менеджмент', due_date: '2026-09-01' });
    const debts = (await list('filter[overdue]=true&per_page=100')).json().data as Item[];
    expect(debts.length).toBeGreaterThan(0);
    expect(debts.every((d) => !d.paid && d.overdue && d.due_date < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(debts.map((d) => [d.kind, d.due_date])).toContainEqual(['extra', '2026-10-01']); // the demo debt
    const paid = (await list('filter[paid]=true&per_page=100')).json().data as Item[];
    expect(paid.length).toBeGreaterThanOrEqual(3);
    expect(paid.every((p) => p.paid && !p.overdue)).toBe(true);
    const notOverdue = (await list('filter[overdue]=false&per_page=100')).json().data as Item[];
    expect(notOverdue.every((p) => !p.overdue)).toBe(true);
    expect((await list('q=Студентов&sort=amount&order=desc&per_page=1')).json().data[0].amount).toBe(30000);
    expect((await list('q=nobody-like-this')).json().meta.total).toBe(0);
    expect((await list('filter[paid]=maybe')).statusCode).toBe(422);
    expect((await list('filter[user_id]=0')).statusCode).toBe(422);
    for (const who of ['moderator', 'trainer', 'student']) expect((await list('', await api.login(who))).statusCode, who).toBe(403);
    const north = (await list('per_page=100', await api.login('admin', 'north'), 'north')).json().data as { login: string; id: number }[];
    expect(north.length).toBeGreaterThan(0);
    expect(north.some((n) => all.data.some((d: { id: number }) => d.id === n.id))).toBe(false);
  });

  it('edits one item: paid mark, date and comment; sums and currencies stay bound to the schedule', async () => {
    const [plan] = await api.db
      .select()
      .from(paymentPlans)
      .where(and(eq(paymentPlans.user_id, studentId), eq(paymentPlans.program_id, strategy)));
    const items = await api.db.select().from(paymentItems).where(eq(paymentItems.plan_id, plan.id));
    const unpaid = items.filter((i) => i.kind === 'main' && !i.paid).sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
    const put = (id: number, payload: object, token = admin, tenant = 'demo') => api.call({ method: 'PUT', url: `/admin/payment/${id}`, token, tenant, payload });

    const marked = await put(unpaid.id, { paid: true, comment: ' cash at the desk ' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ id: unpaid.id, paid: true, comment: 'cash at the desk', overdue: false });
    expect(marked.json().data.paid_at).toBeTruthy();
    const learner = (await api.call({ method: 'GET', url: '/api/dataPayment', token: await api.login('student') })).json().data;
    expect(learner.find((p: { id: number }) => p.id === plan.id).totals.main_paid).toBe(120000);
    expect((await api.call({ method: 'GET', url: `/admin/payment/${unpaid.id}`, token: admin })).json().data.paid).toBe(true);
    // the POST twin with _method=PUT works the same (the generic forms use it)
    expect((await api.call({ method: 'POST', url: `/admin/payment/${unpaid.id}`, token: admin, payload: { _method: 'PUT', paid: false } })).json().data).toMatchObject({ paid: false, paid_at: null });

    const moved = await put(unpaid.id, { due_date: '2026-12-20' });
    expect(moved.json().data.due_date).toBe('2026-12-20');
    const clash = await put(unpaid.id, { due_date: '2027-01-01' }); // another main item is due that day
    expect(clash.json()).toMatchObject({ name: 'ERROR_PAYMENT_DATES', variables: { date: '2027-01-01' } });
    const sum = await put(unpaid.id, { amount: 35000 });
    expect([sum.statusCode, sum.json().name, sum.json().variables]).toEqual([422, 'ERROR_PAYMENT_SUM', { expected: 360000, currency: 'RUB', actual: 365000, kind: 'main' }]);
    expect((await put(unpaid.id, { currency: 'USD' })).json()).toMatchObject({ name: 'ERROR_PAYMENT_ITEM_CURRENCY', variables: { currency: 'USD', expected: 'RUB' } });
    expect((await put(unpaid.id, { amount: 30000, currency: 'RUB' })).statusCode).toBe(200); // unchanged money is fine

    expect((await put(unpaid.id, { due_date: 'tomorrow' })).statusCode).toBe(422);
    expect((await put(unpaid.id, { amount: -5 })).statusCode).toBe(422);
    expect((await put(unpaid.id, { paid: 'yes' })).statusCode).toBe(422);
    for (const who of ['moderator', 'trainer', 'student']) expect((await put(unpaid.id, { paid: true }, await api.login(who))).statusCode, who).toBe(403);
    const [northItem] = await api.db.select().from(paymentItems).where(eq(paymentItems.tenant_id, 2));
    expect((await put(northItem.id, { paid: true })).json().name).toBe('NOT_FOUND_PAYMENT');
    expect((await api.call({ method: 'GET', url: `/admin/payment/${northItem.id}`, token: admin })).statusCode).toBe(404);
  });

  it('comments on a debt only', async () => {
    const debt = ((await api.call({ method: 'GET', url: `/admin/payment?filter[overdue]=1&filter[user_id]=${studentId}`, token: admin })).json().data as Item[])[0];
    const post = (id: number, payload: object, token = admin) => api.call({ method: 'POST', url: `/admin/debt/${id}`, token, payload });
    const res = await post(debt.id, { comment: 'Promised to pay by Friday' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: debt.id, comment: 'Promised to pay by Friday', overdue: true });
    const listed = (await api.call({ method: 'GET', url: `/admin/payment?filter[overdue]=true&filter[user_id]=${studentId}`, token: admin })).json().data as Item[];
    expect(listed.find((i) => i.id === debt.id)?.comment).toBe('Promised to pay by Friday');
    expect((await post(debt.id, { comment: '' })).json().data.comment).toBeNull();

    const future = ((await api.call({ method: 'GET', url: `/admin/payment?filter[overdue]=false&filter[paid]=false&filter[user_id]=${studentId}`, token: admin })).json().data as Item[])[0];
    expect((await post(future.id, { comment: 'x' })).json()).toMatchObject({ name: 'ERROR_PAYMENT_NOT_DEBT', variables: { paid: false, due_date: future.due_date } });
    const paidItem = ((await api.call({ method: 'GET', url: `/admin/payment?filter[paid]=true`, token: admin })).json().data as Item[])[0];
    expect((await post(paidItem.id, { comment: 'x' })).statusCode).toBe(422);
    expect((await post(debt.id, { comment: 'x'.repeat(2001) })).statusCode).toBe(422);
    expect((await post(debt.id, {})).statusCode).toBe(422);
    for (const who of ['moderator', 'trainer', 'student']) expect((await post(debt.id, { comment: 'x' }, await api.login(who))).statusCode, who).toBe(403);
    const [northItem] = await api.db.select().from(paymentItems).where(eq(paymentItems.tenant_id, 2));
    expect((await post(northItem.id, { comment: 'x' })).json().name).toBe('NOT_FOUND_PAYMENT');
  });

  it('is closed when the school switches payments off', async () => {
    await setAccessFlag(api.app.schoolDb(1), 'payment', false);
    api.app.forgetTenantCaches();
    try {
      for (const [method, url] of [
        ['GET', '/admin/payment'],
        ['GET', `/admin/user/${studentId}/getPlan`],
        ['POST', '/admin/checkPayment'],
        ['POST', `/admin/user/${studentId}/resetPayment`],
        ['PUT', '/admin/payment/1'],
        ['POST', '/admin/debt/1'],
      ] as const) {
        const res = await api.call({ method, url, token: admin, payload: {} });
        expect([res.statusCode, res.json().name], url).toEqual([403, 'ERROR_ACCESS']);
      }
    } finally {
      await setAccessFlag(api.app.schoolDb(1), 'payment', true);
      api.app.forgetTenantCaches();
    }
  });
});
