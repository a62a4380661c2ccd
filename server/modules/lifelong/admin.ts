import { rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { nextCredentialId } from './credentials.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { abranches, achievementAwards, achievementRules, achievements, amoduleKinds, amodules, aprograms, media, programs, quizzes, users } from '../../db/schema/index.ts';
import { AppError, ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { ListQuery, filterId, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdList, IdParams, Int, nullable } from '../../core/schemas.ts';
import { absolutePath, keepUpload } from '../../core/storage.ts';
import { imageType, sendImage } from '../../core/file-types.ts';
import { currentUser } from '../../core/context.ts';
import { recomputeAchievements } from './awards.ts';
import { IMAGE_TYPES, IdAnswer, fileAnswer } from '../../core/responses.ts';
import {
  AchievementAnswer,
  AchievementPage,
  AmoduleAnswer,
  AmodulePage,
  AprogramAnswer,
  AprogramPage,
  AwardAnswer,
  AwardPage,
  BranchAnswer,
  BranchPage,
  BranchTree,
  RecomputeAnswer,
  SortAnswer,
} from './responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: lifelong learning'];
export const LIFELONG_ADMINS = ACCESS.school.read;
const config = { roles: LIFELONG_ADMINS, flag: 'lifelong_learning' as const };
/** The stored file's absolute path; a bad stored name (never written by this module) is a missing file. */
function storedPath(dataDir: string, slug: string, rel: string) {
  try {
    return absolutePath(dataDir, slug, rel);
  } catch {
    return join(dataDir, 'missing');
  }
}
const IMAGE_LIMITS = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };

const Title = Type.String({ minLength: 1, maxLength: 255 });
const OptText = (max: number) => nullable(Type.String({ maxLength: max }));
const Sort = Int({ minimum: 0, maximum: 100000 });

const BranchFields = { title: Title, title_en: OptText(255), description: OptText(5000), sort: Sort };
const ProgramFields = { abranch_id: Id, title: Title, title_en: OptText(255), description: OptText(5000), sort: Sort };
const ModuleFields = {
  aprogram_id: Id,
  title: Title,
  title_en: OptText(255),
  kind: Type.Union(amoduleKinds.map((k) => Type.Literal(k))),
  program_id: nullable(Id),
  media_id: nullable(Id),
  quiz_id: nullable(Id),
  sort: Sort,
};
const AchievementFields = {
  abranch_id: Id,
  title: Title,
  title_en: OptText(255),
  description: OptText(5000),
  rule: Type.Union(achievementRules.map((k) => Type.Literal(k))),
  program_id: nullable(Id),
  quiz_id: nullable(Id),
  media_id: nullable(Id),
  min_percent: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  module_ids: nullable(IdList({ maxItems: 100 })),
  count: nullable(Int({ minimum: 1, maximum: 1000 })),
  sort: Sort,
};

/** The key of an image URL: the random part of its stored name (an <img> cannot send the bearer token). */
const imageKey = (rel: string) => basename(rel, extname(rel));
export const imageUrl = (kind: 'abranch' | 'achievement', id: number, rel: string | null, slug: string) =>
  rel ? `/api/files/${kind}/${id}/image?domain=${encodeURIComponent(slug)}&key=${imageKey(rel)}` : null;

export const branchView = (b: typeof abranches.$inferSelect, slug: string) => ({ ...b, image: imageUrl('abranch', b.id, b.image, slug) });
export const achievementView = (a: typeof achievements.$inferSelect, slug: string) => ({ ...a, image: imageUrl('achievement', a.id, a.image, slug) });

const escapeLike = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const pick = (body: Record<string, unknown>, fields: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => k in fields && k !== 'image'));

/** Sets each listed row's `sort` to its place (1, 2, …); every id must be the school's (else 422 on `ids`). */
async function sortRows(db: Db, table: typeof abranches | typeof aprograms | typeof amodules | typeof achievements, ids: number[]) {
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError('ids', 'validation.choice');
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries())
      await tx
        .update(table)
        .set({ sort: i + 1 })
        .where(eq(table.id, id));
  });
}

