import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { marketFoundCheaper, marketFoundCheaperRefs, programs, tenants } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, paginate } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { publishedPrograms } from './published-programs.ts';
import { BUYERS } from './schemas.ts';
import { AdminRequestAnswer, AdminRequestPage, StudentRequestAnswer, StudentRequests } from './responses.ts';

const Currency = Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO')]);

/**
 * "Found cheaper" (issue 13 item 6, docs/marketplace.md): a student reports a lower price seen elsewhere for a
 * published program. The request is kept in the SELLING school (through `app.schoolDb(seller)`, after
 * `publishedPrograms` said the program is published), with the buyer's school, name and user id as plain values; a
 * reference row in the buyer's own school tells the student's list where to read. The seller's admins answer it.
 */
export async function foundCheaperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['marketplace'];
  const adminTags = ['admin: marketplace'];
  const admins = { roles: [...ACCESS.school.read] };

  const studentView = (r: typeof marketFoundCheaper.$inferSelect, program: string, school: string) => ({
    id: r.id,
    program_id: r.program_id,
    program,
    school,
    place: r.place,
    price: r.price,
    currency: r.currency,
    link: r.link,
    comment: r.comment,
    answer: r.answer,
    answered_at: r.answered_at,
    created_at: r.created_at,
  });

  app.get(
    '/api/marketplace/found_cheaper',
    { config: { roles: [...BUYERS] }, schema: { tags, summary: '"Found cheaper": my requests and the selling schools\' answers, newest first', response: { 200: StudentRequests } } },
    async (req) => {
      const me = currentUser(req);
      const refs = await req.db.select().from(marketFoundCheaperRefs).where(eq(marketFoundCheaperRefs.user_id, me.id));
      const bySeller = new Map<number, number[]>();
      for (const r of refs) bySeller.set(r.seller_tenant_id, [...(bySeller.get(r.seller_tenant_id) ?? []), r.request_id]);
      const out: ReturnType<typeof studentView>[] = [];
      for (const [seller, ids] of bySeller) {
        // the seller's school, only this buyer's own requests
        const sdb = app.schoolDb(seller);
        const rows = await sdb
          .select({ r: marketFoundCheaper, program: programs.title })
          .from(marketFoundCheaper)
          .innerJoin(programs, eq(programs.id, marketFoundCheaper.program_id))
          .where(and(inArray(marketFoundCheaper.id, ids), eq(marketFoundCheaper.buyer_tenant_id, req.tenant.id), eq(marketFoundCheaper.buyer_user_id, me.id)));
        const [school] = rows.length ? await sdb.select({ title: tenants.title }).from(tenants) : [];
        for (const x of rows) out.push(studentView(x.r, x.program, school?.title ?? ''));
      }
      out.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
      return { data: out };
    },
  );

  app.post(
    '/api/marketplace/found_cheaper',
    {
      config: { roles: [...BUYERS], noDemo: true },
      schema: {
        tags,
        summary: '"Found cheaper": report a lower price seen elsewhere for a published program (kept by the selling school, which answers it)',
        body: Type.Object({
          program_id: Id,
          place: Type.String({ minLength: 1, maxLength: 255 }),
          price: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
          currency: Currency,
          link: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 1000, pattern: '^(https?://\\S+)?$' })])),
          comment: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2000 })])),
        }),
        response: { 201: StudentRequestAnswer },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const b = req.body;
      const [p] = (await publishedPrograms(app, { id: b.program_id })).data;
      if (!p) throw fieldError('program_id', 'validation.choice');
      const [row] = await app
        .schoolDb(p.seller_id)
        .insert(marketFoundCheaper)
        .values({
          program_id: p.id,
          buyer_tenant_id: req.tenant.id,
          buyer_school: req.tenant.title,
          buyer_user_id: me.id,
          buyer_name: `${me.surname ?? ''} ${me.name ?? ''}`.trim(),
          place: b.place.trim(),
          price: b.price,
          currency: b.currency === 'RUR' ? 'RUB' : b.currency,
          link: b.link || null,
          comment: b.comment || null,
        })
        .returning();
      await req.db.insert(marketFoundCheaperRefs).values({ user_id: me.id, seller_tenant_id: p.seller_id, request_id: row.id });
      return reply.status(201).send({ data: studentView(row, p.title, p.school.title) });
    },
  );

  const adminSelect = () => ({
    id: marketFoundCheaper.id,
    program_id: marketFoundCheaper.program_id,
    program: programs.title,
    buyer_school: marketFoundCheaper.buyer_school,
    buyer_name: marketFoundCheaper.buyer_name,
    place: marketFoundCheaper.place,
    price: marketFoundCheaper.price,
    currency: marketFoundCheaper.currency,
    link: marketFoundCheaper.link,
    comment: marketFoundCheaper.comment,
    answer: marketFoundCheaper.answer,
    answered_at: marketFoundCheaper.answered_at,
    created_at: marketFoundCheaper.created_at,
  });

  app.get(
    '/admin/marketplace/found_cheaper',
    {
      config: admins,
      schema: {
        tags: adminTags,
        summary: '"Found cheaper" requests of students of other schools (and its own) for the school\'s programs, newest first',
        querystring: ListQuery,
        response: { 200: AdminRequestPage },
      },
    },
    async (req) =>
      paginate(req.db, req.query, {
        table: marketFoundCheaper,
        query: req.db.select(adminSelect()).from(marketFoundCheaper).innerJoin(programs, eq(programs.id, marketFoundCheaper.program_id)).$dynamic(),
        orderBy: [desc(marketFoundCheaper.id)],
      }),
  );
  app.get(
    '/admin/marketplace/found_cheaper/:id',
    { config: admins, schema: { tags: adminTags, summary: 'One "found cheaper" request', params: IdParams, response: { 200: AdminRequestAnswer } } },
    async (req) => {
      const [row] = await req.db.select(adminSelect()).from(marketFoundCheaper).innerJoin(programs, eq(programs.id, marketFoundCheaper.program_id)).where(eq(marketFoundCheaper.id, req.params.id));
      if (!row) throw notFound('request');
      return { data: row };
    },
  );
  app.put(
    '/admin/marketplace/found_cheaper/:id',
    {
      config: { ...admins, noDemo: true },
      schema: {
        tags: adminTags,
        summary: 'Answer a "found cheaper" request (the student sees the answer)',
        params: IdParams,
        body: Type.Object({ answer: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: true }),
        response: { 200: AdminRequestAnswer },
      },
    },
    async (req) => {
      const answer = req.body.answer.trim();
      if (!answer) throw fieldError('answer', 'validation.required');
      const [row] = await req.db
        .update(marketFoundCheaper)
        .set({ answer, answered_by: req.actorId ?? currentUser(req).id, answered_at: new Date() })
        .where(eq(marketFoundCheaper.id, req.params.id))
        .returning({ id: marketFoundCheaper.id });
      if (!row) throw notFound('request');
      const [out] = await req.db.select(adminSelect()).from(marketFoundCheaper).innerJoin(programs, eq(programs.id, marketFoundCheaper.program_id)).where(eq(marketFoundCheaper.id, row.id));
      return { data: out };
    },
  );
}
