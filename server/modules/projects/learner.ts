import { access } from 'node:fs/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { Type } from 'typebox';
import { media, mediaUserScores, projectFiles, submittedProjects } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { absolutePath, keepUpload } from '../../core/storage.ts';
import { assertExtension, isArchive, sendDownload } from '../../core/file-types.ts';
import { filesOf } from '../../core/multipart.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { ANY_FILE, dataOf, fileAnswer } from '../../core/responses.ts';
import { assertItemVisible } from '../programs/index.ts';
import { versionRule } from './rules.ts';
import { reviewScope } from './scope.ts';
import { MAX_SIZE, REVIEWERS, detail, tags } from './store.ts';
import { ProjectVersion, VersionAnswer } from './responses.ts';

const MAX_FILES = 5;
const Ids = Type.Object({ id: Id, submitId: Id });

/** The student's side: submitting a version (archives, the deadline rule), my versions, and a version's files, which reviewers open too. */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function projectMedia(db: Db, id: number) {
    const [m] = await db
      .select()
      .from(media)
      .where(and(eq(media.id, id), eq(media.kind, 'project')));
    if (!m) throw notFound('media');
    return m;
  }

  /** A stored file of a project, typed by its stored (checked) extension. */
  async function sendFile(reply: import('fastify').FastifyReply, tenantSlug: string, rel: string, name: string) {
    const abs = absolutePath(app.config.dataDir, tenantSlug, rel);
    try {
      await access(abs);
    } catch {
      throw notFound('file');
    }
    return sendDownload(reply, abs, { name, stored: rel });
  }

  // ---- the student ---------------------------------------------------------------------------
  app.post(
    '/api/media/:id/submittedProject',
    {
      config: { roles: ['student'], upload: { maxFileSize: MAX_SIZE, sizeError: 'ERROR_MAX_SIZE_40', maxFiles: MAX_FILES } },
      schema: {
        tags,
        summary: 'Submit a project version: files file1..n (zip or rar by content, at most 40 MB each, at most 5), a message and confirm=1 (all files uploaded)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: VersionAnswer },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const m = await projectMedia(req.db, req.params.id);
      await assertItemVisible(req.db, me, { mediaId: m.id });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const files = filesOf(body);
      if (!files.length) throw fieldError('file1', 'validation.required');
      if (!['1', 'true', 'on'].includes(String(body.confirm ?? ''))) throw fieldError('confirm', 'validation.required');
      const message = typeof body.message === 'string' ? body.message.trim() : '';
      if (message.length > 5000) throw fieldError('message', 'validation.max_length:5000');
      for (const f of files) {
        assertExtension(f, ['zip', 'rar']);
        if (!isArchive(f.head)) throw new AppError(415, 'ERROR_FILE_NOT_ARCHIVE', 'Not a zip or rar archive', { file: f.filename });
      }
      const hashes = files.map((f) => f.sha256);
      if (new Set(hashes).size !== hashes.length) throw new AppError(409, 'ERROR_FILE_EXISTS', 'The same file twice in one submission');
      const versions = await req.db
        .select()
        .from(submittedProjects)
        .where(and(eq(submittedProjects.user_id, me.id), eq(submittedProjects.media_id, m.id)))
        .orderBy(desc(submittedProjects.version));
      if (versions[0]?.status === 'awaiting') throw new AppError(409, 'ERROR_PROJECT_NOT_CHECKED', 'The previous version awaits review');
      if (versions.length) {
        const earlier = await req.db
          .select({ name: projectFiles.file_name })
          .from(projectFiles)
          .where(
            and(
              inArray(
                projectFiles.project_id,
                versions.map((v) => v.id),
              ),
              inArray(projectFiles.sha256, hashes),
            ),
          );
        if (earlier.length) throw new AppError(409, 'ERROR_FILE_EXISTS', 'This file was submitted in an earlier version', { file: earlier[0].name });
      }
      const rule = versionRule(m.deadline, versions.length, undefined, versions.filter((v) => v.late).length);
      // extra versions granted by updateCountAttempts: a version the rule refuses uses one up
      const [extra] = await req.db
        .select()
        .from(mediaUserScores)
        .where(and(eq(mediaUserScores.user_id, me.id), eq(mediaUserScores.media_id, m.id)));
      const useExtra = !rule.allowed && (extra?.count_attempts ?? 0) > 0;
      if (!rule.allowed && !useExtra) throw new AppError(409, rule.reason, 'No more versions of this project', { deadline: m.deadline });
      const late = rule.allowed ? rule.late : !!m.deadline && new Date().toISOString().slice(0, 10) > m.deadline;
      // one transaction: a file row the database refuses leaves no version without files (its stored files are
      // removed before the answer: server/core/storage.ts removeUnnamedUploads)
      const p = await req.db.transaction(async (tx) => {
        const [p] = await tx
          .insert(submittedProjects)
          .values({ user_id: me.id, media_id: m.id, version: (versions[0]?.version ?? 0) + 1, message, late })
          .returning();
        if (useExtra) {
          await tx
            .update(mediaUserScores)
            .set({ count_attempts: sql`${mediaUserScores.count_attempts} - 1` })
            .where(and(eq(mediaUserScores.user_id, me.id), eq(mediaUserScores.media_id, m.id)));
        }
        for (const f of files) {
          const path = await keepUpload(app.config.dataDir, req.tenant.slug, `projects/${p.id}`, f);
          await tx.insert(projectFiles).values({ project_id: p.id, file_name: f.filename, path, size: f.size, sha256: f.sha256 });
        }
        return p;
      });
      await fastify.recordEvent(req, 'project_submitted', { type: 'media', id: m.id }, { project_id: p.id, version: p.version });
      return reply.status(201).send({ data: await detail(req.db, p) });
    },
  );

  app.get(
    '/api/media/:id/submittedProject',
    { config: { roles: ['student'] }, schema: { tags, summary: 'My versions of a project, newest first', params: IdParams, response: { 200: dataOf(Type.Array(ProjectVersion)) } } },
    async (req) => {
      const me = currentUser(req);
      const m = await projectMedia(req.db, req.params.id);
      const rows = await req.db
        .select()
        .from(submittedProjects)
        .where(and(eq(submittedProjects.user_id, me.id), eq(submittedProjects.media_id, m.id)))
        .orderBy(desc(submittedProjects.version));
      return { data: await Promise.all(rows.map((p) => detail(req.db, p))) };
    },
  );

  /** The student's own version, or a version of the school for a reviewer (a trainer: of their programs); otherwise 404. */
  async function visibleProject(db: Db, me: { id: number; role: string }, mediaId: number, id: number) {
    const [p] = await db
      .select()
      .from(submittedProjects)
      .where(and(eq(submittedProjects.id, id), eq(submittedProjects.media_id, mediaId), reviewScope(db, me, submittedProjects.media_id)));
    if (!p || (me.role === 'student' && p.user_id !== me.id)) throw notFound('project');
    return p;
  }
  const viewers = { roles: ['student', ...REVIEWERS] as const };

  app.get(
    '/api/media/:id/submittedProject/:submitId',
    { config: viewers, schema: { tags, summary: "One version: status, score, trainer, trainer's message and files", params: Ids, response: { 200: VersionAnswer } } },
    async (req) => {
      const me = currentUser(req);
      return { data: await detail(req.db, await visibleProject(req.db, me, req.params.id, req.params.submitId)) };
    },
  );

  app.get(
    '/api/media/:id/submittedProject/:submitId/file/:fileId',
    {
      config: viewers,
      schema: {
        response: { 200: fileAnswer(ANY_FILE, 'The file, under its own media type and name') },
        tags,
        summary: 'Download a file of a version',
        params: Type.Object({ id: Id, submitId: Id, fileId: Id }),
      },
    },
    async (req, reply) => {
      const p = await visibleProject(req.db, currentUser(req), req.params.id, req.params.submitId);
      const [f] = await req.db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.id, req.params.fileId), eq(projectFiles.project_id, p.id)));
      if (!f) throw notFound('file');
      return sendFile(reply, req.tenant.slug, f.path, f.file_name);
    },
  );

  app.get(
    '/api/media/:id/submittedProject/:submitId/trainerFile',
    {
      config: viewers,
      schema: { response: { 200: fileAnswer(ANY_FILE, "The trainer's file, under its own media type and name") }, tags, summary: 'Download the file the trainer attached to the review', params: Ids },
    },
    async (req, reply) => {
      const p = await visibleProject(req.db, currentUser(req), req.params.id, req.params.submitId);
      if (!p.trainer_file) throw notFound('file');
      return sendFile(reply, req.tenant.slug, p.trainer_file, p.trainer_file_name ?? 'file');
    },
  );
}