/** Back office of lifelong learning: branches, their programs and modules, achievements, awards by hand (admins). */
export default async function lifelongAdmin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function imageOf(slug: string, value: unknown): Promise<string | null | undefined> {
    if (value === null || value === '') return null;
    if (!isUploadedFile(value)) return undefined;
    if (!imageType(value.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'The image must be a JPEG, PNG, WebP or GIF image', { allowed: 'jpg, png, webp, gif', file: value.filename });
    return keepUpload(app.config.dataDir, slug, 'lifelong', value);
  }
  const dropFile = (slug: string, rel: string | null | undefined) => (rel ? rm(storedPath(app.config.dataDir, slug, rel), { force: true }).catch(() => undefined) : undefined);

  async function exists(db: Db, table: typeof abranches | typeof aprograms | typeof programs | typeof quizzes | typeof media | typeof amodules, id: number | null | undefined, field: string) {
    if (id === undefined || id === null) return;
    const [r] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!r) throw fieldError(field, 'validation.choice');
  }

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

  // ---- achievements
  async function checkAchievement(db: Db, body: Record<string, unknown>, before?: typeof achievements.$inferSelect) {
    await exists(db, abranches, body.abranch_id as number | undefined, 'abranch_id');
    await exists(db, programs, body.program_id as number | null | undefined, 'program_id');
    await exists(db, media, body.media_id as number | null | undefined, 'media_id');
    await exists(db, quizzes, body.quiz_id as number | null | undefined, 'quiz_id');
    const ids = body.module_ids as number[] | null | undefined;
    if (ids?.length) {
      const found = await db.select({ id: amodules.id }).from(amodules).where(inArray(amodules.id, ids));
      if (found.length !== new Set(ids).size) throw fieldError('module_ids', 'validation.choice');
    }
    const rule = (body.rule ?? before?.rule) as string;
    const val = (k: string) => (k in body ? body[k] : before?.[k as keyof typeof before]);
    const need = { program_finished: 'program_id', quiz_passed: 'quiz_id', project_approved: 'media_id', modules_done: 'module_ids' }[rule];
    if (need && (!val(need) || (Array.isArray(val(need)) && !(val(need) as unknown[]).length))) throw fieldError(need, 'validation.required');
  }

  app.get(
    '/admin/achievement',
    {
      config,
      schema: {
        tags,
        summary: 'Achievements; filter[abranch_id]; q searches the title; sort id, title, sort',
        querystring: Type.Intersect([ListQuery, Type.Object({ abranch_id: Type.Optional(Id) })]),
        response: { 200: AchievementPage },
      },
    },
    async (req) => {
      const branch = req.query.abranch_id ?? filterId(req.query.filter as Record<string, unknown>, 'abranch_id');
      const where = and(branch ? eq(achievements.abranch_id, branch) : undefined, req.query.q ? ilike(achievements.title, escapeLike(req.query.q)) : undefined);
      const page = await paginate<typeof achievements.$inferSelect>(req.db, req.query, {
        table: achievements,
        where,
        query: req.db.select().from(achievements).where(where).$dynamic(),
        orderBy: [...orderFor(req.query, { id: achievements.id, title: achievements.title, sort: achievements.sort }, asc(achievements.sort)), asc(achievements.id)],
      });
      return { data: page.data.map((a) => achievementView(a, req.tenant.slug)), meta: page.meta };
    },
  );

  app.put(
    '/admin/achievement/sort',
    { config, schema: { tags, summary: 'Order achievements ({ ids: [...] })', body: Type.Object({ ids: IdList({ minItems: 1, maxItems: 500 }) }), response: { 200: SortAnswer } } },
    async (req) => {
      await sortRows(req.db, achievements, req.body.ids);
      return { data: { ids: req.body.ids } };
    },
  );

  async function loadAchievement(db: Db, id: number) {
    const [a] = await db.select().from(achievements).where(eq(achievements.id, id));
    if (!a) throw notFound('achievement');
    return a;
  }
  app.get('/admin/achievement/:id', { config, schema: { tags, summary: 'One achievement', params: IdParams, response: { 200: AchievementAnswer } } }, async (req) => ({
    data: achievementView(await loadAchievement(req.db, req.params.id), req.tenant.slug),
  }));

  const achievementBody = (required: boolean) => {
    const o = Type.Partial(Type.Object({ ...AchievementFields, image: Type.Any() }));
    return required ? Type.Intersect([Type.Object({ abranch_id: Id, title: Title }), o]) : o;
  };

  app.post(
    '/admin/achievement',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags,
        summary:
          'Create an achievement: rule manual|program_finished (program_id)|quiz_passed (quiz_id, min_percent)|project_approved (media_id)|modules_done (module_ids)|branch_programs (count); a badge `image` in form data',
        consumes: ['application/json', 'multipart/form-data'],
        body: achievementBody(true),
        response: { 201: AchievementAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body as Record<string, unknown>;
      await checkAchievement(req.db, body);
      const image = await imageOf(req.tenant.slug, body.image);
      const [a] = await req.db
        .insert(achievements)
        .values({ ...(pick(body, AchievementFields) as typeof achievements.$inferInsert), image: image ?? null })
        .returning();
      return reply.status(201).send({ data: achievementView(a, req.tenant.slug) });
    },
  );

  app.put(
    '/admin/achievement/:id',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags,
        summary: 'Edit an achievement: the fields sent (form data with _method=PUT for a new badge `image`)',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: achievementBody(false),
        response: { 200: AchievementAnswer },
      },
    },
    async (req) => {
      const before = await loadAchievement(req.db, req.params.id);
      const body = req.body as Record<string, unknown>;
      await checkAchievement(req.db, body, before);
      const image = await imageOf(req.tenant.slug, body.image);
      const patch = { ...pick(body, AchievementFields), ...(image !== undefined ? { image } : {}) };
      if (!Object.keys(patch).length) throw new ValidationError({ _: ['validation.required'] });
      const [a] = await req.db.update(achievements).set(patch).where(eq(achievements.id, before.id)).returning();
      if (image !== undefined && before.image !== image) await dropFile(req.tenant.slug, before.image);
      return { data: achievementView(a, req.tenant.slug) };
    },
  );

  app.delete('/admin/achievement/:id', { config, schema: { tags, summary: 'Delete an achievement (its awards go with it)', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const a = await loadAchievement(req.db, req.params.id);
    await req.db.delete(achievements).where(eq(achievements.id, a.id));
    await dropFile(req.tenant.slug, a.image);
    return { data: { id: a.id } };
  });

  // ---- awards
  app.get(
    '/admin/achievement/:id/award',
    {
      config,
      schema: { tags, summary: 'Awards of an achievement, newest first: student, when, why, automatic or by hand, withdrawn', params: IdParams, querystring: ListQuery, response: { 200: AwardPage } },
    },
    async (req) => {
      const a = await loadAchievement(req.db, req.params.id);
      const where: SQL | undefined = eq(achievementAwards.achievement_id, a.id);
      return paginate(req.db, req.query, {
        table: achievementAwards,
        where,
        query: req.db
          .select({
            id: achievementAwards.id,
            user_id: achievementAwards.user_id,
            user_name: users.name,
            user_surname: users.surname,
            manual: achievementAwards.manual,
            reason: achievementAwards.reason,
            awarded_at: achievementAwards.awarded_at,
            revoked_at: achievementAwards.revoked_at,
            revoked_reason: achievementAwards.revoked_reason,
            credential_id: achievementAwards.credential_id,
          })
          .from(achievementAwards)
          .innerJoin(users, eq(users.id, achievementAwards.user_id))
          .where(where)
          .$dynamic(),
        orderBy: [desc(achievementAwards.awarded_at), desc(achievementAwards.id)],
      });
    },
  );

  const AwardBody = Type.Object({ user_id: Id, reason: Type.String({ minLength: 1, maxLength: 1000 }) });
  async function student(req: FastifyRequest, id: number) {
    const [u] = await req.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'student')));
    if (!u) throw fieldError('user_id', 'validation.choice');
  }

  app.post(
    '/admin/achievement/:id/grant',
    {
      config: { ...config, noDemo: true },
      schema: { tags, summary: 'Grant the achievement to a student by hand, with a reason (a withdrawn award is given back)', params: IdParams, body: AwardBody, response: { 200: AwardAnswer } },
    },
    async (req) => {
      const a = await loadAchievement(req.db, req.params.id);
      await student(req, req.body.user_id);
      const me = currentUser(req).id;
      const [have] = await req.db
        .select({ credential_id: achievementAwards.credential_id, revoked_at: achievementAwards.revoked_at })
        .from(achievementAwards)
        .where(and(eq(achievementAwards.achievement_id, a.id), eq(achievementAwards.user_id, req.body.user_id)));
      // a withdrawn award given back is a new credential; the withdrawn one stays revoked (credentials.ts nextCredentialId)
      const credential = have?.revoked_at ? { credential_id: nextCredentialId(have.credential_id) } : {};
      const values = {
        manual: true,
        reason: req.body.reason.trim(),
        awarded_by: me,
        awarded_at: new Date(),
        revoked_at: null,
        revoked_reason: null,
        revoked_by: null,
        revoked_manual: false,
        ...credential,
      };
      const [w] = await req.db
        .insert(achievementAwards)
        .values({ achievement_id: a.id, user_id: req.body.user_id, ...values })
        .onConflictDoUpdate({ target: [achievementAwards.achievement_id, achievementAwards.user_id], set: values })
        .returning();
      return { data: w };
    },
  );

  app.post(
    '/admin/achievement/:id/withdraw',
    {
      config: { ...config, noDemo: true },
      schema: {
        tags,
        summary: "Withdraw the student's award by hand, with a reason: its credential shows as revoked, the rule does not give it back",
        params: IdParams,
        body: AwardBody,
        response: { 200: AwardAnswer },
      },
    },
    async (req) => {
      const a = await loadAchievement(req.db, req.params.id);
      await student(req, req.body.user_id);
      const [w] = await req.db
        .update(achievementAwards)
        .set({ revoked_at: new Date(), revoked_reason: req.body.reason.trim(), revoked_by: currentUser(req).id, revoked_manual: true })
        .where(and(eq(achievementAwards.achievement_id, a.id), eq(achievementAwards.user_id, req.body.user_id), isNull(achievementAwards.revoked_at)))
        .returning();
      if (!w) throw notFound('award');
      return { data: w };
    },
  );

  app.post(
    '/admin/achievement/:id/recompute',
    {
      config: { ...config, noDemo: true },
      schema: {
        tags,
        summary: "Recompute a student's automatic achievements now (the same as after a quiz, a review or a score decision)",
        params: IdParams,
        body: Type.Object({ user_id: Id }),
        response: { 200: RecomputeAnswer },
      },
    },
    async (req) => {
      await loadAchievement(req.db, req.params.id);
      await student(req, req.body.user_id);
      return { data: await recomputeAchievements(req.db, req.body.user_id) };
    },
  );

  // ---- images (an <img> cannot send the token: the URL carries the school and a key)
  for (const kind of ['abranch', 'achievement'] as const) {
    app.get(
      `/api/files/${kind}/:id/image`,
      {
        config: { auth: 'public', queryToken: true },
        schema: {
          response: { 200: fileAnswer(IMAGE_TYPES, 'The image') },
          tags,
          summary: kind === 'abranch' ? 'The image of a branch: the URL its answers carry (`domain` and `key`)' : 'The badge of an achievement: the URL its answers carry (`domain` and `key`)',
          security: [],
          params: IdParams,
          querystring: Type.Object({ key: Type.String({ maxLength: 64 }) }),
        },
      },
      async (req, reply) => {
        const table = kind === 'abranch' ? abranches : achievements;
        const [r] = await req.db.select({ image: table.image }).from(table).where(eq(table.id, req.params.id));
        if (!r?.image || imageKey(r.image) !== req.query.key) throw new AppError(404, 'NOT_FOUND_FILE', 'No image');
        return sendImage(reply, storedPath(app.config.dataDir, req.tenant.slug, r.image), 'private, max-age=86400');
      },
    );
  }
}
