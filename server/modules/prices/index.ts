import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { prices, programs } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';

const tags = ['admin: prices'];
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const Currency = Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO')]);
const Fields = {
  program_id: Type.Integer({ minimum: 1 }),
  title: Type.String({ minLength: 1, maxLength: 255 }),
  format: Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online')]),
  currency: Currency,
  amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  extra_amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  extra_currency: Type.Union([Currency, Type.Null()]),
};
/** RUR is the old code of the rouble: stored as RUB. */
const rub = <T extends Record<string, unknown>>(b: T) => ({
  ...b,
  ...(b.currency === 'RUR' ? { currency: 'RUB' } : {}),
  ...(b.extra_currency === 'RUR' ? { extra_currency: 'RUB' } : {}),
});

/** Prices of the school's programs (admins). */
export default async function pricesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ['superadmin', 'admin'] as ('superadmin' | 'admin')[] };

  async function assertProgram(tenantId: number, programId: number | undefined) {
    if (programId === undefined) return;
    const [p] = await app.db.select({ id: programs.id }).from(programs).where(and(eq(programs.id, programId), eq(programs.tenant_id, tenantId)));
    if (!p) throw fieldError('program_id', 'validation.choice');
  }

  app.get('/admin/price', { config, schema: { tags, summary: 'Prices (search q in the title)', querystring: ListQuery } }, async (req) => {
    const where = and(eq(prices.tenant_id, req.tenant.id), req.query.q ? ilike(prices.title, `%${req.query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined);
    return paginate(app.db, req.query, {
      table: prices,
      where,
      query: app.db.select().from(prices).where(where).$dynamic(),
      orderBy: orderFor(req.query, { id: prices.id, title: prices.title, amount: prices.amount }, desc(prices.id)),
    });
  });

  app.get('/admin/price/:id', { config, schema: { tags, summary: 'One price', params: Id } }, async (req) => {
    const [p] = await app.db.select().from(prices).where(and(eq(prices.id, req.params.id), eq(prices.tenant_id, req.tenant.id)));
    if (!p) throw notFound('price');
    return { data: p };
  });

  app.post('/admin/price', {
    config,
    schema: { tags, summary: 'Create a price', body: Type.Object({ ...Fields, extra_amount: Type.Optional(Fields.extra_amount), extra_currency: Type.Optional(Fields.extra_currency) }) },
  }, async (req, reply) => {
    await assertProgram(req.tenant.id, req.body.program_id);
    const [p] = await app.db.insert(prices).values({ ...rub(req.body), tenant_id: req.tenant.id } as typeof prices.$inferInsert).returning();
    return reply.status(201).send({ data: p });
  });

  app.put('/admin/price/:id', { config, schema: { tags, summary: 'Edit a price', params: Id, body: Type.Partial(Type.Object(Fields)) } }, async (req) => {
    await assertProgram(req.tenant.id, req.body.program_id);
    const known = Object.fromEntries(Object.entries(rub(req.body as Record<string, unknown>)).filter(([k]) => k in Fields));
    const [p] = await app.db.update(prices).set(known).where(and(eq(prices.id, req.params.id), eq(prices.tenant_id, req.tenant.id))).returning();
    if (!p) throw notFound('price');
    return { data: p };
  });

  app.delete('/admin/price/:id', { config, schema: { tags, summary: 'Delete a price', params: Id } }, async (req) => {
    const [p] = await app.db.delete(prices).where(and(eq(prices.id, req.params.id), eq(prices.tenant_id, req.tenant.id))).returning({ id: prices.id });
    if (!p) throw notFound('price');
    return { data: p };
  });
}
