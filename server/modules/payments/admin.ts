import { and, asc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { paymentItems, paymentPlans, prices, programs, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { today } from '../../core/context.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { CURRENCIES, INSTALMENTS, isOverdue, plansOf } from './store.ts';
import { cents, checkSchedule, rowsOf } from './rules.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { dataOf, listOf } from '../../core/responses.ts';
import { EditorPlan, PaymentListItem, TermsMeta } from './responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: payments'];
const ROLES = ACCESS.school.read;
const Currency = Type.Union(CURRENCIES.map((c) => Type.Literal(c)));
const Day = Type.String({ format: 'date' });
const Money = Type.Number({ minimum: 0, maximum: 1e10 });
const Comment = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);

/** A yes/no that may also come as form data (the apps send nested bodies as bracketed form keys, booleans as 1/0). */
const flag = Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]));
const Plan = Type.Object({
  program_id: Id,
  format: Type.Optional(Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online')])),
  months: Type.Union(INSTALMENTS.map((m) => Type.Literal(m))),
  currency: Currency,
  extra_currency: Type.Optional(Type.Union([Currency, Type.Null()])),
  total: Money,
  extra_total: Type.Optional(Money),
});
const Row = Type.Object({
  date: Day,
  sum: Money,
  extra_sum: Type.Optional(Money),
  currency: Currency,
  extra_currency: Type.Optional(Type.Union([Currency, Type.Null()])),
  paid: flag,
  extra_paid: flag,
});
const CheckBody = Type.Object({
  user_id: Id,
  plan: Plan,
  items: Type.Array(Row, { minItems: 1, maxItems: 72 }),
  save: flag,
});
const PaymentList = Type.Object({
  ...ListQuery.properties,
  filter: Type.Optional(
    Type.Object({
      user_id: Type.Optional(Id),
      plan_id: Type.Optional(Id),
      program_id: Type.Optional(Id),
      kind: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('extra')])),
      paid: flag,
      overdue: flag,
    }),
  ),
});
const truthy = (v: unknown) => v === true || v === 'true' || v === '1';

/**
 * The back office's routes: payment schedules (admins; the school's `payment` flag must be on): a student's plans, checking
 * and saving a schedule, resetting it, editing one item, debts (unpaid overdue items) with comments.
 */
