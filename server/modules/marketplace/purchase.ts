import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { marketHandoffs, marketInvoices, marketPurchases, paymentItems, paymentPlans, tenants, users, walletEntries, wallets } from '../../db/schema/index.ts';
import { currentUser, isBlocked, sha256 } from '../../core/context.ts';
import { AppError, accessDenied, fieldError, notAuthorized, notFound } from '../../core/errors.ts';
import { IdParams } from '../../core/schemas.ts';
import { issueTokens } from '../../core/tokens.ts';
import { programCompletion } from '../programs/index.ts';
import type { PublishedProgram } from './published-programs.ts';
import { enrolInSeller, myPurchase, publishedProgram } from './store.ts';
import { BUYERS, Currency, Format, rub, tags } from './schemas.ts';
import { HandoffCode, HandoffSession, MyPurchases, PurchaseAnswer, PurchaseQuote } from './responses.ts';

/**
 * The student's purchases (docs/marketplace.md): the quote and the purchase by wallet, instalments or invoice, My LMS
 * with progress and what is left to pay, and the hand-off into the selling school where a bought program is studied.
 */
export function purchaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // ---- purchase ------------------------------------------------------------------------------
  const BuyQuery = Type.Object({ format: Format, curr: Currency });
  /** What a purchase of (format, currency) costs, read from the server only; 422 when the seller has no such price. */
  function priceFor(p: PublishedProgram, format: string, curr: string) {
    const price = p.prices.find((x) => x.format === format && x.currency === rub(curr));
    if (!price) throw new AppError(422, 'ERROR_PAYMENT_CURRENCY', 'The program has no price in this format and currency', { format, curr });
    return price;
  }
  function assertBuyable(req: FastifyRequest, p: PublishedProgram) {
    // a school's own programs are studied through enrolment, not bought
    if (p.seller_id === req.tenant.id) throw new AppError(403, 'ERROR_ACCESS', 'A program of your own school', { own_school: true });
  }

  app.get(
    '/api/marketplace/buyProgram/:id',
    {
      config: { roles: [...BUYERS] },
      schema: {
        tags,
        summary: 'What a purchase will be: the program, price (with discount) for format and curr, my wallet balance, the ways to pay',
        params: IdParams,
        querystring: BuyQuery,
        response: { 200: PurchaseQuote },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const p = await publishedProgram(app, req.params.id);
      assertBuyable(req, p);
      const price = priceFor(p, req.query.format, req.query.curr);
      const [w] = await req.db
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(and(eq(wallets.user_id, me.id), eq(wallets.currency, price.currency)));
      const balance = w?.balance ?? 0;
      const mine = await myPurchase(req.db, me.id, p.id);
      return {
        data: {
          program: { id: p.id, title: p.title, title_en: p.title_en, school: p.school },
          format: price.format,
          currency: price.currency,
          full_amount: price.full_amount,
          amount: price.amount,
          discount_percent: p.discount_percent,
          wallet_balance: balance,
          can_pay_by_wallet: balance >= price.amount,
          instalment_months: p.instalment_months,
          bought: !!mine,
        },
      };
    },
  );

  app.post(
    '/api/marketplace/buyProgram/:id',
    {
      config: { roles: [...BUYERS], noDemo: true },
      schema: {
        tags,
        summary:
          "Buy a published program: by wallet (debited in one transaction, or 409 INSUFFICIENT_FUNDS changing nothing), by instalments where offered, or by invoice as a legal entity (access opens when the seller marks it paid); prices are the server's",
        params: IdParams,
        body: Type.Object({
          format: Format,
          curr: Currency,
          method: Type.Optional(Type.Union([Type.Literal('wallet'), Type.Literal('instalments'), Type.Literal('invoice')])),
          months: Type.Optional(Type.Integer({ minimum: 6, maximum: 36 })),
          /** As a legal entity (method invoice): the company's details for the invoice. */
          company: Type.Optional(
            Type.Object({
              name: Type.String({ minLength: 1, maxLength: 255 }),
              inn: Type.String({ pattern: '^[0-9]{10}([0-9]{2})?$' }),
              kpp: Type.Optional(Type.String({ maxLength: 9 })),
              address: Type.Optional(Type.String({ maxLength: 500 })),
            }),
          ),
        }),
        response: { 201: PurchaseAnswer },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const b = req.body;
      const p = await publishedProgram(app, req.params.id);
      assertBuyable(req, p);
      const price = priceFor(p, b.format, b.curr);
      const method = b.method ?? 'wallet';
      if (method === 'instalments' && (!b.months || !p.instalment_months.includes(b.months))) throw fieldError('months', 'validation.choice');
      if (method === 'invoice' && !b.company) throw fieldError('company', 'validation.required');
      const purchase = await req.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(marketPurchases)
          .values({
            user_id: me.id,
            seller_tenant_id: p.seller_id,
            seller_school: p.school.title,
            program_id: p.id,
            program_title: p.title,
            format: price.format,
            currency: price.currency,
            amount: price.amount,
            method,
            status: method === 'invoice' ? 'pending' : 'active',
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError(409, 'ERROR_ALREADY_BOUGHT', 'The program is already bought');
        if (method === 'wallet') {
          // one conditional statement: of two purchases at once, the second sees the first's debit (a row lock)
          const [w] = await tx
            .update(wallets)
            .set({ balance: sql`${wallets.balance} - ${price.amount}` })
            .where(and(eq(wallets.user_id, me.id), eq(wallets.currency, price.currency), gte(wallets.balance, price.amount)))
            .returning({ id: wallets.id });
          if (!w) throw new AppError(409, 'INSUFFICIENT_FUNDS', 'Not enough money in the wallet', { amount: price.amount, currency: price.currency });
          await tx.insert(walletEntries).values({ wallet_id: w.id, user_id: me.id, amount: -price.amount, currency: price.currency, reason: `${p.title} (${p.school.title})`, purchase_id: row.id });
        }
        return row;
      });
      let sellerUserId: number;
      try {
        // an invoice opens nothing yet: the account is made, the enrolment waits for the seller's "paid"
        sellerUserId = await enrolInSeller(app, p.seller_id, me, req.tenant, method === 'invoice' ? undefined : p.id);
        if (method === 'instalments') await createSchedule(app.schoolDb(p.seller_id), sellerUserId, p, price, b.months!);
        if (method === 'invoice') {
          const c = b.company!;
          await app
            .schoolDb(p.seller_id)
            .insert(marketInvoices)
            .values({
              user_id: sellerUserId,
              buyer_tenant_id: req.tenant.id,
              buyer_school: req.tenant.title,
              purchase_id: purchase.id,
              program_id: p.id,
              format: price.format,
              currency: price.currency,
              amount: price.amount,
              company: c.name,
              inn: c.inn,
              kpp: c.kpp ?? null,
              address: c.address ?? null,
            });
        }
      } catch (err) {
        // the seller's side failed: the purchase is undone (the wallet credited back)
        await req.db.transaction(async (tx) => {
          const [entry] = await tx.select().from(walletEntries).where(eq(walletEntries.purchase_id, purchase.id));
          if (entry) {
            await tx
              .update(wallets)
              .set({ balance: sql`${wallets.balance} + ${price.amount}` })
              .where(eq(wallets.id, entry.wallet_id));
            await tx.delete(walletEntries).where(eq(walletEntries.id, entry.id));
          }
          await tx.delete(marketPurchases).where(eq(marketPurchases.id, purchase.id));
        });
        throw err;
      }
      const [saved] = await req.db.update(marketPurchases).set({ seller_user_id: sellerUserId }).where(eq(marketPurchases.id, purchase.id)).returning();
      return reply.status(201).send({ data: purchaseView(saved) });
    },
  );

  /** The buyer's payment schedule, in the seller's payments section (the seller is the one paid). */
  async function createSchedule(sdb: Db, userId: number, p: PublishedProgram, price: PublishedProgram['prices'][number], months: number) {
    const [plan] = await sdb
      .insert(paymentPlans)
      .values({ user_id: userId, program_id: p.id, format: price.format, months, currency: price.currency, extra_currency: price.extra_currency, total: price.amount, extra_total: price.extra_amount })
      .returning();
    const each = Math.floor((price.amount * 100) / months) / 100;
    const start = new Date();
    const due = (i: number) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, Math.min(start.getUTCDate(), 28))).toISOString().slice(0, 10);
    await sdb.insert(paymentItems).values(
      Array.from({ length: months }, (_, i) => ({
        plan_id: plan.id,
        kind: 'main' as const,
        due_date: due(i),
        // the last instalment takes the rounding remainder: the items add up to the total exactly
        amount: i === months - 1 ? Math.round((price.amount - each * (months - 1)) * 100) / 100 : each,
        currency: price.currency,
      })),
    );
  }

  const purchaseView = (r: typeof marketPurchases.$inferSelect) => ({
    id: r.id,
    program_id: r.program_id,
    program_title: r.program_title,
    school: r.seller_school,
    format: r.format,
    currency: r.currency,
    amount: r.amount,
    method: r.method,
    status: r.status,
    created_at: r.created_at,
  });

  // ---- My LMS and the hand-off into the seller's school ---------------------------------------
  app.get(
    '/api/marketplace/user',
    { config: { roles: [...BUYERS] }, schema: { tags, summary: 'My LMS: the programs I bought, with progress and what is left to pay', response: { 200: MyPurchases } } },
    async (req) => {
      const rows = await req.db
        .select()
        .from(marketPurchases)
        .where(eq(marketPurchases.user_id, currentUser(req).id))
        .orderBy(desc(marketPurchases.id));
      const data = [];
      for (const r of rows) {
        let progress: { percent: number; state: 'not_started' | 'in_process' | 'done' } | null = null;
        let due = 0;
        if (r.seller_user_id) {
          // read in the seller's school, for this buyer's own account there only
          const sdb = app.schoolDb(r.seller_tenant_id);
          const c = (await programCompletion(sdb, r.seller_user_id, [r.program_id])).get(r.program_id);
          progress = c ? { percent: c.percent, state: c.state } : null;
          const items = await sdb
            .select({ amount: paymentItems.amount })
            .from(paymentItems)
            .innerJoin(paymentPlans, eq(paymentPlans.id, paymentItems.plan_id))
            .where(and(eq(paymentPlans.user_id, r.seller_user_id), eq(paymentPlans.program_id, r.program_id), eq(paymentItems.paid, false)));
          due = Math.round(items.reduce((s, i) => s + i.amount, 0) * 100) / 100;
        }
        // an unpaid invoice: the whole price is still to pay
        data.push({ ...purchaseView(r), progress, left_to_pay: r.status === 'pending' ? r.amount : due });
      }
      return { data };
    },
  );

  app.post(
    '/api/marketplace/purchase/:id/open',
    {
      config: { roles: [...BUYERS], noDemo: true },
      schema: {
        tags,
        summary: "Open a bought program: a one-time code (two minutes) to sign in to the selling school's portal, where the program is studied",
        params: IdParams,
        response: { 200: HandoffCode },
      },
    },
    async (req) => {
      const [r] = await req.db
        .select()
        .from(marketPurchases)
        .where(and(eq(marketPurchases.id, req.params.id), eq(marketPurchases.user_id, currentUser(req).id)));
      if (!r) throw notFound('purchase');
      if (r.status !== 'active' || !r.seller_user_id) throw accessDenied();
      const sdb = app.schoolDb(r.seller_tenant_id);
      const code = randomBytes(24).toString('base64url');
      await sdb.insert(marketHandoffs).values({ user_id: r.seller_user_id, program_id: r.program_id, code_hash: sha256(code), expires_at: new Date(Date.now() + 120_000) });
      const [school] = await sdb.select({ slug: tenants.slug }).from(tenants);
      return { data: { domain: school.slug, code, program_id: r.program_id } };
    },
  );

  app.post(
    '/api/marketplace/handoff',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "Exchange a hand-off code on the selling school's domain for a session there (once, within two minutes)",
        security: [],
        body: Type.Object({ code: Type.String({ minLength: 10, maxLength: 100 }) }),
        response: { 200: HandoffSession },
      },
    },
    async (req) => {
      const [h] = await req.db
        .update(marketHandoffs)
        .set({ used_at: new Date() })
        .where(and(eq(marketHandoffs.code_hash, sha256(req.body.code)), isNull(marketHandoffs.used_at), gt(marketHandoffs.expires_at, new Date())))
        .returning();
      if (!h) throw notAuthorized();
      const [u] = await req.db.select().from(users).where(eq(users.id, h.user_id));
      if (!u) throw notAuthorized();
      if (isBlocked(u)) throw new AppError(403, 'ERROR_BLOCK', 'User is blocked');
      return { ...(await issueTokens(req.db, u.id)), program_id: h.program_id };
    },
  );
}
