import { cleanForeignHtml, safeLink } from '../../core/html.ts';
import { stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import {
  chapterMedia,
  chapters,
  marketDemoViews,
  marketInvoices,
  marketHandoffs,
  marketLearners,
  marketListings,
  marketPurchases,
  media,
  paymentItems,
  paymentPlans,
  prices,
  programUsers,
  programs,
  storeCategories,
  tenants,
  users,
  walletEntries,
  wallets,
} from '../../db/schema/index.ts';
import { currentUser, isBlocked, sha256 } from '../../core/context.ts';
import { AppError, accessDenied, fieldError, notAuthorized, notFound } from '../../core/errors.ts';
import { ListQuery, Page, PerPage, paginate, pageMeta } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { IdAnswer, fileAnswer } from '../../core/responses.ts';
import { absolutePath } from '../../core/storage.ts';
import { contentTypeOf } from '../../core/file-types.ts';
import { byteRange, sendRange } from '../../core/ranges.ts';
import { ADMINS } from '../../../common/access/roles.ts';
import PDFDocument from 'pdfkit';
import { PDF_FONT } from '../../core/pdf.ts';
import { attachment } from '../../core/storage.ts';
import { langOf } from '../../mail/texts.ts';
import { schoolCompany } from '../companies/index.ts';
import { issueTokens } from '../../core/tokens.ts';
import { programCompletion } from '../programs/index.ts';
import { publishedPrograms, type PublishedProgram } from './published-programs.ts';
import { enrolInSeller } from './store.ts';
import { foundCheaperRoutes } from './found-cheaper.ts';
import {
  CataloguePage,
  DemoList,
  DemoMaterial,
  HandoffCode,
  HandoffSession,
  InvoicePage,
  InvoicePaid,
  LearnerPage,
  ListingAnswer,
  ListingPage,
  MyPurchases,
  MyWallet,
  ProgramAnswer,
  PurchaseAnswer,
  PurchaseQuote,
  StoreCategories,
  WalletCredit,
  WalletLedgerPage,
} from './responses.ts';

/** The module's public face (docs/server-layout.md): networking's catalog tab asks which of a member's programs are on the marketplace. */
export { publishedPrograms, type PublishedProgram } from './published-programs.ts';
import { adsRoutes } from './ads.ts';
import { currentAds } from './current-ads.ts';

const tags = ['marketplace'];
const adminTags = ['admin: marketplace'];
/** Who browses the catalogue and opens demo materials: students, admins and superadmins of every school. */
const BROWSERS = ['student', ...ADMINS] as const;
export const INSTALMENT_MONTHS = [6, 12, 18, 24, 36];
const Currency = Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO')]);
const Format = Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online')]);
const rub = (c: string) => (c === 'RUR' ? 'RUB' : c);
const Money = Type.Number({ minimum: 0.01, maximum: 1e9 });

/** The API's view of a published program: the seller's internal id is not sent. */
const publicView = ({ seller_id: _s, ...p }: PublishedProgram) => p;

/** Marketplace (issue 13, docs/marketplace.md): publishing, catalogue, demo access, wallets, purchase, My LMS, hand-off. */
export default async function marketplaceModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await foundCheaperRoutes(fastify);
  await adsRoutes(fastify);

  // ---- catalogue -----------------------------------------------------------------------------
  app.get(
    '/api/info/store/categories',
    { config: { auth: 'optional' }, schema: { tags, summary: 'Store categories with Russian and English titles', response: { 200: StoreCategories } } },
    async (req) => ({
      data: await req.db.select().from(storeCategories).orderBy(asc(storeCategories.sort), asc(storeCategories.id)),
    }),
  );
  app.get(
    '/api/marketplace/category',
    { config: { roles: [...BROWSERS] }, schema: { tags, summary: "Store categories (the catalogue's filter)", response: { 200: StoreCategories } } },
    async (req) => ({
      data: await req.db.select().from(storeCategories).orderBy(asc(storeCategories.sort), asc(storeCategories.id)),
    }),
  );

  const CatalogueQuery = Type.Object({
    page: Type.Optional(Page(100000)),
    per_page: Type.Optional(PerPage(12)),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    category: Type.Optional(Id),
    format: Type.Optional(Format),
    language: Type.Optional(Type.String({ maxLength: 8 })),
    curr: Type.Optional(Currency),
    price_min: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    price_max: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    school: Type.Optional(Type.String({ maxLength: 63 })),
    sort: Type.Optional(Type.Union([Type.Literal('new'), Type.Literal('title'), Type.Literal('price')])),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  });
  app.get(
    '/api/marketplace/program',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'The catalogue: published programs of every school (search q; filters category, format, language, curr with price_min/price_max, school; sort new|title|price), with ads',
        querystring: CatalogueQuery,
        response: { 200: CataloguePage },
      },
    },
    async (req) => {
      const q = req.query;
      const [{ data, total }, ads] = await Promise.all([
        publishedPrograms(app, {
          q: q.q,
          category: q.category,
          format: q.format,
          language: q.language,
          currency: q.curr,
          price_min: q.price_min,
          price_max: q.price_max,
          school: q.school,
          sort: q.sort,
          order: q.order,
          page: q.page,
          per_page: q.per_page ?? 12,
        }),
        // the ads in their period, of the schools on the marketplace (of the one school when filtered by it)
        currentAds(app, { school: q.school }),
      ]);
      const perPage = q.per_page ?? 12;
      return { data: data.map(publicView), ads, meta: pageMeta(q.page ?? 1, perPage, total, data.length) };
    },
  );

  /** A published program (404 NOT_FOUND_PROGRAM when it is not, or no longer, on the marketplace). */
  async function published(id: number, structure = false) {
    const [p] = (await publishedPrograms(app, { id, structure })).data;
    if (!p) throw notFound('program');
    return p;
  }
  async function myPurchase(db: Db, userId: number, programId: number) {
    const [row] = await db
      .select()
      .from(marketPurchases)
      .where(and(eq(marketPurchases.user_id, userId), eq(marketPurchases.program_id, programId)));
    return row;
  }

  app.get(
    '/api/marketplace/program/:id',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'One published program: full description, structure (titles only), prices per format and currency, and whether I bought it',
        params: IdParams,
        response: { 200: ProgramAnswer },
      },
    },
    async (req) => {
      const p = await published(req.params.id, true);
      const mine = await myPurchase(req.db, currentUser(req).id, p.id);
      return { data: { ...publicView(p), chapters: p.chapters ?? [], own_school: p.seller_id === req.tenant.id, purchase: mine ? { id: mine.id, status: mine.status, method: mine.method } : null } };
    },
  );

  app.get(
    '/api/marketplace/program/:id/demo',
    {
      config: { roles: [...BROWSERS] },
      schema: { tags, summary: 'The demo materials of a published program (open before purchase)', params: IdParams, response: { 200: DemoList } },
    },
    async (req) => {
      const p = await published(req.params.id, true);
      const list = (p.chapters ?? []).flatMap((c) => c.materials.filter((m) => m.demo).map((m) => ({ ...m, chapter: c.title })));
      return { data: list };
    },
  );

  /** A material of a published program that its school marks as demo; ERROR_ACCESS for any other of the program. */
  async function demoMaterial(programId: number, mediaId: number) {
    const p = await published(programId, true);
    const inProgram = (p.chapters ?? []).some((c) => c.materials.some((m) => m.id === mediaId));
    if (!inProgram) throw notFound('media');
    if (!p.demo_media.includes(mediaId)) throw new AppError(403, 'ERROR_ACCESS', 'Open after purchase', { demo: false });
    const sdb = app.schoolDb(p.seller_id);
    const [m] = await sdb.select().from(media).where(eq(media.id, mediaId));
    if (!m) throw notFound('media');
    const [school] = await sdb.select({ slug: tenants.slug }).from(tenants);
    return { p, m, sdb, slug: school.slug };
  }
  async function recordDemoView(req: FastifyRequest, sdb: Db, programId: number, mediaId: number) {
    if (req.actorId) return;
    await sdb.insert(marketDemoViews).values({ program_id: programId, media_id: mediaId, viewer_tenant_id: req.tenant.id, viewer_school: req.tenant.title });
  }

  app.get(
    '/api/marketplace/demo/:mediaId/view',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'Open a demo material (program_id: the published program holding it); other materials are ERROR_ACCESS until purchase',
        params: Type.Object({ mediaId: Id }),
        querystring: Type.Object({ program_id: Id }),
        response: { 200: DemoMaterial },
      },
    },
    async (req) => {
      const { m, sdb } = await demoMaterial(req.query.program_id, req.params.mediaId);
      await recordDemoView(req, sdb, req.query.program_id, m.id);
      return {
        // another school's text: cleaned for a foreign page whatever was stored (rows saved before the cleaner too),
        // its link http(s) only (docs/security.md "Rich text and markup between schools")
        data: {
          id: m.id,
          title: m.title,
          kind: m.kind,
          body: m.kind === 'text' && m.body ? cleanForeignHtml(m.body) : null,
          url: m.kind === 'link' ? safeLink(m.url) : null,
          file_name: m.file_name,
          video: m.kind === 'video' && !!m.path,
        },
      };
    },
  );

  app.get(
    '/api/marketplace/video',
    {
      config: { roles: [...BROWSERS], queryToken: true },
      schema: {
        response: { 200: fileAnswer('video/mp4', 'The whole video'), 206: fileAnswer('video/mp4', 'The range asked for') },
        tags,
        summary: 'Stream a demo video (HTTP ranges); a <video> element may pass access_token and domain in the query',
        querystring: Type.Object({ program_id: Id, media_id: Id, access_token: Type.Optional(Type.String({ maxLength: 200 })), domain: Type.Optional(Type.String({ maxLength: 63 })) }),
      },
    },
    async (req, reply) => {
      const { m, slug } = await demoMaterial(req.query.program_id, req.query.media_id);
      if (m.kind !== 'video' || !m.path) throw notFound('media');
      const file = absolutePath(app.config.dataDir, slug, m.path);
      const { size } = await stat(file);
      reply.header('content-type', contentTypeOf(m.path)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
      return sendRange(reply, file, size, byteRange(req.headers.range, size));
    },
  );

  // ---- wallet --------------------------------------------------------------------------------
  async function walletOf(db: Db, userId: number) {
    const list = await db.select({ currency: wallets.currency, balance: wallets.balance }).from(wallets).where(eq(wallets.user_id, userId)).orderBy(asc(wallets.currency));
    const entries = await db
      .select({
        id: walletEntries.id,
        amount: walletEntries.amount,
        currency: walletEntries.currency,
        reason: walletEntries.reason,
        created_at: walletEntries.created_at,
        by: sql<string | null>`nullif(trim(${users.surname} || ' ' || ${users.name}), '')`,
      })
      .from(walletEntries)
      .leftJoin(users, eq(users.id, walletEntries.by_user_id))
      .where(eq(walletEntries.user_id, userId))
      .orderBy(desc(walletEntries.id))
      .limit(100);
    return { wallets: list, entries };
  }
  app.get(
    '/api/marketplace/wallet',
    { config: { roles: ['student'] }, schema: { tags, summary: 'My wallets (one per currency) and their ledger, newest first', response: { 200: MyWallet } } },
    async (req) => ({
      data: await walletOf(req.db, currentUser(req).id),
    }),
  );

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
      config: { roles: ['student'] },
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
      const p = await published(req.params.id);
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
      config: { roles: ['student'], noDemo: true },
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
      const p = await published(req.params.id);
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
    { config: { roles: ['student'] }, schema: { tags, summary: 'My LMS: the programs I bought, with progress and what is left to pay', response: { 200: MyPurchases } } },
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
      config: { roles: ['student'], noDemo: true },
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

  // ---- back office: publishing ---------------------------------------------------------------
  const admins = { roles: [...ADMINS] };
  const ListingFields = {
    program_id: Id,
    category_id: Type.Union([Id, Type.Null()]),
    // the back office sends a form's switch as '1'/'0' in form data
    published: Type.Union([Type.Boolean(), Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false'), Type.Null()]),
    // a form's empty field comes as null: no discount, no instalments, no demo materials
    discount_percent: Type.Union([Type.Integer({ minimum: 0, maximum: 90 }), Type.Null()]),
    // null first: the query/form coercion would otherwise read null as a list of one null
    instalment_months: Type.Union([Type.Null(), Type.Array(Type.Union([Type.Integer({ minimum: 6, maximum: 36 }), Type.String({ pattern: '^(6|12|18|24|36)$' })]), { maxItems: 5 })]),
    demo_media: Type.Union([Type.Null(), Type.Array(Id, { maxItems: 200 })]),
  };
  type ListingBody = Partial<{
    program_id: number;
    category_id: number | null;
    published: boolean | '1' | '0' | 'true' | 'false' | null;
    discount_percent: number | null;
    instalment_months: (number | string)[] | null;
    demo_media: number[] | null;
  }>;

  /** Checks a listing's fields against the school's own rows; answers what to write. */
  async function listingValues(db: Db, b: ListingBody, programId: number | undefined) {
    const out: Partial<typeof marketListings.$inferInsert> = {};
    if (b.program_id !== undefined) {
      const [p] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, b.program_id));
      if (!p) throw fieldError('program_id', 'validation.choice');
      out.program_id = b.program_id;
    }
    if (b.category_id !== undefined) {
      if (b.category_id !== null && !(await db.select({ id: storeCategories.id }).from(storeCategories).where(eq(storeCategories.id, b.category_id))).length)
        throw fieldError('category_id', 'validation.choice');
      out.category_id = b.category_id;
    }
    if (b.published !== undefined) {
      out.published = b.published === true || b.published === '1' || b.published === 'true';
      if (out.published) out.published_at = new Date();
    }
    if (b.discount_percent !== undefined) out.discount_percent = b.discount_percent ?? 0;
    if (b.instalment_months !== undefined) {
      const months = [...new Set((b.instalment_months ?? []).map(Number))].sort((x, y) => x - y);
      if (months.some((m) => !INSTALMENT_MONTHS.includes(m))) throw fieldError('instalment_months', 'validation.choice');
      out.instalment_months = months;
    }
    if (b.demo_media !== undefined) {
      const ids = [...new Set(b.demo_media ?? [])];
      const pid = b.program_id ?? programId;
      if (ids.length) {
        // only materials of the program itself
        const found = pid
          ? await db
              .select({ id: chapterMedia.media_id })
              .from(chapterMedia)
              .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
              .where(and(eq(chapters.program_id, pid), inArray(chapterMedia.media_id, ids)))
          : [];
        if (new Set(found.map((f) => f.id)).size !== ids.length) throw fieldError('demo_media', 'validation.choice');
      }
      out.demo_media = ids;
    }
    return out;
  }

  const listingSelect = (db: Db) =>
    db
      .select({
        id: marketListings.id,
        program_id: marketListings.program_id,
        title: programs.title,
        category_id: marketListings.category_id,
        published: marketListings.published,
        discount_percent: marketListings.discount_percent,
        instalment_months: marketListings.instalment_months,
        demo_media: marketListings.demo_media,
        published_at: marketListings.published_at,
        buyers: sql<number>`(select count(*)::int from ${programUsers} pu join ${marketLearners} ml on ml.user_id = pu.user_id where pu.program_id = ${marketListings.program_id})`,
      })
      .from(marketListings)
      .innerJoin(programs, eq(programs.id, marketListings.program_id));

  app.get(
    '/admin/marketplace/listing',
    { config: admins, schema: { tags: adminTags, summary: "The school's programs on the marketplace (search q in the title)", querystring: ListQuery, response: { 200: ListingPage } } },
    async (req) => {
      const where = req.query.q ? sql`${programs.title} ilike ${`%${req.query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : undefined;
      return paginate(req.db, req.query, {
        table: marketListings,
        where: where ? sql`exists (select 1 from ${programs} where ${programs.id} = ${marketListings.program_id} and ${where})` : undefined,
        query: listingSelect(req.db).where(where).$dynamic(),
        orderBy: [desc(marketListings.id)],
      });
    },
  );
  app.get('/admin/marketplace/listing/:id', { config: admins, schema: { tags: adminTags, summary: 'One listing', params: IdParams, response: { 200: ListingAnswer } } }, async (req) => {
    const [row] = await listingSelect(req.db).where(eq(marketListings.id, req.params.id));
    if (!row) throw notFound('listing');
    return { data: row };
  });
  app.post(
    '/admin/marketplace/listing',
    {
      config: admins,
      schema: {
        tags: adminTags,
        summary: "Put a program on the marketplace (its marketplace fields and prices are the program's)",
        body: Type.Object({
          ...ListingFields,
          category_id: Type.Optional(ListingFields.category_id),
          published: Type.Optional(ListingFields.published),
          discount_percent: Type.Optional(ListingFields.discount_percent),
          instalment_months: Type.Optional(ListingFields.instalment_months),
          demo_media: Type.Optional(ListingFields.demo_media),
        }),
        response: { 201: ListingAnswer },
      },
    },
    async (req, reply) => {
      const values = await listingValues(req.db, req.body, req.body.program_id);
      const [row] = await req.db
        .insert(marketListings)
        .values(values as typeof marketListings.$inferInsert)
        .onConflictDoNothing()
        .returning({ id: marketListings.id });
      if (!row) throw fieldError('program_id', 'validation.unique');
      const [out] = await listingSelect(req.db).where(eq(marketListings.id, row.id));
      return reply.status(201).send({ data: out });
    },
  );
  app.put(
    '/admin/marketplace/listing/:id',
    {
      config: admins,
      schema: {
        tags: adminTags,
        summary: 'Edit a listing: publish (published true) or withdraw (false); buyers keep what they bought',
        params: IdParams,
        body: Type.Partial(Type.Object(ListingFields)),
        response: { 200: ListingAnswer },
      },
    },
    async (req) => {
      const [cur] = await req.db.select().from(marketListings).where(eq(marketListings.id, req.params.id));
      if (!cur) throw notFound('listing');
      const values = await listingValues(req.db, req.body, cur.program_id);
      if (values.published && cur.published) delete values.published_at;
      if (Object.keys(values).length) {
        try {
          await req.db.update(marketListings).set(values).where(eq(marketListings.id, cur.id));
        } catch {
          throw fieldError('program_id', 'validation.unique');
        }
      }
      const [out] = await listingSelect(req.db).where(eq(marketListings.id, cur.id));
      return { data: out };
    },
  );
  app.delete(
    '/admin/marketplace/listing/:id',
    { config: admins, schema: { tags: adminTags, summary: 'Take a program off the marketplace; buyers keep it', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const [row] = await req.db.delete(marketListings).where(eq(marketListings.id, req.params.id)).returning({ id: marketListings.id });
      if (!row) throw notFound('listing');
      return { data: row };
    },
  );

  app.get(
    '/admin/marketplace/learners',
    {
      config: admins,
      schema: { tags: adminTags, summary: 'Buyers from other schools: their learner accounts here, their school and the programs they study', querystring: ListQuery, response: { 200: LearnerPage } },
    },
    async (req) => {
      const res = await paginate<{ id: number; user_id: number; name: string; surname: string; buyer_school: string; created_at: Date }>(req.db, req.query, {
        table: marketLearners,
        query: req.db
          .select({
            id: marketLearners.id,
            user_id: marketLearners.user_id,
            name: users.name,
            surname: users.surname,
            buyer_school: marketLearners.buyer_school,
            created_at: marketLearners.created_at,
          })
          .from(marketLearners)
          .innerJoin(users, eq(users.id, marketLearners.user_id))
          .$dynamic(),
        orderBy: [desc(marketLearners.id)],
      });
      const ids = res.data.map((r) => r.user_id);
      const enrolled = ids.length
        ? await req.db
            .select({ user_id: programUsers.user_id, title: programs.title })
            .from(programUsers)
            .innerJoin(programs, eq(programs.id, programUsers.program_id))
            .where(inArray(programUsers.user_id, ids))
        : [];
      return { ...res, data: res.data.map((r) => ({ ...r, programs: enrolled.filter((e) => e.user_id === r.user_id).map((e) => e.title) })) };
    },
  );

  // ---- invoices (legal entities) ---------------------------------------------------------------
  app.get(
    '/api/marketplace/purchase/:id/invoice',
    {
      config: { roles: ['student'] },
      schema: {
        response: { 200: fileAnswer('application/pdf', 'The invoice') },
        tags,
        summary:
          "The invoice of a purchase as a legal entity: a PDF with the selling school's company and bank details (also at the specification's GET /api/document/generation/schet?program_store=<the seller's price id>&format&curr)",
        params: IdParams,
      },
    },
    async (req, reply) => {
      const [r] = await req.db
        .select()
        .from(marketPurchases)
        .where(and(eq(marketPurchases.id, req.params.id), eq(marketPurchases.user_id, currentUser(req).id)));
      if (r?.method !== 'invoice') throw notFound('purchase');
      return sendInvoice(app, req, reply, r);
    },
  );

  app.get(
    '/admin/marketplace/invoice',
    {
      config: admins,
      schema: { tags: adminTags, summary: "Invoices to legal entities of other schools for the school's programs, newest first", querystring: ListQuery, response: { 200: InvoicePage } },
    },
    async (req) =>
      paginate(req.db, req.query, {
        table: marketInvoices,
        query: req.db
          .select({
            id: marketInvoices.id,
            program: programs.title,
            student: sql<string>`trim(${users.surname} || ' ' || ${users.name})`,
            buyer_school: marketInvoices.buyer_school,
            company: marketInvoices.company,
            inn: marketInvoices.inn,
            amount: marketInvoices.amount,
            currency: marketInvoices.currency,
            status: marketInvoices.status,
            paid_at: marketInvoices.paid_at,
            created_at: marketInvoices.created_at,
          })
          .from(marketInvoices)
          .innerJoin(programs, eq(programs.id, marketInvoices.program_id))
          .innerJoin(users, eq(users.id, marketInvoices.user_id))
          .$dynamic(),
        orderBy: [desc(marketInvoices.id)],
      }),
  );

  app.post(
    '/admin/marketplace/invoice/:id/paid',
    {
      config: { ...admins, noDemo: true },
      schema: { tags: adminTags, summary: "Mark an invoice paid: the buyer's access to the program opens", params: IdParams, response: { 200: InvoicePaid } },
    },
    async (req) => {
      const [inv] = await req.db
        .update(marketInvoices)
        .set({ status: 'paid', paid_at: new Date() })
        .where(and(eq(marketInvoices.id, req.params.id), eq(marketInvoices.status, 'unpaid')))
        .returning();
      if (!inv) {
        const [exists] = await req.db.select({ id: marketInvoices.id }).from(marketInvoices).where(eq(marketInvoices.id, req.params.id));
        if (!exists) throw notFound('invoice');
        return { data: { id: req.params.id, status: 'paid' as const } };
      }
      await req.db.insert(programUsers).values({ program_id: inv.program_id, user_id: inv.user_id }).onConflictDoNothing();
      // the buyer's school: the purchase becomes active (through that school's handle, that one row)
      await app
        .schoolDb(inv.buyer_tenant_id)
        .update(marketPurchases)
        .set({ status: 'active' })
        .where(and(eq(marketPurchases.id, inv.purchase_id), eq(marketPurchases.seller_tenant_id, req.tenant.id)));
      return { data: { id: inv.id, status: 'paid' as const } };
    },
  );

  // ---- back office: wallets ------------------------------------------------------------------
  app.get(
    '/admin/marketplace/wallet',
    {
      config: admins,
      schema: { tags: adminTags, summary: "The wallets' ledger of the school's students (credits and purchases), newest first", querystring: ListQuery, response: { 200: WalletLedgerPage } },
    },
    async (req) => {
      return paginate(req.db, req.query, {
        table: walletEntries,
        query: req.db
          .select({
            id: walletEntries.id,
            user_id: walletEntries.user_id,
            student: sql<string>`trim(${users.surname} || ' ' || ${users.name})`,
            amount: walletEntries.amount,
            currency: walletEntries.currency,
            reason: walletEntries.reason,
            created_at: walletEntries.created_at,
            balance: wallets.balance,
          })
          .from(walletEntries)
          .innerJoin(users, eq(users.id, walletEntries.user_id))
          .innerJoin(wallets, eq(wallets.id, walletEntries.wallet_id))
          .$dynamic(),
        orderBy: [desc(walletEntries.id)],
      });
    },
  );
  app.post(
    '/admin/marketplace/wallet',
    {
      config: { ...admins, noDemo: true },
      schema: {
        tags: adminTags,
        summary: "Credit a student's wallet in a currency (a ledger entry with who and why)",
        body: Type.Object({ user_id: Id, currency: Currency, amount: Money, reason: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 201: WalletCredit },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const [student] = await req.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, b.user_id), eq(users.role, 'student')));
      if (!student) throw fieldError('user_id', 'validation.choice');
      const currency = rub(b.currency);
      const entry = await req.db.transaction(async (tx) => {
        const [w] = await tx
          .insert(wallets)
          .values({ user_id: b.user_id, currency, balance: b.amount })
          .onConflictDoUpdate({ target: [wallets.tenant_id, wallets.user_id, wallets.currency], set: { balance: sql`${wallets.balance} + ${b.amount}` } })
          .returning();
        const [e] = await tx
          .insert(walletEntries)
          .values({ wallet_id: w.id, user_id: b.user_id, amount: b.amount, currency, reason: b.reason, by_user_id: req.actorId ?? currentUser(req).id })
          .returning();
        return { ...e, balance: w.balance };
      });
      return reply.status(201).send({ data: entry });
    },
  );
}

const money2 = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** The PDF invoice of the buyer's purchase as a legal entity: the seller's company and bank details, the buyer company as payer. */
async function sendInvoice(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, r: typeof marketPurchases.$inferSelect) {
  const sdb = app.schoolDb(r.seller_tenant_id);
  const [inv] = await sdb
    .select()
    .from(marketInvoices)
    .where(and(eq(marketInvoices.buyer_tenant_id, req.tenant.id), eq(marketInvoices.purchase_id, r.id)));
  if (!inv) throw notFound('purchase');
  const company = await schoolCompany(sdb);
  const en = langOf(req.headers['accept-language']) === 'en';
  const number = `MP-${r.seller_tenant_id}-${inv.id}`;
  const payee = company ? company.full_name || company.title : r.seller_school;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${en ? 'Invoice' : 'Счёт'} ${number}`, Author: payee } });
  doc.font(PDF_FONT);
  doc
    .fontSize(18)
    .text(`${en ? 'Invoice' : 'Счёт на оплату'} № ${number}`)
    .moveDown(0.5);
  doc.fontSize(11).text(`${en ? 'Date' : 'Дата'}: ${inv.created_at.toLocaleDateString('ru-RU')}`);
  doc.text(`${en ? 'Payee' : 'Получатель'}: ${payee}`);
  if (company) {
    const line = (ru: string, eng: string, v: string | null) => v && doc.text(`${en ? eng : ru}: ${v}`);
    line('ИНН / КПП', 'Tax id (INN / KPP)', [company.inn, company.kpp].filter(Boolean).join(' / ') || null);
    line('Адрес', 'Address', company.legal_address);
    line('Банк', 'Bank', company.bank);
    line('БИК', 'BIC', company.bik);
    line('SWIFT', 'SWIFT', company.swift);
    line('Расчётный счёт', 'Account', company.account);
    line('Корр. счёт', 'Correspondent account', company.corr_account);
  }
  doc
    .moveDown()
    .text(`${en ? 'Payer' : 'Плательщик'}: ${inv.company}, ${en ? 'tax id' : 'ИНН'} ${inv.inn}${inv.kpp ? ` / ${inv.kpp}` : ''}${inv.address ? `, ${inv.address}` : ''}`)
    .moveDown();
  doc.fontSize(12).text(`${en ? 'Program' : 'Программа'}: ${r.program_title}`);
  doc.text(`${en ? 'Format' : 'Формат'}: ${r.format}`);
  doc.text(`${en ? 'Amount' : 'Сумма'}: ${money2(r.amount)} ${r.currency}`);
  doc.end();
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachment(`${en ? 'Invoice' : 'Счёт'} ${number}.pdf`))
    .send(doc);
}

/**
 * The specification's invoice path for a marketplace purchase (`GET /api/document/generation/schet?program_store&format
 * &curr`, registered by the payments module): `program_store` is the seller's price id (the catalogue's `prices[].id`).
 * When the caller bought, as a legal entity, the program that price belongs to, the answer is that purchase's invoice
 * (the same PDF as `/api/marketplace/purchase/{id}/invoice`) and this answers true; otherwise false (the payments module
 * then answers as for the school's own prices). The seller's price is read through the seller's bound handle, only for
 * a program the buyer's own purchase row names.
 */
export async function marketplaceInvoice(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, q: { program_store: number; format: string; curr: string }): Promise<boolean> {
  const mine = await req.db
    .select()
    .from(marketPurchases)
    .where(and(eq(marketPurchases.user_id, currentUser(req).id), eq(marketPurchases.method, 'invoice')));
  for (const r of mine) {
    const [price] = await app
      .schoolDb(r.seller_tenant_id)
      .select({ format: prices.format, currency: prices.currency })
      .from(prices)
      .where(and(eq(prices.id, q.program_store), eq(prices.program_id, r.program_id)));
    if (!price) continue;
    if (price.format !== q.format || price.currency !== rub(q.curr) || price.format !== r.format || price.currency !== r.currency)
      throw new AppError(422, 'ERROR_PAYMENT_CURRENCY', 'The format or currency does not match the purchase', { format: r.format, curr: r.currency });
    await sendInvoice(app, req, reply, r);
    return true;
  }
  return false;
}