export function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: [...ROLES], flag: 'payment' as const };

  async function userOf(db: Db, id: number) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw notFound('user');
    return u;
  }

  /** The student's plans with their items, the editor's rows and the totals (the store's plans plus the editor's rows). */
  async function plansWithRows(db: Db, userId: number, programId?: number) {
    return (await plansOf(db, userId, programId)).map(({ totals, ...p }) => ({ ...p, rows: rowsOf(p.items), totals }));
  }

  app.get(
    '/admin/user/:id/getPlan',
    {
      config,
      schema: {
        tags,
        summary: "A student's payment plans with items (by due date), the editor's rows (main and extra by date) and totals",
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Array(EditorPlan), meta: TermsMeta }) },
      },
    },
    async (req) => {
      await userOf(req.db, req.params.id);
      return { data: await plansWithRows(req.db, req.params.id), meta: { instalments: [...INSTALMENTS], currencies: [...CURRENCIES] } };
    },
  );

  app.post(
    '/admin/user/:id/resetPayment',
    {
      config,
      schema: {
        tags,
        summary: "Remove a student's schedule (of one program, or all) so it can be built again; refused while an item is paid (ERROR_PAYMENT_PAID)",
        params: IdParams,
        body: Type.Object({ program_id: Type.Optional(Id) }),
        response: { 200: dataOf(Type.Object({ deleted: Type.Integer() })) },
      },
      // a POST without a body resets every plan of the user
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req) => {
      await userOf(req.db, req.params.id);
      const programId = req.body.program_id;
      const plans = await req.db
        .select({ id: paymentPlans.id })
        .from(paymentPlans)
        .where(and(eq(paymentPlans.user_id, req.params.id), programId ? eq(paymentPlans.program_id, programId) : undefined));
      if (!plans.length) throw notFound('plan');
      const ids = plans.map((p) => p.id);
      const paid = await req.db
        .select({ id: paymentItems.id })
        .from(paymentItems)
        .where(and(inArray(paymentItems.plan_id, ids), eq(paymentItems.paid, true)));
      if (paid.length) throw new AppError(409, 'ERROR_PAYMENT_PAID', 'The schedule has paid items', { paid: paid.length });
      await req.db.delete(paymentPlans).where(inArray(paymentPlans.id, ids));
      return { data: { deleted: ids.length } };
    },
  );

  app.post(
    '/admin/checkPayment',
    {
      config,
      schema: {
        tags,
        summary: "Check a schedule (sums equal the totals, currencies match, dates ascending); with save=true also store it, replacing the student's plan for that program",
        body: CheckBody,
        response: { 200: dataOf(Type.Object({ valid: Type.Literal(true), totals: Type.Object({ main: Type.Number(), extra: Type.Number() }) })), 201: dataOf(EditorPlan) },
      },
    },
    async (req, reply) => {
      const { user_id, plan } = req.body;
      const save = truthy(req.body.save);
      const items = req.body.items.map((r) => ({ ...r, paid: truthy(r.paid), extra_paid: truthy(r.extra_paid) }));
      await userOf(req.db, user_id);
      const [program] = await req.db.select({ id: programs.id }).from(programs).where(eq(programs.id, plan.program_id));
      if (!program) throw notFound('program');
      const totals = checkSchedule(plan, items);
      if (!save) return { data: { valid: true as const, totals } };

      let format = plan.format;
      if (!format) {
        const [price] = await req.db
          .select({ format: prices.format })
          .from(prices)
          .where(and(eq(prices.program_id, plan.program_id), eq(prices.currency, plan.currency)))
          .orderBy(asc(prices.id))
          .limit(1);
        format = price?.format ?? 'online';
      }
      const saved = await req.db.transaction(async (tx) => {
        const old = await tx
          .select({ id: paymentPlans.id })
          .from(paymentPlans)
          .where(and(eq(paymentPlans.user_id, user_id), eq(paymentPlans.program_id, plan.program_id)));
        // paid marks travel in the rows; a row still paid keeps its payment time and comment
        const before = old.length
          ? await tx
              .select()
              .from(paymentItems)
              .where(
                inArray(
                  paymentItems.plan_id,
                  old.map((p) => p.id),
                ),
              )
          : [];
        const previous = new Map(before.map((i) => [`${i.kind}|${i.due_date}|${cents(i.amount)}`, i]));
        if (old.length)
          await tx.delete(paymentPlans).where(
            inArray(
              paymentPlans.id,
              old.map((p) => p.id),
            ),
          );
        const [p] = await tx
          .insert(paymentPlans)
          .values({
            user_id,
            program_id: plan.program_id,
            format,
            months: plan.months,
            currency: plan.currency,
            extra_currency: plan.extra_currency ?? null,
            total: plan.total,
            extra_total: plan.extra_total ?? 0,
          })
          .returning();
        const now = new Date();
        const values = items.flatMap((r) => {
          const out: (typeof paymentItems.$inferInsert)[] = [];
          const add = (kind: 'main' | 'extra', amount: number, currency: string, paid: boolean) => {
            const was = previous.get(`${kind}|${r.date}|${cents(amount)}`);
            out.push({
              plan_id: p.id,
              kind,
              due_date: r.date,
              amount,
              currency,
              paid,
              paid_at: paid ? (was?.paid && was.paid_at ? was.paid_at : now) : null,
              comment: was?.comment ?? null,
            });
          };
          if (cents(r.sum) > 0) add('main', r.sum, r.currency, r.paid ?? false);
          if (cents(r.extra_sum ?? 0) > 0) add('extra', r.extra_sum!, r.extra_currency ?? plan.extra_currency!, r.extra_paid ?? false);
          return out;
        });
        await tx.insert(paymentItems).values(values);
        return p;
      });
      const [full] = await plansWithRows(req.db, user_id, plan.program_id);
      return reply.status(201).send({ data: { ...full, id: saved.id } });
    },
  );

  async function itemOf(db: Db, id: number) {
    const [row] = await db.select({ item: paymentItems, plan: paymentPlans }).from(paymentItems).innerJoin(paymentPlans, eq(paymentPlans.id, paymentItems.plan_id)).where(eq(paymentItems.id, id));
    if (!row) throw notFound('payment');
    return row;
  }

  /** One item as the list shows it: with the student, the program and whether it is overdue. */
  const listColumns = {
    id: paymentItems.id,
    plan_id: paymentItems.plan_id,
    kind: paymentItems.kind,
    due_date: paymentItems.due_date,
    amount: paymentItems.amount,
    currency: paymentItems.currency,
    paid: paymentItems.paid,
    paid_at: paymentItems.paid_at,
    comment: paymentItems.comment,
    user_id: paymentPlans.user_id,
    program_id: paymentPlans.program_id,
    program: programs.title,
    login: users.login,
    surname: users.surname,
    name: users.name,
    email: users.email,
  };
  const listed = (db: Db, where: SQL | undefined) =>
    db
      .select(listColumns)
      .from(paymentItems)
      .innerJoin(paymentPlans, eq(paymentPlans.id, paymentItems.plan_id))
      .innerJoin(programs, eq(programs.id, paymentPlans.program_id))
      .innerJoin(users, eq(users.id, paymentPlans.user_id))
      .where(where);
  const withOverdue = <T extends { paid: boolean; due_date: string }>(r: T) => ({ ...r, overdue: isOverdue(r) });
  async function one(db: Db, id: number) {
    const [r] = await listed(db, eq(paymentItems.id, id));
    return withOverdue(r);
  }

  app.get(
    '/admin/payment',
    {
      config,
      schema: {
        tags,
        summary: "Schedule items of the school's students; filter[user_id|plan_id|program_id|kind|paid|overdue], q on the student's name, login or e-mail",
        querystring: PaymentList,
        response: { 200: listOf(PaymentListItem) },
      },
    },
    async (req) => {
      const f = req.query.filter ?? {};
      const now = today();
      const planScope: SQL[] = [];
      if (f.user_id) planScope.push(eq(paymentPlans.user_id, f.user_id));
      if (f.program_id) planScope.push(eq(paymentPlans.program_id, f.program_id));
      const q = req.query.q?.trim();
      let planFilter: SQL | undefined;
      if (f.user_id || f.program_id || q) {
        const like = q ? containsPattern(q) : '';
        const sub = req.db
          .select({ id: paymentPlans.id })
          .from(paymentPlans)
          .innerJoin(users, eq(users.id, paymentPlans.user_id))
          .where(and(...planScope, q ? or(ilike(users.surname, like), ilike(users.name, like), ilike(users.login, like), ilike(users.email, like)) : undefined));
        planFilter = inArray(paymentItems.plan_id, sub);
      }
      const where = and(
        planFilter,
        f.plan_id ? eq(paymentItems.plan_id, f.plan_id) : undefined,
        f.kind ? eq(paymentItems.kind, f.kind) : undefined,
        f.paid !== undefined ? eq(paymentItems.paid, truthy(f.paid)) : undefined,
        f.overdue !== undefined
          ? truthy(f.overdue)
            ? and(eq(paymentItems.paid, false), lt(paymentItems.due_date, now))
            : or(eq(paymentItems.paid, true), sql`${paymentItems.due_date} >= ${now}`)
          : undefined,
      );
      const page = await paginate<Awaited<ReturnType<typeof listed>>[number]>(req.db, req.query, {
        table: paymentItems,
        where,
        query: listed(req.db, where).$dynamic(),
        orderBy: [
          ...orderFor(
            req.query,
            { id: paymentItems.id, due_date: paymentItems.due_date, amount: paymentItems.amount, paid: paymentItems.paid, surname: users.surname, program: programs.title },
            asc(paymentItems.due_date),
          ),
          asc(paymentItems.id),
        ],
      });
      return { data: page.data.map(withOverdue), meta: page.meta };
    },
  );

  app.get('/admin/payment/:id', { config, schema: { tags, summary: 'One schedule item with its student and program', params: IdParams, response: { 200: dataOf(PaymentListItem) } } }, async (req) => {
    await itemOf(req.db, req.params.id);
    return { data: await one(req.db, req.params.id) };
  });

  app.put(
    '/admin/payment/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "Edit one item: due date, amount, currency, paid mark, comment. The schedule's rules still hold afterwards (ERROR_PAYMENT_SUM, ERROR_PAYMENT_ITEM_CURRENCY, ERROR_PAYMENT_DATES): move money between items in the schedule editor",
        params: IdParams,
        body: Type.Object({
          due_date: Type.Optional(Day),
          amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e10 })),
          currency: Type.Optional(Currency),
          paid: flag,
          comment: Type.Optional(Comment),
        }),
        response: { 200: dataOf(PaymentListItem) },
      },
    },
    async (req) => {
      const { item, plan } = await itemOf(req.db, req.params.id);
      const b = req.body;
      const next = {
        ...item,
        ...(b.due_date !== undefined && { due_date: b.due_date }),
        ...(b.amount !== undefined && { amount: b.amount }),
        ...(b.currency !== undefined && { currency: b.currency }),
      };
      const expectedCurrency = item.kind === 'main' ? plan.currency : (plan.extra_currency ?? plan.currency);
      if (next.currency !== expectedCurrency) {
        throw new AppError(422, 'ERROR_PAYMENT_ITEM_CURRENCY', 'The currency of the item does not match the schedule', { currency: next.currency, expected: expectedCurrency, kind: item.kind });
      }
      const siblings = await req.db
        .select()
        .from(paymentItems)
        .where(and(eq(paymentItems.plan_id, plan.id), eq(paymentItems.kind, item.kind)))
        .orderBy(asc(paymentItems.due_date), asc(paymentItems.id));
      const same = siblings.map((s) => (s.id === item.id ? next : s));
      const total = same.reduce((s, i) => s + cents(i.amount), 0);
      const expected = item.kind === 'main' ? plan.total : plan.extra_total;
      if (total !== cents(expected)) {
        throw new AppError(422, 'ERROR_PAYMENT_SUM', 'The instalments must add up to the price', { expected, currency: expectedCurrency, actual: total / 100, kind: item.kind });
      }
      if (next.due_date !== item.due_date) {
        const dates = same.map((s) => s.due_date).sort();
        if (new Set(dates).size !== dates.length) throw new AppError(422, 'ERROR_PAYMENT_DATES', 'Another item of the schedule is due that day', { date: next.due_date });
      }
      const paid = b.paid === undefined ? item.paid : truthy(b.paid);
      await req.db
        .update(paymentItems)
        .set({
          due_date: next.due_date,
          amount: next.amount,
          currency: next.currency,
          paid,
          paid_at: paid ? (item.paid ? item.paid_at : new Date()) : null,
          ...(b.comment !== undefined && { comment: b.comment?.trim() || null }),
        })
        .where(eq(paymentItems.id, item.id));
      return { data: await one(req.db, item.id) };
    },
  );

  app.post(
    '/admin/debt/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Comment on a debt: an unpaid item past its due date (others: ERROR_PAYMENT_NOT_DEBT); an empty comment clears it',
        params: IdParams,
        body: Type.Object({ comment: Comment }),
        response: { 200: dataOf(PaymentListItem) },
      },
    },
    async (req) => {
      const { item } = await itemOf(req.db, req.params.id);
      if (item.paid || item.due_date >= today()) throw new AppError(422, 'ERROR_PAYMENT_NOT_DEBT', 'The item is not a debt', { paid: item.paid, due_date: item.due_date });
      await req.db
        .update(paymentItems)
        .set({ comment: req.body.comment?.trim() || null })
        .where(eq(paymentItems.id, item.id));
      return { data: await one(req.db, item.id) };
    },
  );
}
