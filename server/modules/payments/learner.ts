import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { prices, programs } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { sendInvoice } from '../../core/invoice-pdf.ts';
import { langOf } from '../../mail/texts.ts';
import { schoolCompany } from '../companies/index.ts';
import { marketplaceInvoice } from '../marketplace/index.ts';
import { Id } from '../../core/schemas.ts';
import { dataOf, fileAnswer } from '../../core/responses.ts';
import { MyPlan, MyPlanSummary, PriceList } from './responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { CURRENCIES, INSTALMENTS, plansOf } from './store.ts';

const tags = ['payments'];
const ROLES = ACCESS.learning.read;
/** RUR is the old code of the rouble: accepted and read as RUB. */
const currency = (c: string) => (c === 'RUR' ? 'RUB' : c);

/** The student's routes: prices, their payment schedule and plan, and invoices as real PDFs. The `payment` flag must be on. */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: [...ROLES], flag: 'payment' as const };

  app.get('/api/price', { config, schema: { tags, summary: "Prices of the school's programs by format and currency", response: { 200: PriceList } } }, async (req) => {
    const rows = await req.db
      .select({
        id: prices.id,
        program_id: prices.program_id,
        program: programs.title,
        program_en: programs.title_en,
        title: prices.title,
        format: prices.format,
        currency: prices.currency,
        amount: prices.amount,
        extra_amount: prices.extra_amount,
        extra_currency: prices.extra_currency,
      })
      .from(prices)
      .innerJoin(programs, eq(programs.id, prices.program_id))
      .orderBy(asc(prices.id));
    return { data: rows, meta: { instalments: [...INSTALMENTS], currencies: [...CURRENCIES] } };
  });

  /** The student's plans as the back office's editor reads them (store.ts), with the count of overdue items. */
  async function myPlans(db: Db, userId: number) {
    return (await plansOf(db, userId)).map((p) => ({ ...p, totals: { ...p.totals, overdue: p.items.filter((i) => i.overdue).length } }));
  }

  app.get(
    '/api/dataPayment',
    { config, schema: { tags, summary: 'My payment schedule: main and additional amounts, paid and unpaid items, totals', response: { 200: dataOf(Type.Array(MyPlan)) } } },
    async (req) => ({
      data: await myPlans(req.db, currentUser(req).id),
    }),
  );

  app.get('/api/user/getPlan', { config, schema: { tags, summary: 'My instalment plan (months, currencies, totals)', response: { 200: dataOf(Type.Array(MyPlanSummary)) } } }, async (req) => {
    const plans = await myPlans(req.db, currentUser(req).id);
    return { data: plans.map(({ items: _i, ...p }) => p) };
  });

  app.get(
    '/api/document/generation/schet',
    {
      config,
      schema: {
        response: { 200: fileAnswer('application/pdf', 'The invoice') },
        tags,
        summary:
          "Invoice for a program as a PDF: program_store (price id), format and curr; for a marketplace purchase as a legal entity, program_store is the seller's price id (the catalogue's prices[].id) and the answer is that purchase's invoice",
        querystring: Type.Object({ program_store: Type.Optional(Id), format: Type.Optional(Type.String({ maxLength: 16 })), curr: Type.Optional(Type.String({ maxLength: 8 })) }),
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const q = req.query;
      if (!q.program_store || !q.format || !q.curr)
        throw new AppError(422, 'ERROR_GENERATION_PARAMS', 'program_store, format and curr are required', {
          missing: ['program_store', 'format', 'curr'].filter((k) => !(q as Record<string, unknown>)[k]),
        });
      const [row] = await req.db.select({ price: prices, program: programs }).from(prices).innerJoin(programs, eq(programs.id, prices.program_id)).where(eq(prices.id, q.program_store));
      if (!row) {
        // a price of another school: the invoice of the caller's marketplace purchase (docs/marketplace.md)
        if (await marketplaceInvoice(app, req, reply, { program_store: q.program_store, format: q.format, curr: q.curr })) return reply;
        throw new AppError(404, 'NOT_FOUND_PROGRAM_IN_SCHEDULE', 'No such program price');
      }
      if (row.price.format !== q.format || row.price.currency !== currency(q.curr))
        throw new AppError(422, 'ERROR_PAYMENT_CURRENCY', 'The format or currency does not match the price', { format: row.price.format, curr: row.price.currency });
      const en = langOf(req.headers['accept-language']) === 'en';
      const number = `${req.tenant.slug.toUpperCase()}-${me.id}-${row.price.id}-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
      // the payee is the school's company (its default one, else its oldest); a school without one prints its name
      return sendInvoice(reply, {
        number,
        date: new Date(),
        en,
        company: await schoolCompany(req.db),
        school: req.tenant.title,
        payer: { name: [me.surname, me.name, me.patronymic].filter(Boolean).join(' '), email: me.email },
        program: en && row.program.title_en ? row.program.title_en : row.program.title,
        format: row.price.format,
        amount: row.price.amount,
        currency: row.price.currency,
        extra: row.price.extra_amount ? { amount: row.price.extra_amount, currency: row.price.extra_currency ?? row.price.currency } : undefined,
      });
    },
  );
}
