import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chapterMedia, chapterQuizzes, chapters, programTrainers, programs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { langOf } from '../../mail/texts.ts';
import { ADMINS, IdList, STAFF, tags } from './admin-schemas.ts';
import { chaptersOfProgram, newOrder, programOf, structureOf, type Tx } from './structure.ts';
import { Id, IdParams } from '../../core/schemas.ts';

type Program = typeof programs.$inferSelect;

/** The copy's title: the source's with " (копия)" (or " (copy)" for an English request); title_en always gets " (copy)". */
export function copyTitles(p: Pick<Program, 'title' | 'title_en'>, lang: 'ru' | 'en') {
  const suffix = lang === 'en' ? ' (copy)' : ' (копия)';
  return { title: `${p.title}${suffix}`.slice(0, 255), title_en: p.title_en ? `${p.title_en} (copy)`.slice(0, 255) : p.title_en };
}

/**
 * A deep copy of a program: every field, its trainers, its chapters in order and their media and quizzes (the same
 * materials and quizzes, attached again, in order). Not copied: enrolled users and groups, prices, students' progress.
 */
export async function cloneProgram(tx: Tx, source: Program, lang: 'ru' | 'en') {
  // the copy belongs to the school of the handle, which stamps it: the source's own tenant_id is not copied
  const { id: _id, created_at: _c, tenant_id: _t, ...fields } = source;
  void _id;
  void _c;
  void _t;
  const [copy] = await tx
    .insert(programs)
    .values({ ...fields, ...copyTitles(source, lang) })
    .returning();
  const trainers = await tx.select({ user_id: programTrainers.user_id }).from(programTrainers).where(eq(programTrainers.program_id, source.id));
  if (trainers.length) await tx.insert(programTrainers).values(trainers.map((t) => ({ program_id: copy.id, user_id: t.user_id })));
  const list = await chaptersOfProgram(tx, source.id);
  if (list.length) {
    const made = await tx
      .insert(chapters)
      .values(list.map((c) => ({ program_id: copy.id, title: c.title, sort: c.sort })))
      .returning({ id: chapters.id });
    // returning() keeps the order of the inserted rows
    const map = new Map(list.map((c, i) => [c.id, made[i].id]));
    const m = await tx
      .select()
      .from(chapterMedia)
      .where(
        inArray(
          chapterMedia.chapter_id,
          list.map((c) => c.id),
        ),
      )
      .orderBy(asc(chapterMedia.sort));
    if (m.length) await tx.insert(chapterMedia).values(m.map((x) => ({ chapter_id: map.get(x.chapter_id)!, media_id: x.media_id, sort: x.sort })));
    const q = await tx
      .select()
      .from(chapterQuizzes)
      .where(
        inArray(
          chapterQuizzes.chapter_id,
          list.map((c) => c.id),
        ),
      )
      .orderBy(asc(chapterQuizzes.sort));
    if (q.length) await tx.insert(chapterQuizzes).values(q.map((x) => ({ chapter_id: map.get(x.chapter_id)!, quiz_id: x.quiz_id, sort: x.sort })));
  }
  return copy;
}

/** Program-level work of the builder: its structure, chapter order, clone, duplicate and bulk delete. */
export function programRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admins = { roles: [...ADMINS] };

  app.get(
    '/admin/program/:id/structure',
    {
      config: { roles: [...STAFF] },
      schema: { tags, summary: "The program's chapters, each with its media and quizzes, in order", params: IdParams },
    },
    async (req) => ({ data: await structureOf(req.db, await programOf(req.db, req, req.params.id)) }),
  );

  app.post(
    '/admin/program/:id/sortChapter',
    {
      config: admins,
      schema: { tags, summary: 'Order the chapters (ids: chapter ids of this program in the new order); answers the structure', params: IdParams, body: Type.Object({ ids: IdList() }) },
    },
    async (req) => {
      const p = await programOf(req.db, req, req.params.id);
      await req.db.transaction(async (tx) => {
        const current = (await chaptersOfProgram(tx, p.id)).map((c) => c.id);
        const order = newOrder(current, req.body.ids);
        for (const [i, id] of order.entries())
          await tx
            .update(chapters)
            .set({ sort: i + 1 })
            .where(eq(chapters.id, id));
      });
      return { data: await structureOf(req.db, p) };
    },
  );

  app.post(
    '/admin/program/:id/clone',
    {
      config: admins,
      schema: { tags, summary: 'Deep copy of a program (fields, trainers, chapters, attached media and quizzes; not enrolments); the title says it is a copy', params: IdParams },
    },
    async (req, reply) => {
      const source = await programOf(req.db, req, req.params.id);
      const copy = await req.db.transaction((tx) => cloneProgram(tx, source, langOf(req.headers['accept-language'])));
      return reply.status(201).send({ data: copy });
    },
  );

  app.post(
    '/admin/duplicate/program',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Copy many programs ({ ids }); ids of another school are ignored; none of ours: 404',
        body: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 200 })) }),
      },
    },
    async (req, reply) => {
      const ids = [...new Set(req.body.ids ?? [])];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_PROGRAM', 'No program selected');
      const own = await req.db.select().from(programs).where(inArray(programs.id, ids)).orderBy(asc(programs.id));
      if (!own.length) throw notFound('program');
      const lang = langOf(req.headers['accept-language']);
      const copies = await req.db.transaction(async (tx) => {
        const out: Program[] = [];
        for (const p of own) out.push(await cloneProgram(tx, p, lang));
        return out;
      });
      return reply.status(201).send({ data: copies });
    },
  );

  app.post(
    '/admin/delete/program',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Delete many programs ({ ids }) with their chapters and enrolments; ids of another school are ignored; none of ours: 404',
        body: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })) }),
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids ?? [])];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_PROGRAM', 'No program selected');
      const gone = await req.db.delete(programs).where(inArray(programs.id, ids)).returning({ id: programs.id });
      if (!gone.length) throw notFound('program');
      return { data: { count: gone.length, deleted: gone.map((r) => r.id).sort((a, b) => a - b) } };
    },
  );
}
