import { access } from 'node:fs/promises';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { diplomaDocuments, diplomaFiles, diplomas, documents, programs, users } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, paginate } from '../../core/pagination.ts';
import { keepUpload } from '../../core/storage.ts';
import { assertFileType, contentTypeOf, sendDownload } from '../../core/file-types.ts';
import { storedPath } from '../../core/storage.ts';
import { filesOf } from '../../core/multipart.ts';
import { RECORD_ROLES, loadTemplate } from '../templates/index.ts';
import { DiplomaFields, dropFiles, fileView, fullDiploma, loadDiploma, tags, type Diploma } from './store.ts';
import { generationRoutes } from './generate.ts';
import { registerRoutes } from './numbering.ts';
import { batchRoutes } from './batch.ts';
import { verifyRoutes } from './verify.ts';
import { declensionRoutes } from './declension-routes.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { ANY_FILE, IdAnswer, fileAnswer, listOf } from '../../core/responses.ts';
import { DiplomaRow, FullDiplomaAnswer } from './responses.ts';
import { containsPattern } from '../../core/search.ts';

export const DIPLOMA_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'];
const FILE_LIMITS = { maxFileSize: 15 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_15', maxFiles: 10 };
const NULLABLE_TEXT = ['name_genitive', 'name_dative', 'date_start', 'date_end', 'date_issue', 'chairman', 'director', 'secretary'];

/** Form values to columns ('' is null, texts trimmed); the files are not columns. */
function toColumns(body: Record<string, unknown>): Partial<Diploma> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (!(k in DiplomaFields)) continue;
    if (NULLABLE_TEXT.includes(k)) out[k] = typeof v === 'string' ? v.trim() || null : v;
    else if (typeof v === 'string') out[k] = v.trim();
    else out[k] = v;
  }
  return out as Partial<Diploma>;
}

