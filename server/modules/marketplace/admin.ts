import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, marketLearners, marketListings, programUsers, programs, storeCategories, users } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, paginate } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { IdAnswer } from '../../core/responses.ts';
import { INSTALMENT_MONTHS, adminTags, admins } from './schemas.ts';
import { LearnerPage, ListingAnswer, ListingPage } from './responses.ts';

/** The back office's publishing: the school's listings on the marketplace, and the buyers from other schools. */
export function listingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
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
}
