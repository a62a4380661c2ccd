import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { marketInvoices, marketPurchases, prices, programUsers, programs, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { ListQuery, paginate } from '../../core/pagination.ts';
import { IdParams } from '../../core/schemas.ts';
import { fileAnswer } from '../../core/responses.ts';
import { sendInvoice } from '../../core/invoice-pdf.ts';
import { langOf } from '../../mail/texts.ts';
import { schoolCompany } from '../companies/index.ts';
import { BUYERS, adminTags, admins, rub, tags } from './schemas.ts';
import { InvoicePage, InvoicePaid } from './responses.ts';

/**
 * Purchases as a legal entity: the buyer's invoice PDF, the seller's list of invoices to other schools' companies,
 * and "paid", which opens the buyer's access.
 */
export function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/marketplace/purchase/:id/invoice',
    {
      config: { roles: [...BUYERS] },
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
      return sendMarketInvoice(app, req, reply, r);
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
}

/** The PDF invoice of the buyer's purchase as a legal entity (server/core/invoice-pdf.ts): the seller's company and bank details, the buyer company as payer. */
async function sendMarketInvoice(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, r: typeof marketPurchases.$inferSelect) {
  const sdb = app.schoolDb(r.seller_tenant_id);
  const [inv] = await sdb
    .select()
    .from(marketInvoices)
    .where(and(eq(marketInvoices.buyer_tenant_id, req.tenant.id), eq(marketInvoices.purchase_id, r.id)));
  if (!inv) throw notFound('purchase');
  return sendInvoice(reply, {
    number: `MP-${r.seller_tenant_id}-${inv.id}`,
    date: inv.created_at,
    en: langOf(req.headers['accept-language']) === 'en',
    company: await schoolCompany(sdb),
    school: r.seller_school,
    payer: { name: inv.company, inn: inv.inn, kpp: inv.kpp, address: inv.address },
    program: r.program_title,
    format: r.format,
    amount: r.amount,
    currency: r.currency,
  });
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
    await sendMarketInvoice(app, req, reply, r);
    return true;
  }
  return false;
}
