import { stat } from 'node:fs/promises';
import { and, desc, eq, gte, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import sanitizeHtml from 'sanitize-html';
import { events, groups, media, programGroups, programTrainers, programUsers, programs, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, accessDenied, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, pageMeta, paginate } from '../../core/pagination.ts';
import { absolutePath } from '../../core/storage.ts';
import { contentTypeOf, sendDownload } from '../../core/file-types.ts';
import { byteRange, sendRange } from '../../core/ranges.ts';
import { assertItemVisible, assertProgramVisible, enrolledProgramIds, seesAllPrograms } from './access.ts';
import { progressOf, programTree } from './progress.ts';
import { programRoutes } from './admin-programs.ts';
import { chapterRoutes } from './admin-chapters.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { assertItemVisible, assertProgramVisible, enrolledProgramIds, seesAllPrograms } from './access.ts';
export { attemptPassed, completedProgramIds, programCompletion, programTree, programTrees, progressOf, type ChapterView, type Completion, type Progress, type ProgressState, type QuizRule } from './progress.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const tags = ['programs'];
const STAFF = ACCESS.programs.read;

const ProgramFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  title_en: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  technical_name: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  main_name: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  documents_title: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  days_to_study: Type.Union([Type.Integer({ minimum: 0, maximum: 3650 }), Type.Null()]),
  ects: Type.Union([Type.Number({ minimum: 0, maximum: 1000 }), Type.Null()]),
  payment_currency: Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO'), Type.Null()]),
  extra_currency: Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO'), Type.Null()]),
  consulting_count: Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()]),
  consulting_days: Type.Union([Type.Integer({ minimum: 0, maximum: 3650 }), Type.Null()]),
  description: Type.Union([Type.String({ maxLength: 20000 }), Type.Null()]),
  short_description: Type.Union([Type.String({ maxLength: 120 }), Type.Null()]),
  full_description: Type.Union([Type.String({ maxLength: 20000 }), Type.Null()]),
  language: Type.Union([Type.String({ maxLength: 8 }), Type.Null()]),
  requirements: Type.Union([Type.String({ maxLength: 5000 }), Type.Null()]),
  duration: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  category: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  price: Type.Union([Type.Number({ minimum: 0, maximum: 1e9 }), Type.Null()]),
  discount_price: Type.Union([Type.Number({ minimum: 0, maximum: 1e9 }), Type.Null()]),
  format: Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online'), Type.Null()]),
  skills: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }), Type.Null()]),
  knowledge: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }), Type.Null()]),
  /** A link to the logo image (uploads come with the file manager). */
  logo: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
};

/**
 * Programs for the learner (`/api/program…`, materials, video streaming) and their administration (`/admin/program`),
 * with the program builder (`admin-programs.ts`, `admin-chapters.ts`: chapters, attached media and quizzes, structure,
 * clone, copy, bulk delete).
 */
