import { rm } from 'node:fs/promises';
import { and, count, desc, eq, exists, inArray, min, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { Type, type Static } from 'typebox';
import { chapterMedia, chapters, media, submittedProjects, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { absolutePath, keepUpload } from '../../core/storage.ts';
import { assertFileType } from '../../core/file-types.ts';
import { Id, IdParams, isId } from '../../core/schemas.ts';
import { IdAnswer, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { achievementsAfter } from '../lifelong/index.ts';
import { reviewScope } from './scope.ts';
import { MAX_SIZE, REVIEWERS, type Project, adminTags, detail, fullName } from './store.ts';
import { CountAnswer, PeopleAnswer, ReviewedVersionAnswer, VersionAnswer, VersionRow } from './responses.ts';

/** What a trainer may attach to a review. */
const TRAINER_FILE_EXTENSIONS = ['zip', 'rar', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'txt'];

/** The review in the back office (trainers of their programs, admins of the school): lists, people, score, status, the trainer's file, removal. */
export function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // ---- review (back office) -------------------------------------------------------------------
  const student = alias(users, 'student');
  const trainer = alias(users, 'trainer');
  /** The first program (by id) whose chapters hold the media. */
  const programOf = (db: Db) =>
    sql<number | null>`(${db
      .select({ id: min(chapters.program_id) })
      .from(chapterMedia)
      .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
      .where(eq(chapterMedia.media_id, submittedProjects.media_id))})`;
  const filter = Type.Object({
    program_id: Type.Optional(Id),
    user_id: Type.Optional(Id),
    media_id: Type.Optional(Id),
    status: Type.Optional(Type.Union([Type.Literal('awaiting'), Type.Literal('checked'), Type.Literal('approved')])),
  });

  app.get(
    '/admin/submittedProject',
    {
      config: { roles: [...REVIEWERS] },
      schema: {
        tags: adminTags,
        summary: "Submitted project versions of the school, newest first: program_id, user_id, media_id, status (awaiting|checked|approved), also as filter[…]; q searches the student's name",
        querystring: Type.Intersect([ListQuery, filter]),
        response: { 200: listOf(VersionRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const f = {
        ...((q.filter ?? {}) as Record<string, unknown>),
        ...Object.fromEntries(Object.entries({ program_id: q.program_id, user_id: q.user_id, media_id: q.media_id, status: q.status }).filter(([, v]) => v !== undefined)),
      };
      const num = (v: unknown) => (isId(Number(v)) ? Number(v) : undefined);
      const status = ['awaiting', 'checked', 'approved'].includes(String(f.status)) ? (String(f.status) as Project['status']) : undefined;
      if (f.status !== undefined && f.status !== '' && !status) throw fieldError('status', 'validation.choice');
      const programId = num(f.program_id);
      const where = and(
        reviewScope(req.db, currentUser(req), submittedProjects.media_id),
        status ? eq(submittedProjects.status, status) : undefined,
        num(f.user_id) ? eq(submittedProjects.user_id, num(f.user_id)!) : undefined,
        num(f.media_id) ? eq(submittedProjects.media_id, num(f.media_id)!) : undefined,
        programId
          ? exists(
              req.db
                .select({ x: sql`1` })
                .from(chapterMedia)
                .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
                .where(and(eq(chapterMedia.media_id, submittedProjects.media_id), eq(chapters.program_id, programId))),
            )
          : undefined,
        q.q
          ? exists(
              req.db
                .select({ x: sql`1` })
                .from(users)
                .where(and(eq(users.id, submittedProjects.user_id), sql`(${users.surname} || ' ' || ${users.name}) ilike ${containsPattern(q.q)}`)),
            )
          : undefined,
      ) as SQL;
      const query = req.db
        .select({
          id: submittedProjects.id,
          user_id: submittedProjects.user_id,
          user_name: sql<string>`trim(coalesce(${student.surname}, '') || ' ' || coalesce(${student.name}, ''))`,
          media_id: submittedProjects.media_id,
          media_title: media.title,
          program_id: programOf(req.db),
          version: submittedProjects.version,
          status: submittedProjects.status,
          score: submittedProjects.score,
          late: submittedProjects.late,
          check_admin: submittedProjects.check_admin,
          trainer_id: submittedProjects.trainer_id,
          trainer: sql<string | null>`case when ${trainer.id} is null then null else trim(coalesce(${trainer.surname}, '') || ' ' || coalesce(${trainer.name}, '')) end`,
          submitted_at: submittedProjects.submitted_at,
          checked_at: submittedProjects.checked_at,
        })
        .from(submittedProjects)
        .innerJoin(student, eq(student.id, submittedProjects.user_id))
        .innerJoin(media, eq(media.id, submittedProjects.media_id))
        .leftJoin(trainer, eq(trainer.id, submittedProjects.trainer_id))
        .where(where)
        .$dynamic();
      return paginate(req.db, q, {
        table: submittedProjects,
        where,
        query,
        orderBy: orderFor(
          q,
          { id: submittedProjects.id, submitted_at: submittedProjects.submitted_at, status: submittedProjects.status, score: submittedProjects.score, version: submittedProjects.version },
          desc(submittedProjects.id),
        ),
      });
    },
  );

  app.get(
    '/admin/submittedProject/countNotCheckProject',
    { config: { roles: [...REVIEWERS] }, schema: { tags: adminTags, summary: 'How many project versions await review (a trainer: in their programs)', response: { 200: CountAnswer } } },
    async (req) => {
      const [{ n }] = await req.db
        .select({ n: count() })
        .from(submittedProjects)
        .where(and(eq(submittedProjects.status, 'awaiting'), reviewScope(req.db, currentUser(req), submittedProjects.media_id)));
      return { data: { count: Number(n) } };
    },
  );

  app.get(
    '/admin/submittedProject/people',
    {
      config: { roles: [...REVIEWERS] },
      schema: {
        tags: adminTags,
        summary: "Choices for the review screens: the students who submitted versions the caller may see, and the school's reviewers (trainers and admins)",
        response: { 200: PeopleAnswer },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const name = sql<string>`trim(coalesce(${users.surname}, '') || ' ' || coalesce(${users.name}, ''))`;
      const students = await req.db
        .selectDistinct({ id: users.id, name })
        .from(submittedProjects)
        .innerJoin(users, eq(users.id, submittedProjects.user_id))
        .where(reviewScope(req.db, me, submittedProjects.media_id))
        .orderBy(name, users.id);
      const reviewers = await req.db
        .select({ id: users.id, name, role: users.role })
        .from(users)
        .where(inArray(users.role, [...REVIEWERS]))
        .orderBy(name, users.id);
      return { data: { students, trainers: reviewers } };
    },
  );

  /** A version of the school within the caller's scope (a trainer: their programs only), else 404 NOT_FOUND_PROJECT. */
  async function schoolProject(req: import('fastify').FastifyRequest, id: number, match?: { userId: number; mediaId: number }) {
    const [p] = await req.db
      .select()
      .from(submittedProjects)
      .where(
        and(
          eq(submittedProjects.id, id),
          match ? and(eq(submittedProjects.user_id, match.userId), eq(submittedProjects.media_id, match.mediaId)) : undefined,
          reviewScope(req.db, currentUser(req), submittedProjects.media_id),
        ),
      );
    if (!p) throw notFound('project');
    return p;
  }

  app.get(
    '/admin/submittedProject/:id',
    { config: { roles: [...REVIEWERS] }, schema: { tags: adminTags, summary: 'One version with the student, files and review', params: IdParams, response: { 200: ReviewedVersionAnswer } } },
    async (req) => {
      const p = await schoolProject(req, req.params.id);
      const [s] = await req.db.select({ name: users.name, surname: users.surname, email: users.email }).from(users).where(eq(users.id, p.user_id));
      const [m] = await req.db.select({ title: media.title, deadline: media.deadline }).from(media).where(eq(media.id, p.media_id));
      return { data: { ...(await detail(req.db, p)), user_name: fullName(s), user_email: s?.email ?? null, media_title: m?.title ?? null, deadline: m?.deadline ?? null } };
    },
  );

  const ReviewBody = Type.Object({
    score: Type.Number({ minimum: 0, maximum: 100 }),
    trainer_id: Type.Optional(Id),
    message: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
    trainer_message: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
    trainer_file: Type.Optional(Type.Any()),
  });

  /** Sets score, trainer, message and the trainer's file; an awaiting version becomes checked. */
  async function review(req: import('fastify').FastifyRequest, p: Project, body: Static<typeof ReviewBody>) {
    const me = currentUser(req);
    // the trainer of the review: as given, else the trainer who reviews, else the one already set, else the reviewer
    const trainerId = body.trainer_id ?? (me.role === 'trainer' ? me.id : (p.trainer_id ?? me.id));
    if (body.trainer_id) {
      const [t] = await req.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.trainer_id), inArray(users.role, [...REVIEWERS])));
      if (!t) throw fieldError('trainer_id', 'validation.choice');
    }
    const patch: Partial<typeof submittedProjects.$inferInsert> = {
      score: body.score,
      trainer_id: trainerId,
      trainer_message: (body.message ?? body.trainer_message ?? p.trainer_message)?.trim() || null,
      status: p.status === 'awaiting' ? 'checked' : p.status,
      checked_at: new Date(),
    };
    if (body.trainer_file !== undefined && body.trainer_file !== '') {
      if (!isUploadedFile(body.trainer_file)) throw fieldError('trainer_file', 'validation.format');
      assertFileType(body.trainer_file, TRAINER_FILE_EXTENSIONS);
      patch.trainer_file = await keepUpload(app.config.dataDir, req.tenant.slug, `projects/${p.id}/review`, body.trainer_file);
      patch.trainer_file_name = body.trainer_file.filename;
    }
    const [updated] = await req.db.update(submittedProjects).set(patch).where(eq(submittedProjects.id, p.id)).returning();
    await achievementsAfter(req, updated.user_id);
    return { data: await detail(req.db, updated) };
  }

  app.put(
    '/admin/user/:userId/media/:mediaId/submittedProject/:id',
    {
      config: { roles: [...REVIEWERS], noDemo: true, upload: { maxFileSize: MAX_SIZE, sizeError: 'ERROR_MAX_SIZE_40', maxFiles: 1 } },
      schema: {
        tags: adminTags,
        summary: 'Review a version: score (0–100), trainer_id (admins), message and an optional trainer_file; an awaiting version becomes checked',
        params: Type.Object({ userId: Id, mediaId: Id, id: Id }),
        body: ReviewBody,
        response: { 200: VersionAnswer },
      },
    },
    async (req) => review(req, await schoolProject(req, req.params.id, { userId: req.params.userId, mediaId: req.params.mediaId }), req.body),
  );

  app.put(
    '/admin/submittedProject/:id',
    {
      config: { roles: [...REVIEWERS], noDemo: true, upload: { maxFileSize: MAX_SIZE, sizeError: 'ERROR_MAX_SIZE_40', maxFiles: 1 } },
      schema: { tags: adminTags, summary: "The same review addressed by the version's id only", params: IdParams, body: ReviewBody, response: { 200: VersionAnswer } },
    },
    async (req) => review(req, await schoolProject(req, req.params.id), req.body),
  );

  app.post(
    '/admin/submittedProject/:id/approve',
    {
      config: { roles: [...REVIEWERS], noDemo: true },
      schema: {
        tags: adminTags,
        summary: 'Approve (is_approve=1) or revoke (0) a checked version; sets check_admin (a trainer: versions of their programs)',
        params: IdParams,
        body: Type.Object({ is_approve: Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()]) }),
        response: { 200: VersionAnswer },
      },
    },
    async (req) => {
      const p = await schoolProject(req, req.params.id);
      if (p.status === 'awaiting') throw new AppError(409, 'ERROR_PROJECT_NOT_CHECKED', 'A version awaiting review cannot be approved');
      const approve = req.body.is_approve === 1 || req.body.is_approve === true;
      const [updated] = await req.db
        .update(submittedProjects)
        .set({ check_admin: approve, status: approve ? 'approved' : 'checked' })
        .where(eq(submittedProjects.id, p.id))
        .returning();
      await achievementsAfter(req, updated.user_id);
      return { data: await detail(req.db, updated) };
    },
  );

  app.delete(
    '/admin/submittedProject/:id/deleteFileTrainer',
    { config: { roles: [...REVIEWERS], noDemo: true }, schema: { tags: adminTags, summary: "Remove the trainer's file from a review", params: IdParams, response: { 200: VersionAnswer } } },
    async (req) => {
      const p = await schoolProject(req, req.params.id);
      const [updated] = await req.db.update(submittedProjects).set({ trainer_file: null, trainer_file_name: null }).where(eq(submittedProjects.id, p.id)).returning();
      return { data: await detail(req.db, updated) };
    },
  );

  /** Removes versions (their files and the trainer's file go with them); answers the ids removed. */
  async function removeVersions(req: import('fastify').FastifyRequest, ids: number[]) {
    const removed = await req.db
      .delete(submittedProjects)
      .where(and(inArray(submittedProjects.id, ids), reviewScope(req.db, currentUser(req), submittedProjects.media_id)))
      .returning({ id: submittedProjects.id });
    for (const r of removed) await rm(absolutePath(app.config.dataDir, req.tenant.slug, `projects/${r.id}`), { recursive: true, force: true });
    return removed.map((r) => r.id);
  }

  app.delete(
    '/admin/submittedProject',
    {
      config: { roles: [...REVIEWERS], noDemo: true },
      schema: {
        tags: adminTags,
        summary: "Remove versions by ids (ids of another school, or outside a trainer's programs, are not touched); answers how many were removed",
        body: Type.Object({ ids: Type.Array(Id, { maxItems: 500 }) }),
        response: { 200: CountAnswer },
      },
    },
    async (req) => {
      if (!req.body.ids.length) throw new AppError(422, 'NOT_CHECK_ID_PROJECT', 'Nothing selected');
      return { data: { count: (await removeVersions(req, req.body.ids)).length } };
    },
  );

  app.delete(
    '/admin/submittedProject/:id',
    { config: { roles: [...REVIEWERS], noDemo: true }, schema: { tags: adminTags, summary: 'Remove one version with its files', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const p = await schoolProject(req, req.params.id);
      await removeVersions(req, [p.id]);
      return { data: { id: p.id } };
    },
  );
}
