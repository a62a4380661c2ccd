import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { amodules, aprograms, media, programs, quizzes } from '../../db/schema/index.ts';
import { ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdList, IdParams } from '../../core/schemas.ts';
import { IdAnswer } from '../../core/responses.ts';
import { AmoduleAnswer, AmodulePage, SortAnswer } from './responses.ts';
import { ModuleFields, Title, adminHelpers, config, escapeLike, pick, sortRows, tags } from './admin-schemas.ts';

/** The modules of a branch's program: a program, a material or a quiz of the school, or a task (the back office). */
export function moduleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { exists } = adminHelpers(app);

  // ---- modules of a program
  async function checkModule(db: Db, body: Partial<Record<keyof typeof ModuleFields, unknown>>, before?: typeof amodules.$inferSelect) {
    await exists(db, aprograms, body.aprogram_id as number | undefined, 'aprogram_id');
    await exists(db, programs, body.program_id as number | null | undefined, 'program_id');
    await exists(db, media, body.media_id as number | null | undefined, 'media_id');
    await exists(db, quizzes, body.quiz_id as number | null | undefined, 'quiz_id');
    const kind = (body.kind ?? before?.kind) as string;
    const target = { program: 'program_id', media: 'media_id', quiz: 'quiz_id' }[kind] as 'program_id' | 'media_id' | 'quiz_id';
    const value = target in body ? body[target] : before?.[target];
    if (!value) throw fieldError(target, 'validation.required');
  }
  /** Only the target of the module's kind is kept (a module is one program, one material or one quiz). */
  function targetOnly(patch: Record<string, unknown>, kind: string | undefined) {
    if (!kind) return patch;
    for (const k of ['program', 'media', 'quiz']) if (k !== kind) patch[`${k}_id`] = null;
    return patch;
  }

  app.get(
    '/admin/amodule',
    {
      config,
      schema: {
        tags,
        summary: 'Modules of branch programs; filter[aprogram_id]; q searches the title',
        querystring: Type.Intersect([ListQuery, Type.Object({ aprogram_id: Type.Optional(Id) })]),
        response: { 200: AmodulePage },
      },
    },
    async (req) => {
      const prog = req.query.aprogram_id ?? filterId(req.query.filter as Record<string, unknown>, 'aprogram_id');
      const where = and(prog ? eq(amodules.aprogram_id, prog) : undefined, req.query.q ? ilike(amodules.title, escapeLike(req.query.q)) : undefined);
      return paginate(req.db, req.query, {
        table: amodules,
        where,
        query: req.db.select().from(amodules).where(where).$dynamic(),
        orderBy: [...orderFor(req.query, { id: amodules.id, title: amodules.title, sort: amodules.sort }, asc(amodules.sort)), asc(amodules.id)],
      });
    },
  );

  app.put(
    '/admin/amodule/sort',
    { config, schema: { tags, summary: 'Order modules of a program ({ ids: [...] })', body: Type.Object({ ids: IdList({ minItems: 1, maxItems: 500 }) }), response: { 200: SortAnswer } } },
    async (req) => {
      await sortRows(req.db, amodules, req.body.ids);
      return { data: { ids: req.body.ids } };
    },
  );

  async function loadModule(db: Db, id: number) {
    const [m] = await db.select().from(amodules).where(eq(amodules.id, id));
    if (!m) throw notFound('amodule');
    return m;
  }
  app.get('/admin/amodule/:id', { config, schema: { tags, summary: 'One module', params: IdParams, response: { 200: AmoduleAnswer } } }, async (req) => ({
    data: await loadModule(req.db, req.params.id),
  }));

  app.post(
    '/admin/amodule',
    {
      config,
      schema: {
        tags,
        summary: 'Create a module: kind program|media|quiz with the id of that program, material or quiz',
        body: Type.Intersect([Type.Object({ aprogram_id: Id, title: Title, kind: ModuleFields.kind }), Type.Partial(Type.Object(ModuleFields))]),
        response: { 201: AmoduleAnswer },
      },
    },
    async (req, reply) => {
      await checkModule(req.db, req.body);
      const [m] = await req.db
        .insert(amodules)
        .values(targetOnly(pick(req.body, ModuleFields), req.body.kind) as typeof amodules.$inferInsert)
        .returning();
      return reply.status(201).send({ data: m });
    },
  );

  app.put(
    '/admin/amodule/:id',
    { config, schema: { tags, summary: 'Edit a module: the fields sent', params: IdParams, body: Type.Partial(Type.Object(ModuleFields)), response: { 200: AmoduleAnswer } } },
    async (req) => {
      const before = await loadModule(req.db, req.params.id);
      await checkModule(req.db, req.body, before);
      const patch = targetOnly(pick(req.body, ModuleFields), req.body.kind);
      if (!Object.keys(patch).length) throw new ValidationError({ _: ['validation.required'] });
      const [m] = await req.db.update(amodules).set(patch).where(eq(amodules.id, before.id)).returning();
      return { data: m };
    },
  );

  app.delete('/admin/amodule/:id', { config, schema: { tags, summary: 'Delete a module', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const m = await loadModule(req.db, req.params.id);
    await req.db.delete(amodules).where(eq(amodules.id, m.id));
    return { data: { id: m.id } };
  });
}
