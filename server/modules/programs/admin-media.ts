import { cleanRichText } from '../../core/html.ts';
import { rm, stat } from 'node:fs/promises';
import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { Type, type Static } from 'typebox';
import { chapterMedia, ltiTools, media, mediaKinds, submittedProjects, type MediaKind } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { isUploadedFile, type UploadLimits, type UploadedFile } from '../../core/multipart.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { absolutePath, keepUpload } from '../../core/storage.ts';
import { contentTypeOf as mimeOf, extOf, readHead, sendDownload } from '../../core/file-types.ts';
import { FILE_KINDS, OTHER_MAX, videoMaxBytes } from './media-rules.ts';
import { mediaOf } from './structure.ts';
import { MB, VIDEO_EXTENSIONS, checkFile } from '../../core/file-types.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { ANY_FILE, IdAnswer, dataOf, fileAnswer, listOf } from '../../core/responses.ts';
import { AdminMedia } from './responses.ts';

const tags = ['admin: media'];
const WRITE = ACCESS.materials.write;
const READ = ACCESS.materials.read;
/** `GET /admin/media/limits`: upload limits in MB. */
export const MediaLimitsAnswer = dataOf(Type.Object({ video_mb: Type.Integer(), other_mb: Type.Integer() }));
const Kind = Type.Union(mediaKinds.map((k) => Type.Literal(k)));
/** '' clears a field (form data cannot carry null). */
const Clearable = (s: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([s, Type.Literal(''), Type.Null()]));
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  kind: Kind,
  url: Clearable(Type.String({ maxLength: 2000, pattern: '^https?://' })),
  body: Clearable(Type.String({ maxLength: 500_000 })),
  deadline: Clearable(Type.String({ format: 'date' })),
  file: Type.Optional(Type.Any()),
  /** Kind `lti`: the registered tool it launches (`url`, optional, is then the launch's target). */
  lti_tool_id: Type.Optional(Type.Union([Id, Type.Literal(''), Type.Null()])),
};
const CreateBody = Type.Object(Fields);
const UpdateBody = Type.Partial(Type.Object(Fields));
type Body = Static<typeof UpdateBody>;
type Row = typeof media.$inferSelect;

/** The admin view of a material: no disk path; links for the player and the download. */
function view(m: Row, extra: { chapters_count: number }) {
  const { path, tenant_id: _t, ...rest } = m;
  void _t;
  return {
    ...rest,
    has_file: Boolean(path),
    stream_url: m.kind === 'video' && path ? `/api/streamVideo?media_id=${m.id}` : null,
    download_url: path ? `/admin/media/${m.id}/download` : null,
    ...extra,
  };
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === '' || v === null ? null : v);

/**
 * Materials of the school (`/admin/media`): videos, PDFs, files, links, texts and project assignments.
 * Files are streamed to disk by the multipart parser (videos up to MEDIA_VIDEO_MAX_MB, others 40 MB),
 * checked by extension and first bytes, and removed from disk with their material or when replaced.
 */
