import { and, asc, count, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chapterMedia, chapterQuizzes, chapters, media, programs } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { ADMINS, IdList, STAFF, tags } from './admin-schemas.ts';
import { assignedProgramIds, chapterOf, chapterView, mediaOf, newOrder, nextChapterSort, programOf, quizOf } from './structure.ts';
import { Id, IdParams, isId } from '../../core/schemas.ts';
import { containsPattern } from '../../core/search.ts';
import { dataOf, listOf } from '../../core/responses.ts';
import { BuilderChapter, BuilderChapterRow, MediaChoice } from './responses.ts';

const Title = Type.String({ minLength: 1, maxLength: 255 });
const ChapterAnswer = dataOf(BuilderChapter);

/** `/admin/programChapter`: chapters of a program, and the media and quizzes attached to each, in order. */
export function chapterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admins = { roles: [...ADMINS] };
  const staff = { roles: [...STAFF] };

  app.get(
    '/admin/programChapter',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Chapters (filter[program_id], search q in the title), in program order by default; a trainer sees only the chapters of programs assigned to them',
        querystring: ListQuery,
        response: { 200: listOf(BuilderChapterRow) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const raw = (req.query.filter as Record<string, unknown> | undefined)?.program_id;
      let programId: number | undefined;
      if (raw !== undefined && raw !== '') {
        programId = Number(raw);
        if (!isId(programId)) throw fieldError('filter.program_id', 'validation.format');
        await programOf(req.db, req, programId);
      }
      const where = and(
        programId ? eq(chapters.program_id, programId) : undefined,
        req.query.q ? ilike(chapters.title, containsPattern(req.query.q)) : undefined,
        me.role === 'trainer' ? inArray(chapters.program_id, await assignedProgramIds(req.db, me.id).then((ids) => (ids.length ? ids : [0]))) : undefined,
      );
      const mediaCount = req.db.select({ n: count() }).from(chapterMedia).where(eq(chapterMedia.chapter_id, chapters.id));
      const quizCount = req.db.select({ n: count() }).from(chapterQuizzes).where(eq(chapterQuizzes.chapter_id, chapters.id));
      return paginate(req.db, req.query, {
        table: chapters,
        where,
        query: req.db
          .select({ id: chapters.id, program_id: chapters.program_id, title: chapters.title, sort: chapters.sort, media_count: sqlInt(mediaCount), quizzes_count: sqlInt(quizCount) })
          .from(chapters)
          .where(where)
          .$dynamic(),
        orderBy: [...orderFor(req.query, { id: chapters.id, title: chapters.title, sort: chapters.sort }, asc(chapters.program_id)), asc(chapters.sort), asc(chapters.id)],
      });
    },
  );

  app.get(
    '/admin/programChapter/:id',
    { config: staff, schema: { tags, summary: 'A chapter with its media and quizzes, in order', params: IdParams, response: { 200: ChapterAnswer } } },
    async (req) => ({
      data: await chapterView(req.db, await chapterOf(req.db, req, req.params.id)),
    }),
  );

  app.post(
    '/admin/programChapter',
    {
      config: admins,
      schema: { tags, summary: 'Add a chapter at the end of a program', body: Type.Object({ program_id: Id, title: Title }), response: { 201: ChapterAnswer } },
    },
    async (req, reply) => {
      const p = await programOf(req.db, req, req.body.program_id);
      const row = await req.db.transaction(async (tx) => {
        // one program at a time: two chapters added together still get distinct places
        await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, p.id)).for('update');
        const [c] = await tx
          .insert(chapters)
          .values({ program_id: p.id, title: req.body.title.trim() || req.body.title, sort: await nextChapterSort(tx, p.id) })
          .returning();
        return c;
      });
      return reply.status(201).send({ data: await chapterView(req.db, row) });
    },
  );

  app.put(
    '/admin/programChapter/:id',
    { config: admins, schema: { tags, summary: 'Rename a chapter', params: IdParams, body: Type.Object({ title: Title }), response: { 200: ChapterAnswer } } },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      const title = req.body.title.trim();
      if (!title) throw fieldError('title', 'validation.required');
      const [row] = await req.db.update(chapters).set({ title }).where(eq(chapters.id, c.id)).returning();
      return { data: await chapterView(req.db, row) };
    },
  );

  app.delete(
    '/admin/programChapter/:id',
    {
      config: admins,
      schema: { tags, summary: 'Delete a chapter (its attachments go with it; the media and quizzes stay)', params: IdParams, response: { 200: dataOf(Type.Object({ id: Id, program_id: Id })) } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      await req.db.delete(chapters).where(eq(chapters.id, c.id));
      return { data: { id: c.id, program_id: c.program_id } };
    },
  );

  // ---- media ----------------------------------------------------------------------------------
  app.post(
    '/admin/programChapter/:id/attachMedia',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Attach a material at the end of the chapter (attaching it again changes nothing)',
        params: IdParams,
        body: Type.Object({ media_id: Id }),
        response: { 200: ChapterAnswer },
      },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      const mediaId = (await mediaOf(req.db, req.body.media_id)).id;
      const [{ n }] = await req.db
        .select({ n: max(chapterMedia.sort) })
        .from(chapterMedia)
        .where(eq(chapterMedia.chapter_id, c.id));
      await req.db
        .insert(chapterMedia)
        .values({ chapter_id: c.id, media_id: mediaId, sort: (n ?? 0) + 1 })
        .onConflictDoNothing();
      return { data: await chapterView(req.db, c) };
    },
  );

  app.post(
    '/admin/programChapter/:id/detachMedia',
    {
      config: admins,
      schema: { tags, summary: 'Detach a material from the chapter (the material stays in the library)', params: IdParams, body: Type.Object({ media_id: Id }), response: { 200: ChapterAnswer } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      const gone = await req.db
        .delete(chapterMedia)
        .where(and(eq(chapterMedia.chapter_id, c.id), eq(chapterMedia.media_id, req.body.media_id)))
        .returning();
      if (!gone.length) throw notFound('media');
      return { data: await chapterView(req.db, c) };
    },
  );

  app.post(
    '/admin/programChapter/:id/sortMedia',
    {
      config: admins,
      schema: { tags, summary: "Order the chapter's materials (ids: attached media ids in the new order)", params: IdParams, body: Type.Object({ ids: IdList() }), response: { 200: ChapterAnswer } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      await req.db.transaction(async (tx) => {
        const current = (await tx.select({ id: chapterMedia.media_id }).from(chapterMedia).where(eq(chapterMedia.chapter_id, c.id)).orderBy(asc(chapterMedia.sort), asc(chapterMedia.media_id))).map(
          (r) => r.id,
        );
        const order = newOrder(current, req.body.ids);
        for (const [i, id] of order.entries())
          await tx
            .update(chapterMedia)
            .set({ sort: i + 1 })
            .where(and(eq(chapterMedia.chapter_id, c.id), eq(chapterMedia.media_id, id)));
      });
      return { data: await chapterView(req.db, c) };
    },
  );

  // ---- quizzes --------------------------------------------------------------------------------
  app.post(
    '/admin/programChapter/:id/attachQuiz',
    {
      config: admins,
      schema: { tags, summary: 'Attach a quiz at the end of the chapter (attaching it again changes nothing)', params: IdParams, body: Type.Object({ quiz_id: Id }), response: { 200: ChapterAnswer } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      const quizId = await quizOf(req.db, req.body.quiz_id);
      const [{ n }] = await req.db
        .select({ n: max(chapterQuizzes.sort) })
        .from(chapterQuizzes)
        .where(eq(chapterQuizzes.chapter_id, c.id));
      await req.db
        .insert(chapterQuizzes)
        .values({ chapter_id: c.id, quiz_id: quizId, sort: (n ?? 0) + 1 })
        .onConflictDoNothing();
      return { data: await chapterView(req.db, c) };
    },
  );

  app.post(
    '/admin/programChapter/:id/detachQuiz',
    {
      config: admins,
      schema: { tags, summary: 'Detach a quiz from the chapter (the quiz and its attempts stay)', params: IdParams, body: Type.Object({ quiz_id: Id }), response: { 200: ChapterAnswer } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      const gone = await req.db
        .delete(chapterQuizzes)
        .where(and(eq(chapterQuizzes.chapter_id, c.id), eq(chapterQuizzes.quiz_id, req.body.quiz_id)))
        .returning();
      if (!gone.length) throw notFound('quiz');
      return { data: await chapterView(req.db, c) };
    },
  );

  app.post(
    '/admin/programChapter/:id/sortQuiz',
    {
      config: admins,
      schema: { tags, summary: "Order the chapter's quizzes (ids: attached quiz ids in the new order)", params: IdParams, body: Type.Object({ ids: IdList() }), response: { 200: ChapterAnswer } },
    },
    async (req) => {
      const c = await chapterOf(req.db, req, req.params.id);
      await req.db.transaction(async (tx) => {
        const current = (
          await tx.select({ id: chapterQuizzes.quiz_id }).from(chapterQuizzes).where(eq(chapterQuizzes.chapter_id, c.id)).orderBy(asc(chapterQuizzes.sort), asc(chapterQuizzes.quiz_id))
        ).map((r) => r.id);
        const order = newOrder(current, req.body.ids);
        for (const [i, id] of order.entries())
          await tx
            .update(chapterQuizzes)
            .set({ sort: i + 1 })
            .where(and(eq(chapterQuizzes.chapter_id, c.id), eq(chapterQuizzes.quiz_id, id)));
      });
      return { data: await chapterView(req.db, c) };
    },
  );

  // ---- choices for the builder's autocomplete ---------------------------------------------------
  app.get(
    '/admin/programChapter/options/media',
    {
      config: admins,
      schema: { tags, summary: 'Materials of the school to attach (search q in the title), newest first', querystring: ListQuery, response: { 200: listOf(MediaChoice) } },
    },
    async (req) => {
      const where = req.query.q ? ilike(media.title, containsPattern(req.query.q)) : undefined;
      return paginate(req.db, req.query, {
        table: media,
        where,
        query: req.db.select({ id: media.id, title: media.title, kind: media.kind }).from(media).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: media.id, title: media.title }, desc(media.id)),
      });
    },
  );
}

function sqlInt(sub: { getSQL(): SQL }) {
  return sql<number>`(${sub})::int`;
}
