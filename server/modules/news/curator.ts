import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/client.ts';
import { news } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { withReadCounts } from './read-counts.ts';
import { IdParams } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { NewsWithReads } from './responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: news'];
const Bool = Type.Union([Type.Boolean(), Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')]);
const Body = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  title_en: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  body: Type.String({ minLength: 1, maxLength: 100_000 }),
  required: Type.Optional(Bool),
});

/**
 * Curator news (spec route `news/curator`): the news channel of the curators (moderators), i.e. news with
 * `audience = curators`. Moderators, admins and superadmins manage them here; moderators read them in
 * /api/news (students never see them). `required` works as for other news: unread required curator news
 * are answered by /api/news/unread/required to moderators.
 */
export function curatorNewsRoutes(fastify: FastifyInstance, cleanBody: (html: string) => string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ACCESS.curatorWork.read };
  const write = { ...config, noDemo: true };
  const scope = eq(news.audience, 'curators');
  const toRow = (b: Static<typeof Body>) => ({
    title: b.title.trim(),
    title_en: b.title_en?.trim() || null,
    body: cleanBody(b.body),
    required: b.required === true || b.required === '1' || b.required === 'true',
    audience: 'curators' as const,
  });
  const load = async (db: Db, id: number) => {
    const [n] = await db
      .select()
      .from(news)
      .where(and(eq(news.id, id), scope));
    if (!n) throw notFound('news');
    return n;
  };

  app.get(
    '/admin/news/curator',
    {
      config,
      schema: { tags, summary: 'Curator news (for moderators): q searches titles, filter[required]', querystring: ListQuery, response: { 200: listOf(NewsWithReads) } },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, string>;
      const q = req.query.q;
      const where = and(
        scope,
        f.required !== undefined && f.required !== '' ? eq(news.required, f.required === '1' || f.required === 'true') : undefined,
        q ? or(ilike(news.title, containsPattern(q)), ilike(news.title_en, containsPattern(q))) : undefined,
      );
      const page = await paginate<typeof news.$inferSelect>(req.db, req.query, {
        table: news,
        where,
        query: req.db.select().from(news).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: news.id, title: news.title, published_at: news.published_at, required: news.required }, desc(news.published_at)),
      });
      return { data: await withReadCounts(req.db, page.data), meta: page.meta };
    },
  );

  app.get(
    '/admin/news/curator/:id',
    { config, schema: { tags, summary: 'One curator news item with how many have read it', params: IdParams, response: { 200: dataOf(NewsWithReads) } } },
    async (req) => {
      const n = await load(req.db, req.params.id);
      return { data: (await withReadCounts(req.db, [n]))[0] };
    },
  );

  app.post(
    '/admin/news/curator',
    { config: write, schema: { tags, summary: 'Publish a curator news item (the body is sanitised)', body: Body, response: { 201: dataOf(NewsWithReads) } } },
    async (req, reply) => {
      const [n] = await req.db.insert(news).values(toRow(req.body)).returning();
      return reply.status(201).send({ data: { ...n, read_count: 0 } });
    },
  );

  app.put('/admin/news/curator/:id', { config: write, schema: { tags, summary: 'Edit a curator news item', params: IdParams, body: Body, response: { 200: dataOf(NewsWithReads) } } }, async (req) => {
    await load(req.db, req.params.id);
    const [n] = await req.db
      .update(news)
      .set(toRow(req.body))
      .where(and(eq(news.id, req.params.id), scope))
      .returning();
    return { data: (await withReadCounts(req.db, [n]))[0] };
  });

  app.delete('/admin/news/curator/:id', { config: write, schema: { tags, summary: 'Delete a curator news item', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    await load(req.db, req.params.id);
    await req.db.delete(news).where(and(eq(news.id, req.params.id), scope));
    return { data: { id: req.params.id } };
  });
}
