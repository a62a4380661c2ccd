import { desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { prices, programs } from '../../db/schema/index.ts';
import { ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: prices'];
const Currency = Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO')]);
const Fields = {
  program_id: Id,
  title: Type.String({ minLength: 1, maxLength: 255 }),
  format: Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online')]),
  currency: Currency,
  amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  extra_amount: Type.Number({ minimum: 0, maximum: 1e9 }),
  extra_currency: Type.Union([Currency, Type.Null()]),
};
/** A price as stored (RUR already written as RUB). */
const Price = Type.Object({
  id: Id,
  tenant_id: Id,
  program_id: Id,
  title: Type.String(),
  format: Type.String(),
  currency: Type.String(),
  amount: Type.Number(),
  extra_amount: Type.Number(),
  extra_currency: nullable(Type.String()),
});
const PriceAnswer = dataOf(Price);
/** RUR is the old code of the rouble: stored as RUB. */
const rub = <T extends Record<string, unknown>>(b: T) => ({
  ...b,
  ...(b.currency === 'RUR' ? { currency: 'RUB' } : {}),
  ...(b.extra_currency === 'RUR' ? { extra_currency: 'RUB' } : {}),
});

/** Prices of the school's programs (admins). */
export default async function pricesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ACCESS.school.read };

  async function assertProgram(db: Db, programId: number | undefined) {
    if (programId === undefined) return;
    const [p] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId));
    if (!p) throw fieldError('program_id', 'validation.choice');
  }

  app.get('/admin/price', { config, schema: { tags, summary: 'Prices (search q in the title)', querystring: ListQuery, response: { 200: listOf(Price) } } }, async (req) => {
    const where = req.query.q ? ilike(prices.title, containsPattern(req.query.q)) : undefined;
    return paginate(req.db, req.query, {
      table: prices,
      where,
      query: req.db.select().from(prices).where(where).$dynamic(),
      orderBy: orderFor(req.query, { id: prices.id, title: prices.title, amount: prices.amount }, desc(prices.id)),
    });
  });

  app.get('/admin/price/:id', { config, schema: { tags, summary: 'One price', params: IdParams, response: { 200: PriceAnswer } } }, async (req) => {
    const [p] = await req.db.select().from(prices).where(eq(prices.id, req.params.id));
    if (!p) throw notFound('price');
    return { data: p };
  });

  app.post(
    '/admin/price',
    {
      config,
      schema: {
        tags,
        summary: 'Create a price',
        body: Type.Object({ ...Fields, extra_amount: Type.Optional(Fields.extra_amount), extra_currency: Type.Optional(Fields.extra_currency) }),
        response: { 201: PriceAnswer },
      },
    },
    async (req, reply) => {
      await assertProgram(req.db, req.body.program_id);
      // only the price's own fields: anything else in the body (a tenant_id among them) is not written
      const known = Object.fromEntries(Object.entries(rub(req.body)).filter(([k]) => k in Fields));
      const [p] = await req.db
        .insert(prices)
        .values(known as typeof prices.$inferInsert)
        .returning();
      return reply.status(201).send({ data: p });
    },
  );

  app.put(
    '/admin/price/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a price: the fields sent (at least one; an empty body is 422 Validation Error)',
        params: IdParams,
        body: Type.Partial(Type.Object(Fields)),
        response: { 200: PriceAnswer },
      },
    },
    async (req) => {
      await assertProgram(req.db, req.body.program_id);
      const known = Object.fromEntries(Object.entries(rub(req.body as Record<string, unknown>)).filter(([k]) => k in Fields));
      if (!Object.keys(known).length) throw new ValidationError({ _: ['validation.required'] });
      const [p] = await req.db.update(prices).set(known).where(eq(prices.id, req.params.id)).returning();
      if (!p) throw notFound('price');
      return { data: p };
    },
  );

  app.delete('/admin/price/:id', { config, schema: { tags, summary: 'Delete a price', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const [p] = await req.db.delete(prices).where(eq(prices.id, req.params.id)).returning({ id: prices.id });
    if (!p) throw notFound('price');
    return { data: p };
  });
}
