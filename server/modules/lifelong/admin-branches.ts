import { and, asc, count, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { abranches, achievementAwards, achievements, amodules, aprograms } from '../../db/schema/index.ts';
import { ValidationError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdList, IdParams } from '../../core/schemas.ts';
import { IdAnswer } from '../../core/responses.ts';
import { AprogramAnswer, AprogramPage, BranchAnswer, BranchPage, BranchTree, SortAnswer } from './responses.ts';
import { BranchFields, IMAGE_LIMITS, ProgramFields, Title, adminHelpers, config, escapeLike, pick, sortRows, tags } from './admin-schemas.ts';
import { achievementView, branchView } from './images.ts';

/** Branches of lifelong learning and the programs of a branch (the back office). */
export function branchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { imageOf, dropFile, exists } = adminHelpers(app);

  // ---- branches
  app.get(
    '/admin/abranch',
    { config, schema: { tags, summary: 'Branches of lifelong learning; q searches the title; sort id, title, sort', querystring: ListQuery, response: { 200: BranchPage } } },
    async (req) => {
      const where = req.query.q ? ilike(abranches.title, escapeLike(req.query.q)) : undefined;
      const page = await paginate<typeof abranches.$inferSelect>(req.db, req.query, {
        table: abranches,
        where,
        query: req.db.select().from(abranches).where(where).$dynamic(),
        orderBy: [...orderFor(req.query, { id: abranches.id, title: abranches.title, sort: abranches.sort }, asc(abranches.sort)), asc(abranches.id)],
      });
      return { data: page.data.map((b) => branchView(b, req.tenant.slug)), meta: page.meta };
    },
  );

  app.put(
    '/admin/abranch/sort',
    {
      config,
      schema: {
        tags,
        summary: "Order the branches ({ ids: [...] }: sort becomes each one's place)",
        body: Type.Object({ ids: IdList({ minItems: 1, maxItems: 500 }) }),
        response: { 200: SortAnswer },
      },
    },
    async (req) => {
      await sortRows(req.db, abranches, req.body.ids);
      return { data: { ids: req.body.ids } };
    },
  );

  async function loadBranch(db: Db, id: number) {
    const [b] = await db.select().from(abranches).where(eq(abranches.id, id));
    if (!b) throw notFound('abranch');
    return b;
  }

  app.get('/admin/abranch/:id', { config, schema: { tags, summary: 'One branch', params: IdParams, response: { 200: BranchAnswer } } }, async (req) => ({
    data: branchView(await loadBranch(req.db, req.params.id), req.tenant.slug),
  }));

  app.get(
    '/admin/abranch/:id/tree',
    {
      config,
      schema: { tags, summary: "The branch builder's view: the branch, its programs with their modules, its achievements, each in order", params: IdParams, response: { 200: BranchTree } },
    },
    async (req) => {
      const b = await loadBranch(req.db, req.params.id);
      const progs = await req.db.select().from(aprograms).where(eq(aprograms.abranch_id, b.id)).orderBy(asc(aprograms.sort), asc(aprograms.id));
      const mods = progs.length
        ? await req.db
            .select()
            .from(amodules)
            .where(
              inArray(
                amodules.aprogram_id,
                progs.map((p) => p.id),
              ),
            )
            .orderBy(asc(amodules.sort), asc(amodules.id))
        : [];
      const achs = await req.db.select().from(achievements).where(eq(achievements.abranch_id, b.id)).orderBy(asc(achievements.sort), asc(achievements.id));
      const earned = achs.length
        ? await req.db
            .select({ id: achievementAwards.achievement_id, n: count() })
            .from(achievementAwards)
            .where(
              and(
                inArray(
                  achievementAwards.achievement_id,
                  achs.map((a) => a.id),
                ),
                isNull(achievementAwards.revoked_at),
              ),
            )
            .groupBy(achievementAwards.achievement_id)
        : [];
      return {
        data: {
          ...branchView(b, req.tenant.slug),
          programs: progs.map((p) => ({ ...p, modules: mods.filter((m) => m.aprogram_id === p.id) })),
          achievements: achs.map((a) => ({ ...achievementView(a, req.tenant.slug), earned: Number(earned.find((e) => e.id === a.id)?.n ?? 0) })),
        },
      };
    },
  );

  const branchBody = (required: boolean) => {
    const o = Type.Partial(Type.Object({ ...BranchFields, image: Type.Any() }));
    return required ? Type.Intersect([Type.Object({ title: Title }), o]) : o;
  };

  app.post(
    '/admin/abranch',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags,
        summary: 'Create a branch (JSON, or form data with an `image`: JPEG, PNG, WebP or GIF, at most 5 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        body: branchBody(true),
        response: { 201: BranchAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body as Record<string, unknown>;
      const image = await imageOf(req.tenant.slug, body.image);
      const [b] = await req.db
        .insert(abranches)
        .values({ ...(pick(body, BranchFields) as { title: string }), image: image ?? null })
        .returning();
      return reply.status(201).send({ data: branchView(b, req.tenant.slug) });
    },
  );

  app.put(
    '/admin/abranch/:id',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags,
        summary: 'Edit a branch: the fields sent (form data with _method=PUT for a new `image`; `image: null` removes it)',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: branchBody(false),
        response: { 200: BranchAnswer },
      },
    },
    async (req) => {
      const before = await loadBranch(req.db, req.params.id);
      const body = req.body as Record<string, unknown>;
      const image = await imageOf(req.tenant.slug, body.image);
      const patch = { ...pick(body, BranchFields), ...(image !== undefined ? { image } : {}) };
      if (!Object.keys(patch).length) throw new ValidationError({ _: ['validation.required'] });
      const [b] = await req.db.update(abranches).set(patch).where(eq(abranches.id, before.id)).returning();
      if (image !== undefined && before.image !== image) await dropFile(req.tenant.slug, before.image);
      return { data: branchView(b, req.tenant.slug) };
    },
  );

  app.delete(
    '/admin/abranch/:id',
    { config, schema: { tags, summary: 'Delete a branch with its programs, modules, achievements and their awards', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const b = await loadBranch(req.db, req.params.id);
      await req.db.delete(abranches).where(eq(abranches.id, b.id));
      await dropFile(req.tenant.slug, b.image);
      return { data: { id: b.id } };
    },
  );

  // ---- programs of a branch
  app.get(
    '/admin/aprogram',
    {
      config,
      schema: {
        tags,
        summary: 'Programs of branches; filter[abranch_id]; q searches the title; sort id, title, sort',
        querystring: Type.Intersect([ListQuery, Type.Object({ abranch_id: Type.Optional(Id) })]),
        response: { 200: AprogramPage },
      },
    },
    async (req) => {
      const branch = req.query.abranch_id ?? filterId(req.query.filter as Record<string, unknown>, 'abranch_id');
      const where = and(branch ? eq(aprograms.abranch_id, branch) : undefined, req.query.q ? ilike(aprograms.title, escapeLike(req.query.q)) : undefined);
      return paginate(req.db, req.query, {
        table: aprograms,
        where,
        query: req.db.select().from(aprograms).where(where).$dynamic(),
        orderBy: [...orderFor(req.query, { id: aprograms.id, title: aprograms.title, sort: aprograms.sort }, asc(aprograms.sort)), asc(aprograms.id)],
      });
    },
  );

  app.put(
    '/admin/aprogram/sort',
    { config, schema: { tags, summary: 'Order programs of a branch ({ ids: [...] })', body: Type.Object({ ids: IdList({ minItems: 1, maxItems: 500 }) }), response: { 200: SortAnswer } } },
    async (req) => {
      await sortRows(req.db, aprograms, req.body.ids);
      return { data: { ids: req.body.ids } };
    },
  );

  async function loadProgram(db: Db, id: number) {
    const [p] = await db.select().from(aprograms).where(eq(aprograms.id, id));
    if (!p) throw notFound('aprogram');
    return p;
  }
  app.get('/admin/aprogram/:id', { config, schema: { tags, summary: 'One program of a branch', params: IdParams, response: { 200: AprogramAnswer } } }, async (req) => ({
    data: await loadProgram(req.db, req.params.id),
  }));

  app.post(
    '/admin/aprogram',
    {
      config,
      schema: {
        tags,
        summary: 'Create a program in a branch',
        body: Type.Intersect([Type.Object({ abranch_id: Id, title: Title }), Type.Partial(Type.Object(ProgramFields))]),
        response: { 201: AprogramAnswer },
      },
    },
    async (req, reply) => {
      await exists(req.db, abranches, req.body.abranch_id, 'abranch_id');
      const [p] = await req.db
        .insert(aprograms)
        .values(pick(req.body, ProgramFields) as typeof aprograms.$inferInsert)
        .returning();
      return reply.status(201).send({ data: p });
    },
  );

  app.put(
    '/admin/aprogram/:id',
    { config, schema: { tags, summary: 'Edit a program of a branch: the fields sent', params: IdParams, body: Type.Partial(Type.Object(ProgramFields)), response: { 200: AprogramAnswer } } },
    async (req) => {
      await loadProgram(req.db, req.params.id);
      await exists(req.db, abranches, req.body.abranch_id, 'abranch_id');
      const patch = pick(req.body, ProgramFields);
      if (!Object.keys(patch).length) throw new ValidationError({ _: ['validation.required'] });
      const [p] = await req.db.update(aprograms).set(patch).where(eq(aprograms.id, req.params.id)).returning();
      return { data: p };
    },
  );

  app.delete('/admin/aprogram/:id', { config, schema: { tags, summary: 'Delete a program of a branch with its modules', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const p = await loadProgram(req.db, req.params.id);
    await req.db.delete(aprograms).where(eq(aprograms.id, p.id));
    return { data: { id: p.id } };
  });
}
