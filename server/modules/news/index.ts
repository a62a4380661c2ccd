import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/client.ts';
import { news, newsReads } from '../../db/schema/index.ts';
import { currentUser, type User } from '../../core/context.ts';
import { accessDenied, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, pageMeta, paginate } from '../../core/pagination.ts';
import { curatorNewsRoutes } from './curator.ts';
import { withReadCounts } from './read-counts.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { Audience, NewsRow, NewsWithReads, ReadNews, UnreadRequired } from './responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { cleanHtml } from '../../core/html.ts';

const tags = ['news'];
const adminTags = ['admin: news'];

/**
 * News for students and staff (`all`) and for curators (`curators`, read by moderators), with read marks.
 * Bodies are sanitised when written; the back office manages news under /admin/news (docs/documents.md "News").
 */
export default async function newsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** Moderators (curators) read curator news; everybody else reads the school's news. */
  const audienceOf = (u: User) => (u.role === 'moderator' ? 'curators' : 'all');
  const columns = {
    id: news.id,
    title: news.title,
    title_en: news.title_en,
    body: news.body,
    required: news.required,
    audience: news.audience,
    published_at: news.published_at,
    read_at: newsReads.read_at,
  };
  /** Bodies are sanitised on write; sanitised again on read for rows written around the API (imports, seeds). */
  const withRead = <T extends { read_at: Date | null; body: string }>({ read_at, ...n }: T) => ({ ...n, body: cleanHtml(n.body), is_read: !!read_at });

  app.get(
    '/api/news',
    {
      schema: {
        tags,
        summary: 'News with read marks, newest first; required=true answers only the required ones (moderators get curator news)',
        querystring: Type.Intersect([ListQuery, Type.Object({ required: Type.Optional(Type.Boolean()) })]),
        response: { 200: listOf(ReadNews) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const where = and(eq(news.audience, audienceOf(me)), req.query.required ? eq(news.required, true) : undefined);
      const perPage = req.query.per_page ?? 15;
      const page = req.query.page ?? 1;
      const [{ total }] = await req.db.select({ total: count() }).from(news).where(where);
      const rows = await req.db
        .select(columns)
        .from(news)
        .leftJoin(newsReads, and(eq(newsReads.news_id, news.id), eq(newsReads.user_id, me.id)))
        .where(where)
        .orderBy(desc(news.published_at), desc(news.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const data = rows.map(withRead);
      return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
    },
  );

  app.get(
    '/api/news/unread/required',
    {
      schema: {
        tags,
        summary: 'Required news the user has not read yet (the portal shows them first)',
        response: { 200: UnreadRequired },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const rows = await req.db
        .select({ id: news.id, title: news.title, title_en: news.title_en })
        .from(news)
        .leftJoin(newsReads, and(eq(newsReads.news_id, news.id), eq(newsReads.user_id, me.id)))
        .where(and(eq(news.required, true), eq(news.audience, audienceOf(me)), isNull(newsReads.user_id)))
        .orderBy(news.published_at);
      return { data: rows };
    },
  );

  app.get('/api/news/:id', { schema: { tags, summary: 'One news item with its read mark', params: IdParams, response: { 200: dataOf(ReadNews) } } }, async (req) => {
    const me = currentUser(req);
    const [n] = await req.db
      .select(columns)
      .from(news)
      .leftJoin(newsReads, and(eq(newsReads.news_id, news.id), eq(newsReads.user_id, me.id)))
      .where(and(eq(news.id, req.params.id), eq(news.audience, audienceOf(me))));
    if (!n) throw notFound('news');
    return { data: withRead(n) };
  });

  app.put(
    '/api/news/:id',
    {
      schema: {
        tags,
        summary: 'Mark a news item as read (records a news_read event the first time)',
        params: IdParams,
        response: { 200: dataOf(Type.Object({ id: Id, is_read: Type.Literal(true) })) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const [n] = await req.db
        .select({ id: news.id })
        .from(news)
        .where(and(eq(news.id, req.params.id), eq(news.audience, audienceOf(me))));
      if (!n) throw notFound('news');
      if (!req.actorId) {
        // demo mode reads without marking: the admin is looking, not the user
        const inserted = await req.db.insert(newsReads).values({ news_id: n.id, user_id: me.id }).onConflictDoNothing().returning({ id: newsReads.news_id });
        if (inserted.length) await fastify.recordEvent(req, 'news_read', { type: 'news', id: n.id });
      }
      return { data: { id: n.id, is_read: true as const } };
    },
  );

  // ---- back office --------------------------------------------------------------------------
  const staff = { roles: ACCESS.curatorWork.read };
  /** Admins manage every news item; moderators only curator news. */
  const manageable = (u: User): SQL | undefined => (u.role === 'moderator' ? eq(news.audience, 'curators') : undefined);
  const Body = Type.Object({
    title: Type.String({ minLength: 1, maxLength: 255 }),
    title_en: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    body: Type.String({ minLength: 1, maxLength: 100_000 }),
    required: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')])),
    audience: Type.Optional(Audience),
    published_at: Type.Optional(Type.String({ format: 'date-time' })),
  });
  const toRow = (b: Static<typeof Body>, u: User) => {
    const audience = u.role === 'moderator' ? 'curators' : (b.audience ?? 'all');
    if (u.role === 'moderator' && b.audience === 'all') throw accessDenied();
    return {
      title: b.title.trim(),
      title_en: b.title_en?.trim() || null,
      body: cleanHtml(b.body),
      required: b.required === true || b.required === '1' || b.required === 'true',
      audience: audience as 'all' | 'curators',
      ...(b.published_at ? { published_at: new Date(b.published_at) } : {}),
    };
  };
  curatorNewsRoutes(fastify, cleanHtml);

  app.get(
    '/admin/news',
    {
      config: staff,
      schema: {
        tags: adminTags,
        summary: 'News of the school (moderators: curator news); q searches titles; filter[audience], filter[required]',
        querystring: ListQuery,
        response: { 200: listOf(NewsWithReads) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const f = (req.query.filter ?? {}) as Record<string, string>;
      const where = and(
        manageable(me),
        f.audience === 'all' || f.audience === 'curators' ? eq(news.audience, f.audience) : undefined,
        f.required !== undefined && f.required !== '' ? eq(news.required, f.required === '1' || f.required === 'true') : undefined,
        req.query.q ? or(ilike(news.title, containsPattern(req.query.q)), ilike(news.title_en, containsPattern(req.query.q))) : undefined,
      );
      const page = await paginate<typeof news.$inferSelect>(req.db, req.query, {
        table: news,
        where,
        searched: Boolean(req.query.q),
        orderBy: orderFor(req.query, { id: news.id, title: news.title, published_at: news.published_at, required: news.required }, desc(news.published_at)),
      });
      return { data: await withReadCounts(req.db, page.data), meta: page.meta };
    },
  );

  const findManaged = async (db: Db, u: User, id: number) => {
    const [n] = await db
      .select()
      .from(news)
      .where(and(eq(news.id, id), manageable(u)));
    if (!n) throw notFound('news');
    return n;
  };

  app.get(
    '/admin/news/:id',
    { config: staff, schema: { tags: adminTags, summary: 'One news item with how many have read it', params: IdParams, response: { 200: dataOf(NewsWithReads) } } },
    async (req) => {
      const n = await findManaged(req.db, currentUser(req), req.params.id);
      return { data: (await withReadCounts(req.db, [n]))[0] };
    },
  );

  app.post(
    '/admin/news',
    { config: { ...staff, noDemo: true }, schema: { tags: adminTags, summary: 'Publish a news item (the body is sanitised)', body: Body, response: { 201: dataOf(NewsRow) } } },
    async (req, reply) => {
      const [n] = await req.db
        .insert(news)
        .values(toRow(req.body, currentUser(req)))
        .returning();
      return reply.status(201).send({ data: n });
    },
  );

  app.put(
    '/admin/news/:id',
    { config: { ...staff, noDemo: true }, schema: { tags: adminTags, summary: 'Edit a news item (the body is sanitised)', params: IdParams, body: Body, response: { 200: dataOf(NewsRow) } } },
    async (req) => {
      const me = currentUser(req);
      await findManaged(req.db, me, req.params.id);
      const [n] = await req.db.update(news).set(toRow(req.body, me)).where(eq(news.id, req.params.id)).returning();
      return { data: n };
    },
  );

  app.delete('/admin/news/:id', { config: { ...staff, noDemo: true }, schema: { tags: adminTags, summary: 'Delete a news item', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    await findManaged(req.db, currentUser(req), req.params.id);
    await req.db.delete(news).where(eq(news.id, req.params.id));
    return { data: { id: req.params.id } };
  });
}
