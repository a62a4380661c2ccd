import { stat } from 'node:fs/promises';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { cleanHtml } from '../../core/html.ts';
import { events, programs } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { ListQuery, pageMeta } from '../../core/pagination.ts';
import { absolutePath } from '../../core/storage.ts';
import { contentTypeOf, sendDownload } from '../../core/file-types.ts';
import { byteRange, sendRange } from '../../core/ranges.ts';
import { assertItemVisible, assertProgramVisible, enrolledProgramIds, seesAllPrograms } from './access.ts';
import { progressOf, programTree } from './progress.ts';
import { mediaOf } from './structure.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { ANY_FILE, dataOf, fileAnswer, listOf } from '../../core/responses.ts';
import { LearnerMedia, LearnerProgram, MyProgram, VideoProgress } from './responses.ts';

const tags = ['programs'];

/** The learner's side: my programs with progress, a program's tree, its materials (text, file, video stream) and video progress. */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/program',
    {
      schema: { tags, summary: 'My programs with progress; filter[done]=1 for the finished ones', querystring: ListQuery, response: { 200: listOf(MyProgram) } },
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

  app.get(
    '/api/program/:id',
    { schema: { tags, summary: 'A program with its chapters, materials, quizzes and progress', params: IdParams, response: { 200: dataOf(LearnerProgram) } } },
    async (req) => {
      const me = currentUser(req);
      const p = await assertProgramVisible(req.db, me, req.params.id);
      const chapters = (await programTree(req.db, [p.id], me.id)).get(p.id) ?? [];
      return { data: { ...p, chapters, progress: progressOf(chapters) } };
    },
  );

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

  app.get(
    '/api/media/:id',
    { config: { roles: ACCESS.learning.read }, schema: { tags, summary: 'A material: kind, title, text, link, file name', params: IdParams, response: { 200: dataOf(LearnerMedia) } } },
    async (req) => {
      const me = currentUser(req);
      const m = await mediaOf(req.db, req.params.id);
      await assertItemVisible(req.db, me, { mediaId: m.id });
      if (m.kind !== 'video') await recordView(req, m.id);
      const { path: _p, tenant_id: _t, ...rest } = m;
      void _p;
      void _t;
      return {
        data: {
          ...rest,
          // cleaned when saved, and again here for rows written before that or around the API
          body: rest.body ? cleanHtml(rest.body) : null,
          stream_url: m.kind === 'video' ? `/api/streamVideo?media_id=${m.id}` : null,
          file_url: m.path && m.kind !== 'video' ? `/api/media/${m.id}/file` : null,
        },
      };
    },
  );

  app.get(
    '/api/media/:id/file',
    { config: { roles: ACCESS.learning.read }, schema: { response: { 200: fileAnswer(ANY_FILE, "The material's file") }, tags, summary: 'Download the file of a material', params: IdParams } },
    async (req, reply) => {
      const me = currentUser(req);
      const m = await mediaOf(req.db, req.params.id);
      await assertItemVisible(req.db, me, { mediaId: m.id });
      if (!m.path) throw new AppError(404, 'NOT_FOUND_FILE', 'No file');
      const file = absolutePath(app.config.dataDir, req.tenant.slug, m.path);
      const { size } = await stat(file);
      // typed by the stored file's checked extension, never by the mime column
      return sendDownload(reply, file, { name: m.file_name ?? `${m.title}`, stored: m.path, size });
    },
  );

  app.get(
    '/api/streamVideo',
    {
      config: { roles: ACCESS.learning.read, queryToken: true },
      schema: {
        response: { 200: fileAnswer('video/mp4', 'The whole video'), 206: fileAnswer('video/mp4', 'The range asked for') },
        tags,
        summary: 'Stream a video with HTTP range requests (206); a <video> element may pass access_token and domain in the query',
        querystring: Type.Object({ media_id: Id, access_token: Type.Optional(Type.String({ maxLength: 200 })), domain: Type.Optional(Type.String({ maxLength: 63 })) }),
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const m = await mediaOf(req.db, req.query.media_id);
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
        response: { 200: VideoProgress },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const m = await mediaOf(req.db, req.params.id);
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
}
