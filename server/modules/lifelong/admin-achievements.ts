import { and, asc, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { abranches, achievementAwards, achievements, amodules, media, programs, quizzes, users } from '../../db/schema/index.ts';
import { ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdList, IdParams } from '../../core/schemas.ts';
import { IdAnswer } from '../../core/responses.ts';
import { currentUser } from '../../core/context.ts';
import { nextCredentialId } from './credentials.ts';
import { recomputeAchievements } from './awards.ts';
import { AchievementAnswer, AchievementPage, AwardAnswer, AwardPage, RecomputeAnswer, SortAnswer } from './responses.ts';
import { AchievementFields, IMAGE_LIMITS, Title, adminHelpers, config, escapeLike, pick, sortRows, tags } from './admin-schemas.ts';
import { achievementView } from './images.ts';

/** Achievements with their rules and badges, and awards by hand: grant, withdraw, recompute (the back office). */
export function achievementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { imageOf, dropFile, exists } = adminHelpers(app);

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
}