/** Diplomas of the school's students: CRUD with files; documents generated from templates (see generate.ts). */
export default async function diplomasModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  /** The references of a diploma belong to the school; the dates are in order; the number is free. */
  async function check(db: Db, d: Partial<Diploma>, selfId?: number) {
    if (d.user_id !== undefined) {
      const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, d.user_id));
      if (!u) throw notFound('user');
    }
    if (d.program_id) {
      const [p] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, d.program_id));
      if (!p) throw notFound('program');
    }
    if (d.template_id) await loadTemplate(db, d.template_id);
    if (d.date_start && d.date_end && d.date_end < d.date_start) throw fieldError('date_end', 'validation.date');
    if (d.registration_number !== undefined) {
      const [taken] = await db.select({ id: diplomas.id }).from(diplomas).where(eq(diplomas.registration_number, d.registration_number));
      if (taken && taken.id !== selfId) throw new AppError(409, 'ERROR_REGISTRATION_NUMBER_EXISTS', 'A diploma with this registration number exists', { registration_number: d.registration_number });
    }
  }

  /** Keeps the uploaded files of a form (pdf, jpg, jpeg, png, doc, docx) for a diploma. */
  async function keepFiles(req: { tenant: { slug: string }; db: Db; body: unknown }, diplomaId: number) {
    const files = filesOf(req.body as Record<string, unknown>);
    for (const f of files) assertFileType(f, DIPLOMA_FILE_EXTENSIONS);
    for (const f of files) {
      const path = await keepUpload(app.config.dataDir, req.tenant.slug, `diplomas/${diplomaId}`, f);
      await req.db.insert(diplomaFiles).values({ diploma_id: diplomaId, path, file_name: f.filename, mime: contentTypeOf(f.filename), size: f.size });
    }
    return files.length;
  }

  app.get(
    '/admin/diploma',
    {
      config,
      schema: {
        tags,
        summary: 'Diplomas; q searches the name and the registration number; filter[user_id], filter[program_id]; sort id, name_nominative, registration_number, date_issue, hours, created_at',
        querystring: ListQuery,
        response: { 200: listOf(DiplomaRow) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const userId = filterId(f, 'user_id');
      const programId = filterId(f, 'program_id');
      const q = req.query.q?.trim();
      const where = and(
        q ? or(ilike(diplomas.name_nominative, containsPattern(q)), ilike(diplomas.registration_number, containsPattern(q))) : undefined,
        userId ? eq(diplomas.user_id, userId) : undefined,
        programId ? eq(diplomas.program_id, programId) : undefined,
      );
      const docs = req.db.select({ n: count() }).from(diplomaDocuments).where(eq(diplomaDocuments.diploma_id, diplomas.id));
      const files = req.db.select({ n: count() }).from(diplomaFiles).where(eq(diplomaFiles.diploma_id, diplomas.id));
      return paginate(req.db, req.query, {
        table: diplomas,
        where,
        query: req.db
          .select({
            id: diplomas.id,
            user_id: diplomas.user_id,
            program_id: diplomas.program_id,
            template_id: diplomas.template_id,
            name_nominative: diplomas.name_nominative,
            name_genitive: diplomas.name_genitive,
            name_dative: diplomas.name_dative,
            date_start: diplomas.date_start,
            date_end: diplomas.date_end,
            date_issue: diplomas.date_issue,
            hours: diplomas.hours,
            registration_number: diplomas.registration_number,
            chairman: diplomas.chairman,
            director: diplomas.director,
            secretary: diplomas.secretary,
            created_at: diplomas.created_at,
            program_title: programs.title,
            user_login: users.login,
            documents_count: sql<number>`(${docs})::int`,
            files_count: sql<number>`(${files})::int`,
          })
          .from(diplomas)
          .leftJoin(programs, eq(programs.id, diplomas.program_id))
          .innerJoin(users, eq(users.id, diplomas.user_id))
          .where(where)
          .$dynamic(),
        orderBy: orderFor(
          req.query,
          {
            id: diplomas.id,
            name_nominative: diplomas.name_nominative,
            registration_number: diplomas.registration_number,
            date_issue: diplomas.date_issue,
            hours: diplomas.hours,
            created_at: diplomas.created_at,
          },
          desc(diplomas.id),
        ),
      });
    },
  );

  app.get(
    '/admin/diploma/:id',
    { config, schema: { tags, summary: 'A diploma with its student, program, files and generated documents', params: IdParams, response: { 200: FullDiplomaAnswer } } },
    async (req) => ({
      data: await fullDiploma(req.db, await loadDiploma(req.db, req.params.id)),
    }),
  );

  app.post(
    '/admin/diploma',
    {
      config: { ...config, upload: FILE_LIMITS },
      schema: {
        tags,
        summary:
          'Create a diploma (JSON, or form data with files `files[]` / `file1..n`: pdf, jpg, png, doc, docx, at most 15 MB each); registration numbers are unique in the school (409 ERROR_REGISTRATION_NUMBER_EXISTS)',
        consumes: ['application/json', 'multipart/form-data'],
        body: Type.Intersect([
          Type.Object({ user_id: DiplomaFields.user_id, name_nominative: DiplomaFields.name_nominative, registration_number: DiplomaFields.registration_number }),
          Type.Partial(Type.Object(DiplomaFields)),
          Type.Object({}, { additionalProperties: true }),
        ]),
        response: { 201: FullDiplomaAnswer },
      },
    },
    async (req, reply) => {
      const cols = toColumns(req.body as Record<string, unknown>);
      await check(req.db, cols);
      for (const f of filesOf(req.body as Record<string, unknown>)) assertFileType(f, DIPLOMA_FILE_EXTENSIONS);
      const [d] = await req.db
        .insert(diplomas)
        .values(cols as Diploma)
        .returning();
      await keepFiles(req, d.id);
      return reply.status(201).send({ data: await fullDiploma(req.db, d) });
    },
  );

  app.put(
    '/admin/diploma/:id',
    {
      config: { ...config, upload: FILE_LIMITS },
      schema: {
        tags,
        summary: "Edit a diploma (JSON, or form data with _method=PUT; files sent are added to the diploma's files)",
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: Type.Intersect([Type.Partial(Type.Object(DiplomaFields)), Type.Object({}, { additionalProperties: true })]),
        response: { 200: FullDiplomaAnswer },
      },
    },
    async (req) => {
      const before = await loadDiploma(req.db, req.params.id);
      const cols = toColumns(req.body as Record<string, unknown>);
      await check(
        req.db,
        { ...cols, date_start: cols.date_start === undefined ? before.date_start : cols.date_start, date_end: cols.date_end === undefined ? before.date_end : cols.date_end },
        before.id,
      );
      for (const f of filesOf(req.body as Record<string, unknown>)) assertFileType(f, DIPLOMA_FILE_EXTENSIONS);
      const [d] = Object.keys(cols).length ? await req.db.update(diplomas).set(cols).where(eq(diplomas.id, before.id)).returning() : [before];
      await keepFiles(req, d.id);
      return { data: await fullDiploma(req.db, d) };
    },
  );

  app.delete(
    '/admin/diploma/:id',
    {
      config,
      schema: { tags, summary: "Delete a diploma with its files and the documents generated for it (they leave the student's documents)", params: IdParams, response: { 200: IdAnswer } },
    },
    async (req) => {
      const d = await loadDiploma(req.db, req.params.id);
      const files = await req.db.select({ path: diplomaFiles.path }).from(diplomaFiles).where(eq(diplomaFiles.diploma_id, d.id));
      const docs = await req.db
        .select({ id: documents.id, path: documents.path })
        .from(diplomaDocuments)
        .innerJoin(documents, eq(documents.id, diplomaDocuments.document_id))
        .where(eq(diplomaDocuments.diploma_id, d.id));
      await req.db.transaction(async (tx) => {
        if (docs.length)
          await tx.delete(documents).where(
            inArray(
              documents.id,
              docs.map((x) => x.id),
            ),
          );
        await tx.delete(diplomas).where(eq(diplomas.id, d.id));
      });
      await dropFiles(app.config.dataDir, req.tenant.slug, [...files.map((f) => f.path), ...docs.map((x) => x.path)]);
      return { data: { id: d.id } };
    },
  );

  app.post(
    '/admin/diploma/:id/files',
    {
      config: { ...config, upload: FILE_LIMITS },
      schema: {
        tags,
        summary: 'Add files to a diploma (form data `file`, `files[]` or `file1..n`: pdf, jpg, png, doc, docx, at most 15 MB each, at most 10)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: FullDiplomaAnswer },
      },
    },
    async (req, reply) => {
      const d = await loadDiploma(req.db, req.params.id);
      if (!filesOf(req.body as Record<string, unknown>).length) throw fieldError('file', 'validation.required');
      await keepFiles(req, d.id);
      return reply.status(201).send({ data: await fullDiploma(req.db, d) });
    },
  );

  const FileParams = Type.Object({ id: Id, fileId: Id });
  async function loadFile(db: Db, diplomaId: number, fileId: number) {
    const d = await loadDiploma(db, diplomaId);
    const [f] = await db
      .select()
      .from(diplomaFiles)
      .where(and(eq(diplomaFiles.id, fileId), eq(diplomaFiles.diploma_id, d.id)));
    if (!f) throw notFound('file');
    return { d, f };
  }

  app.get(
    '/admin/diploma/:id/files/:fileId',
    { config, schema: { response: { 200: fileAnswer(ANY_FILE, 'The file, under its own media type and name') }, tags, summary: 'Download a file of a diploma', params: FileParams } },
    async (req, reply) => {
      const { f } = await loadFile(req.db, req.params.id, req.params.fileId);
      const abs = storedPath(app.config.dataDir, req.tenant.slug, f.path);
      await access(abs).catch(() => {
        throw notFound('file');
      });
      return sendDownload(reply, abs, { name: f.file_name, stored: f.path, size: f.size });
    },
  );

  app.delete('/admin/diploma/:id/files/:fileId', { config, schema: { tags, summary: 'Remove a file of a diploma', params: FileParams, response: { 200: FullDiplomaAnswer } } }, async (req) => {
    const { d, f } = await loadFile(req.db, req.params.id, req.params.fileId);
    await req.db.delete(diplomaFiles).where(eq(diplomaFiles.id, f.id));
    await dropFiles(app.config.dataDir, req.tenant.slug, [f.path]);
    return { data: await fullDiploma(req.db, d) };
  });

  generationRoutes(app);
  registerRoutes(app);
  batchRoutes(app);
  declensionRoutes(app);
  verifyRoutes(app);
}

export { fileView };