export function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const videoMax = videoMaxBytes(fastify.config.videoMaxMb);
  // the parser's limit is per route (the larger one); each kind's own limit is checked once the kind is known
  const upload: UploadLimits = {
    maxFileSize: Math.max(videoMax, OTHER_MAX),
    sizeError: videoMax >= OTHER_MAX ? 'ERROR_MAX_SIZE' : 'ERROR_MAX_SIZE_40',
    maxFiles: 1,
    // anything but a video stops at 40 MB while it streams (kind sent before the file, else judged by the extension)
    perFile: (file, fields) => {
      const video = fields.kind ? fields.kind === 'video' : VIDEO_EXTENSIONS.includes(extOf(file.filename));
      return video ? undefined : { maxFileSize: OTHER_MAX, sizeError: 'ERROR_MAX_SIZE_40' };
    },
  };

  const chaptersOf = async (db: Db, id: number) => Number((await db.select({ n: count() }).from(chapterMedia).where(eq(chapterMedia.media_id, id)))[0].n);
  const removeFile = (req: FastifyRequest, rel: string | null) => (rel ? rm(absolutePath(app.config.dataDir, req.tenant.slug, rel), { force: true }) : Promise.resolve());

  function uploadedOf(body: Body): UploadedFile | undefined {
    if (body.file === undefined || body.file === '' || body.file === null) return undefined;
    if (!isUploadedFile(body.file)) throw fieldError('file', 'validation.format');
    return body.file;
  }

  /**
   * Checks a material as it will be after the write (kind, file, link, text); answers the new file columns.
   * `current` is the stored row on update.
   */
  async function validate(req: FastifyRequest, body: Body, current?: Row) {
    const kind = (body.kind ?? current?.kind) as MediaKind;
    const file = uploadedOf(body);
    const rule = FILE_KINDS[kind];
    if (file) {
      if (!rule) throw new AppError(415, 'ERROR_EXT_TYPE', `A ${kind} material carries no file`, { file: file.filename, extensions: '' });
      if (kind !== 'video' && file.size > OTHER_MAX) throw new AppError(413, 'ERROR_MAX_SIZE_40', 'File too large', { max_mb: 40 });
      if (kind === 'video' && file.size > videoMax) throw new AppError(413, 'ERROR_MAX_SIZE', 'Video too large', { max_mb: Math.floor(videoMax / MB) });
      checkFile(file, rule.extensions);
    } else if (rule && current?.path && body.kind && body.kind !== current.kind) {
      // the kept file must suit the new kind
      const abs = absolutePath(app.config.dataDir, req.tenant.slug, current.path);
      checkFile({ filename: current.file_name ?? '', size: current.size ?? 0, head: await readHead(abs).catch(() => Buffer.alloc(0)) }, rule.extensions);
    } else if (rule?.required && !(current?.path && rule)) {
      throw fieldError('file', 'validation.required');
    }
    const url = body.url === undefined ? current?.url : blank(body.url);
    const text = body.body === undefined ? current?.body : blank(body.body);
    if (kind === 'link' && !url) throw fieldError('url', 'validation.required');
    const toolId = kind !== 'lti' ? null : body.lti_tool_id === undefined ? (current?.lti_tool_id ?? null) : body.lti_tool_id === '' ? null : body.lti_tool_id;
    if (kind === 'lti' && !toolId) throw fieldError('lti_tool_id', 'validation.required');
    if (toolId && !(await req.db.select({ id: ltiTools.id }).from(ltiTools).where(eq(ltiTools.id, toolId))).length) throw fieldError('lti_tool_id', 'validation.choice');
    // a body that cleans to nothing (only a script, say) is no body
    if (kind === 'text' && !cleanRichText(text)?.trim()) throw fieldError('body', 'validation.required');
    return { kind, file, keepsFile: Boolean(rule), toolId };
  }

  app.get(
    '/admin/media',
    {
      config: { roles: [...READ] },
      schema: {
        tags,
        summary: 'Materials of the school: q searches title and file name; filter[kind] (one or a list); sort id, title, kind, size, deadline, created_at',
        querystring: ListQuery,
        response: { 200: listOf(AdminMedia) },
      },
    },
    async (req) => {
      const q = req.query.q?.trim();
      const like = q ? containsPattern(q) : undefined;
      const rawKind = (req.query.filter as Record<string, unknown> | undefined)?.kind;
      const kinds = (Array.isArray(rawKind) ? rawKind : rawKind === undefined || rawKind === '' ? [] : [rawKind]).map(String);
      if (kinds.some((k) => !(mediaKinds as readonly string[]).includes(k))) throw fieldError('filter.kind', 'validation.choice');
      const where = and(like ? or(ilike(media.title, like), ilike(media.file_name, like)) : undefined, kinds.length ? inArray(media.kind, kinds as MediaKind[]) : undefined);
      const used = req.db.select({ n: count() }).from(chapterMedia).where(eq(chapterMedia.media_id, media.id));
      const page = await paginate<Row & { chapters_count: number }>(req.db, req.query, {
        table: media,
        where,
        query: req.db
          .select({ ...getTableColumns(media), chapters_count: sql<number>`(${used})::int` })
          .from(media)
          .where(where)
          .$dynamic(),
        orderBy: orderFor(req.query, { id: media.id, title: media.title, kind: media.kind, size: media.size, deadline: media.deadline, created_at: media.created_at }, desc(media.id)),
      });
      return { data: page.data.map(({ chapters_count, ...m }) => view(m, { chapters_count })), meta: page.meta };
    },
  );

  app.get(
    '/admin/media/:id',
    { config: { roles: [...READ] }, schema: { tags, summary: 'One material, with the number of chapters it is attached to', params: IdParams, response: { 200: dataOf(AdminMedia) } } },
    async (req) => {
      const m = await mediaOf(req.db, req.params.id);
      return { data: view(m, { chapters_count: await chaptersOf(req.db, m.id) }) };
    },
  );

  app.get(
    '/admin/media/:id/download',
    {
      config: { roles: [...READ] },
      schema: { response: { 200: fileAnswer(ANY_FILE, "The material's file, under its uploaded name") }, tags, summary: 'The file of a material, under its uploaded name', params: IdParams },
    },
    async (req, reply) => {
      const m = await mediaOf(req.db, req.params.id);
      if (!m.path) throw new AppError(404, 'ERROR_FILE_NOT_FOUND', 'The material has no file');
      const abs = absolutePath(app.config.dataDir, req.tenant.slug, m.path);
      const size = await stat(abs).then(
        (s) => s.size,
        () => -1,
      );
      if (size < 0) throw new AppError(404, 'ERROR_FILE_NOT_FOUND', 'The file is missing on disk');
      // typed by the stored file's checked extension, never by the mime column (docs/security.md "Downloads and file types")
      return sendDownload(reply, abs, { name: m.file_name ?? m.title, stored: m.path, size });
    },
  );

  app.post(
    '/admin/media',
    {
      config: { roles: [...WRITE], upload },
      schema: {
        tags,
        summary: `Create a material (form data or JSON): title, kind, file (video: mp4, m4v, mov, webm, ogv up to MEDIA_VIDEO_MAX_MB, default 2048 MB; pdf, file, project: documents up to 40 MB), url (link), body (text), deadline (project)`,
        consumes: ['multipart/form-data', 'application/json'],
        body: CreateBody,
        response: { 201: dataOf(AdminMedia) },
      },
    },
    async (req, reply) => {
      const { kind, file, keepsFile, toolId } = await validate(req, req.body);
      let path: string | null = null;
      if (file && keepsFile) path = await keepUpload(app.config.dataDir, req.tenant.slug, `media/${kind}`, file);
      try {
        const [m] = await req.db
          .insert(media)
          .values({
            title: req.body.title.trim(),
            kind,
            path,
            file_name: file ? file.filename : null,
            mime: file ? mimeOf(file.filename) : null,
            size: file ? file.size : null,
            url: kind === 'link' || kind === 'lti' ? blank(req.body.url) : null,
            lti_tool_id: toolId,
            // rich text: cleaned when saved (core/html.ts)
            body: cleanRichText(blank(req.body.body)) ?? null,
            deadline: kind === 'project' ? (blank(req.body.deadline) ?? null) : null,
          })
          .returning();
        return reply.status(201).send({ data: view(m, { chapters_count: 0 }) });
      } catch (err) {
        await removeFile(req, path);
        throw err;
      }
    },
  );

  app.put(
    '/admin/media/:id',
    {
      config: { roles: [...WRITE], upload },
      schema: {
        tags,
        summary:
          'Update a material (form data with _method=PUT, or JSON); absent fields are kept, "" clears url, body and deadline; a new file replaces the old one on disk; a kind without a file drops it',
        consumes: ['multipart/form-data', 'application/json'],
        params: IdParams,
        body: UpdateBody,
        response: { 200: dataOf(AdminMedia) },
      },
    },
    async (req) => {
      const current = await mediaOf(req.db, req.params.id);
      if (req.body.title !== undefined && !req.body.title.trim()) throw fieldError('title', 'validation.required');
      const { kind, file, keepsFile, toolId } = await validate(req, req.body, current);
      let path = keepsFile ? current.path : null;
      const fileCols = keepsFile ? {} : { file_name: null, mime: null, size: null };
      let newPath: string | null = null;
      if (file) {
        newPath = path = await keepUpload(app.config.dataDir, req.tenant.slug, `media/${kind}`, file);
        Object.assign(fileCols, { file_name: file.filename, mime: mimeOf(file.filename), size: file.size });
      }
      try {
        const [m] = await req.db
          .update(media)
          .set({
            title: req.body.title?.trim() ?? current.title,
            kind,
            path,
            ...fileCols,
            url: kind === 'link' || kind === 'lti' ? (req.body.url === undefined ? current.url : blank(req.body.url)) : null,
            lti_tool_id: toolId,
            body: req.body.body === undefined ? current.body : (cleanRichText(blank(req.body.body)) ?? null),
            deadline: kind === 'project' ? (req.body.deadline === undefined ? current.deadline : (blank(req.body.deadline) ?? null)) : null,
          })
          .where(eq(media.id, current.id))
          .returning();
        if (current.path && current.path !== path) await removeFile(req, current.path);
        return { data: view(m, { chapters_count: await chaptersOf(req.db, m.id) }) };
      } catch (err) {
        await removeFile(req, newPath);
        throw err;
      }
    },
  );

  /** Ids among `ids` that students have submitted projects for: deleting them would delete the submissions. */
  async function withProjects(db: Db, ids: number[]) {
    const rows = await db.selectDistinct({ id: submittedProjects.media_id }).from(submittedProjects).where(inArray(submittedProjects.media_id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async function remove(req: FastifyRequest, rows: Row[]) {
    if (!rows.length) return;
    await req.db.delete(media).where(
      inArray(
        media.id,
        rows.map((r) => r.id),
      ),
    );
    await Promise.all(rows.map((r) => removeFile(req, r.path)));
  }

  app.delete(
    '/admin/media/:id',
    {
      config: { roles: [...WRITE] },
      schema: { tags, summary: 'Delete a material and its file (detached from its chapters); a project with submissions: 409 ERROR_MEDIA_HAS_PROJECTS', params: IdParams, response: { 200: IdAnswer } },
    },
    async (req) => {
      const m = await mediaOf(req.db, req.params.id);
      if ((await withProjects(req.db, [m.id])).size) throw new AppError(409, 'ERROR_MEDIA_HAS_PROJECTS', 'Students have submitted projects for this material', { title: m.title });
      await remove(req, [m]);
      return { data: { id: m.id } };
    },
  );

  app.post(
    '/admin/delete/media',
    {
      config: { roles: [...WRITE] },
      schema: {
        tags,
        summary: 'Delete many materials ({ ids }) with their files; projects with submissions are kept and reported in refused (all refused: 409 ERROR_MEDIA_HAS_PROJECTS)',
        body: Type.Object({ ids: Type.Array(Id, { maxItems: 1000 }) }),
        response: { 200: dataOf(Type.Object({ count: Type.Integer(), deleted: Type.Array(Id), refused: Type.Array(Type.Object({ id: Id, title: Type.String() })) })) },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids)];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_MEDIA', 'No material selected');
      const rows = await req.db.select().from(media).where(inArray(media.id, ids));
      if (!rows.length) throw notFound('media');
      const busy = await withProjects(
        req.db,
        rows.map((r) => r.id),
      );
      const refused = rows.filter((r) => busy.has(r.id));
      const deletable = rows.filter((r) => !busy.has(r.id));
      if (!deletable.length) throw new AppError(409, 'ERROR_MEDIA_HAS_PROJECTS', 'Students have submitted projects for these materials', { title: refused.map((r) => r.title).join(', ') });
      await remove(req, deletable);
      return { data: { count: deletable.length, deleted: deletable.map((r) => r.id), refused: refused.map((r) => ({ id: r.id, title: r.title })) } };
    },
  );

  app.get(
    '/admin/media/limits',
    {
      config: { roles: [...READ] },
      schema: { tags, summary: 'Upload limits in MB: video (MEDIA_VIDEO_MAX_MB) and other files (40)', response: { 200: MediaLimitsAnswer } },
    },
    async () => ({
      data: { video_mb: Math.floor(videoMax / MB), other_mb: OTHER_MAX / MB },
    }),
  );
}