export default async function programsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/program',
    {
      schema: { tags, summary: 'My programs with progress; filter[done]=1 for the finished ones', querystring: ListQuery },
    },
    async (req) => {
      const me = currentUser(req);
      const ids = seesAllPrograms(me) ? (await req.db.select({ id: programs.id }).from(programs)).map((r) => r.id) : await enrolledProgramIds(req.db, me.id);
      const rows = ids.length ? await req.db.select().from(programs).where(inArray(programs.id, ids)).orderBy(programs.id) : [];
      const tree = await programTree(req.db, ids, me.id);
      let list = rows.map((p) => ({
        id: p.id,
        title: p.title,
        title_en: p.title_en,
        description: p.description,
        short_description: p.short_description,
        days_to_study: p.days_to_study,
        progress: progressOf(tree.get(p.id) ?? []),
      }));
      const done = (req.query.filter as Record<string, unknown> | undefined)?.done;
      if (done === '1' || done === 'true' || done === true) list = list.filter((p) => p.progress.state === 'done');
      else if (done === '0' || done === 'false') list = list.filter((p) => p.progress.state !== 'done');
      const perPage = req.query.per_page ?? 15;
      const page = req.query.page ?? 1;
      const slice = list.slice((page - 1) * perPage, page * perPage);
      return { data: slice, meta: pageMeta(page, perPage, list.length, slice.length) };
    },
  );

  app.get('/api/program/:id', { schema: { tags, summary: 'A program with its chapters, materials, quizzes and progress', params: IdParams } }, async (req) => {
    const me = currentUser(req);
    const p = await assertProgramVisible(req.db, me, req.params.id);
    const chapters = (await programTree(req.db, [p.id], me.id)).get(p.id) ?? [];
    return { data: { ...p, chapters, progress: progressOf(chapters) } };
  });

  async function loadMedia(db: Db, id: number) {
    const [m] = await db.select().from(media).where(eq(media.id, id));
    if (!m) throw notFound('media');
    return m;
  }

  /** One `media_view` event per user, media and day, for the reports. */
  async function recordView(req: Parameters<typeof fastify.recordEvent>[0], mediaId: number) {
    if (req.actorId || !req.user) return;
    const since = new Date();
    since.setUTCHours(0, 0, 0, 0);
    const [seen] = await req.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.user_id, req.user.id), eq(events.kind, 'media_view'), eq(events.subject_id, mediaId), gte(events.created_at, since)))
      .orderBy(desc(events.id))
      .limit(1);
    if (!seen) await fastify.recordEvent(req, 'media_view', { type: 'media', id: mediaId });
  }

  app.get('/api/media/:id', { config: { roles: ACCESS.learning.read }, schema: { tags, summary: 'A material: kind, title, text, link, file name', params: IdParams } }, async (req) => {
    const me = currentUser(req);
    const m = await loadMedia(req.db, req.params.id);
    await assertItemVisible(req.db, me, { mediaId: m.id });
    if (m.kind !== 'video') await recordView(req, m.id);
    const { path: _p, tenant_id: _t, ...rest } = m;
    void _p;
    void _t;
    return {
      data: {
        ...rest,
        body: rest.body ? sanitizeHtml(rest.body) : null,
        stream_url: m.kind === 'video' ? `/api/streamVideo?media_id=${m.id}` : null,
        file_url: m.path && m.kind !== 'video' ? `/api/media/${m.id}/file` : null,
      },
    };
  });

  app.get('/api/media/:id/file', { config: { roles: ACCESS.learning.read }, schema: { tags, summary: 'Download the file of a material', params: IdParams } }, async (req, reply) => {
    const me = currentUser(req);
    const m = await loadMedia(req.db, req.params.id);
    await assertItemVisible(req.db, me, { mediaId: m.id });
    if (!m.path) throw new AppError(404, 'NOT_FOUND_FILE', 'No file');
    const file = absolutePath(app.config.dataDir, req.tenant.slug, m.path);
    const { size } = await stat(file);
    // typed by the stored file's checked extension, never by the mime column
    return sendDownload(reply, file, { name: m.file_name ?? `${m.title}`, stored: m.path, size });
  });

  app.get(
    '/api/streamVideo',
    {
      config: { roles: ACCESS.learning.read, queryToken: true },
      schema: {
        tags,
        summary: 'Stream a video with HTTP range requests (206); a <video> element may pass access_token and domain in the query',
        querystring: Type.Object({ media_id: Id, access_token: Type.Optional(Type.String({ maxLength: 200 })), domain: Type.Optional(Type.String({ maxLength: 63 })) }),
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const m = await loadMedia(req.db, req.query.media_id);
      if (m.kind !== 'video' || !m.path) throw notFound('media');
      await assertItemVisible(req.db, me, { mediaId: m.id });
      const file = absolutePath(app.config.dataDir, req.tenant.slug, m.path);
      const { size } = await stat(file);
      reply.header('content-type', contentTypeOf(m.path)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
      const range = byteRange(req.headers.range, size);
      // a view is the start of playing: the whole file or its first bytes, not every seek
      if (range === null || (range !== 'unsatisfiable' && range.start === 0)) await recordView(req, m.id);
      return sendRange(reply, file, size, range);
    },
  );

  // The player's progress for the reports' "video watched" (docs/reports.md): the specification names no call for it.
  // One `video_progress` event per user, video and day, raised to the largest share played that day; demo mode never counts.
  app.put(
    '/api/media/:id/progress',
    {
      config: { roles: ACCESS.learning.read },
      schema: {
        tags,
        summary: "Report how much of a video was played: watched (the share of the video's length played, 0–100), position and duration in seconds",
        params: IdParams,
        body: Type.Object({ watched: Type.Number({ minimum: 0, maximum: 100 }), position: Type.Number({ minimum: 0, maximum: 864000 }), duration: Type.Number({ minimum: 0, maximum: 864000 }) }),
      },
    },
    async (req) => {
      const me = currentUser(req);
      const m = await loadMedia(req.db, req.params.id);
      if (m.kind !== 'video') throw notFound('media');
      await assertItemVisible(req.db, me, { mediaId: m.id });
      const sent = { percent: Math.round(req.body.watched * 10) / 10, position: Math.round(req.body.position), duration: Math.round(req.body.duration) };
      if (req.actorId) return { data: { ...sent, recorded: false } };
      const since = new Date();
      since.setUTCHours(0, 0, 0, 0);
      const [today] = await req.db
        .select({ id: events.id, data: events.data })
        .from(events)
        .where(and(eq(events.user_id, me.id), eq(events.kind, 'video_progress'), eq(events.subject_id, m.id), gte(events.created_at, since)))
        .orderBy(desc(events.id))
        .limit(1);
      const data = { ...sent, percent: Math.max(sent.percent, Number((today?.data as { percent?: number } | null)?.percent ?? 0)) };
      if (today) await req.db.update(events).set({ data }).where(eq(events.id, today.id));
      else await fastify.recordEvent(req, 'video_progress', { type: 'media', id: m.id }, data);
      return { data: { ...data, recorded: true } };
    },
  );

  // ---- administration ----------------------------------------------------------------------
  // A trainer sees and edits only the programs assigned to them (program_trainers); admins see all.
  const assignedTo = (db: Db, userId: number) => db.select({ id: programTrainers.program_id }).from(programTrainers).where(eq(programTrainers.user_id, userId));

  /** The school's program, 404 otherwise; 403 ERROR_ACCESS for a trainer not assigned to it. */
  async function managedProgram(req: FastifyRequest, id: number) {
    const [p] = await req.db.select().from(programs).where(eq(programs.id, id));
    if (!p) throw notFound('program');
    const me = currentUser(req);
    if (me.role === 'trainer' && !(await assignedTo(req.db, me.id)).some((r) => r.id === p.id)) throw accessDenied();
    return p;
  }

  async function trainerIds(db: Db, programId: number) {
    return (await db.select({ id: programTrainers.user_id }).from(programTrainers).where(eq(programTrainers.program_id, programId)).orderBy(programTrainers.user_id)).map((r) => r.id);
  }

  /** Replaces the trainers of a program; every id must be a trainer of the same school (else 422 on trainer_ids). */
  async function checkTrainers(db: Db, ids: number[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return unique;
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'trainer'), inArray(users.id, unique)));
    if (found.length !== unique.length) throw fieldError('trainer_ids', 'validation.choice');
    return unique;
  }
  async function setTrainers(db: Db | Tx, programId: number, ids: number[]) {
    await db.delete(programTrainers).where(eq(programTrainers.program_id, programId));
    if (ids.length) await db.insert(programTrainers).values(ids.map((user_id) => ({ program_id: programId, user_id })));
  }

  const TrainerIds = Type.Array(Id, { maxItems: 200 });
  const adminTags = ['admin: programs'];

  app.get(
    '/admin/program',
    {
      config: { roles: [...STAFF] },
      schema: { tags: adminTags, summary: 'Programs of the school (search q in the title); a trainer sees only the programs assigned to them', querystring: ListQuery },
    },
    async (req) => {
      const me = currentUser(req);
      const where = and(req.query.q ? ilike(programs.title, containsPattern(req.query.q)) : undefined, me.role === 'trainer' ? inArray(programs.id, assignedTo(req.db, me.id)) : undefined);
      return paginate(req.db, req.query, {
        table: programs,
        where,
        query: req.db.select().from(programs).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: programs.id, title: programs.title, created_at: programs.created_at }, desc(programs.id)),
      });
    },
  );

  app.get('/admin/program/:id', { config: { roles: [...STAFF] }, schema: { tags: adminTags, summary: 'One program with the ids of its trainers', params: IdParams } }, async (req) => {
    const p = await managedProgram(req, req.params.id);
    return { data: { ...p, trainer_ids: await trainerIds(req.db, p.id) } };
  });

  app.post(
    '/admin/program',
    {
      config: { roles: ACCESS.programs.create },
      schema: {
        tags: adminTags,
        summary: 'Create a program (trainer_ids: the trainers who may edit it)',
        body: Type.Intersect([Type.Object({ title: ProgramFields.title, trainer_ids: Type.Optional(TrainerIds) }), Type.Partial(Type.Object(ProgramFields))]),
      },
    },
    async (req, reply) => {
      const { trainer_ids, ...rest } = req.body as Record<string, unknown> & { trainer_ids?: number[] };
      const fields = Object.fromEntries(Object.entries(rest).filter(([k]) => k in ProgramFields));
      const trainers = await checkTrainers(req.db, trainer_ids ?? []);
      const p = await req.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(programs)
          .values(fields as typeof programs.$inferInsert)
          .returning();
        await setTrainers(tx, row.id, trainers);
        return row;
      });
      return reply.status(201).send({ data: { ...p, trainer_ids: trainers.sort((a, b) => a - b) } });
    },
  );

  app.put(
    '/admin/program/:id',
    {
      config: { roles: [...STAFF] },
      schema: {
        tags: adminTags,
        summary: 'Edit a program; a trainer only one assigned to them, and only admins change trainer_ids',
        params: IdParams,
        body: Type.Intersect([Type.Object({ trainer_ids: Type.Optional(TrainerIds) }), Type.Partial(Type.Object(ProgramFields))]),
      },
    },
    async (req) => {
      const p0 = await managedProgram(req, req.params.id);
      const { trainer_ids, ...rest } = req.body as Record<string, unknown> & { trainer_ids?: number[] };
      if (trainer_ids && currentUser(req).role === 'trainer') {
        // a trainer's form sends the list back unchanged; changing it is for admins
        const now = await trainerIds(req.db, p0.id);
        const asked = [...new Set(trainer_ids)].sort((x, y) => x - y);
        if (asked.length !== now.length || asked.some((id, i) => id !== now[i])) throw accessDenied();
      }
      const known = Object.fromEntries(Object.entries(rest).filter(([k]) => k in ProgramFields));
      const trainers = trainer_ids && currentUser(req).role !== 'trainer' ? await checkTrainers(req.db, trainer_ids) : undefined;
      const p = await req.db.transaction(async (tx) => {
        const [row] = Object.keys(known).length ? await tx.update(programs).set(known).where(eq(programs.id, p0.id)).returning() : [p0];
        if (trainers) await setTrainers(tx, p0.id, trainers);
        return row;
      });
      return { data: { ...p, trainer_ids: await trainerIds(req.db, p.id) } };
    },
  );

  // ---- enrolment -----------------------------------------------------------------------------
  const Ids = (key: 'users' | 'groups') => Type.Object({ [key]: Type.Array(Id, { maxItems: 5000 }) });
  async function ownProgram(db: Db, id: number) {
    const [p] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, id));
    if (!p) throw notFound('program');
    return p.id;
  }
  async function enrolment(db: Db, programId: number) {
    const u = await db
      .select({ id: users.id, login: users.login, email: users.email, name: users.name, surname: users.surname })
      .from(programUsers)
      .innerJoin(users, eq(users.id, programUsers.user_id))
      .where(eq(programUsers.program_id, programId));
    const g = await db.select({ id: groups.id, title: groups.title }).from(programGroups).innerJoin(groups, eq(groups.id, programGroups.group_id)).where(eq(programGroups.program_id, programId));
    return { users: u, groups: g };
  }
  const admins = { roles: ACCESS.programs.create };

  app.get(
    '/admin/program/:id/enrolment',
    { config: { roles: [...STAFF] }, schema: { tags: ['admin: programs'], summary: 'Users and groups enrolled in a program', params: IdParams } },
    async (req) => ({
      data: await enrolment(req.db, (await managedProgram(req, req.params.id)).id),
    }),
  );

  app.post('/admin/program/:id/setUser', { config: admins, schema: { tags: ['admin: programs'], summary: 'Enrol users (a list of ids)', params: IdParams, body: Ids('users') } }, async (req) => {
    const pid = await ownProgram(req.db, req.params.id);
    const ids = (req.body as { users: number[] }).users;
    if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'No user selected');
    const found = await req.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (!found.length) throw notFound('user');
    await req.db
      .insert(programUsers)
      .values(found.map((u) => ({ program_id: pid, user_id: u.id })))
      .onConflictDoNothing();
    return { data: await enrolment(req.db, pid) };
  });

  app.post('/admin/program/:id/setGroup', { config: admins, schema: { tags: ['admin: programs'], summary: 'Enrol groups (a list of ids)', params: IdParams, body: Ids('groups') } }, async (req) => {
    const pid = await ownProgram(req.db, req.params.id);
    const ids = (req.body as { groups: number[] }).groups;
    if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_GROUP', 'No group selected');
    const found = await req.db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
    if (!found.length) throw notFound('group');
    await req.db
      .insert(programGroups)
      .values(found.map((g) => ({ program_id: pid, group_id: g.id })))
      .onConflictDoNothing();
    return { data: await enrolment(req.db, pid) };
  });

  app.post('/admin/program/:id/destroyUser', { config: admins, schema: { tags: ['admin: programs'], summary: 'Remove enrolled users', params: IdParams, body: Ids('users') } }, async (req) => {
    const pid = await ownProgram(req.db, req.params.id);
    const ids = (req.body as { users: number[] }).users;
    if (ids.length) await req.db.delete(programUsers).where(and(eq(programUsers.program_id, pid), inArray(programUsers.user_id, ids)));
    return { data: await enrolment(req.db, pid) };
  });

  app.post('/admin/program/:id/destroyGroup', { config: admins, schema: { tags: ['admin: programs'], summary: 'Remove enrolled groups', params: IdParams, body: Ids('groups') } }, async (req) => {
    const pid = await ownProgram(req.db, req.params.id);
    const ids = (req.body as { groups: number[] }).groups;
    if (ids.length) await req.db.delete(programGroups).where(and(eq(programGroups.program_id, pid), inArray(programGroups.group_id, ids)));
    return { data: await enrolment(req.db, pid) };
  });

  app.delete('/admin/program/:id', { config: { roles: ACCESS.programs.delete }, schema: { tags: ['admin: programs'], summary: 'Delete a program', params: IdParams } }, async (req) => {
    const [p] = await req.db.delete(programs).where(eq(programs.id, req.params.id)).returning({ id: programs.id });
    if (!p) throw notFound('program');
    return { data: p };
  });

  programRoutes(fastify);
  chapterRoutes(fastify);
}
