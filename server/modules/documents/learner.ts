import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { documents, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { assertFileType, sendDownload } from '../../core/file-types.ts';
import { DOCUMENT_EXTENSIONS, DOCUMENT_UPLOAD, type Doc, documentFile, downloadName, downloadUrl, saveDocument } from './store.ts';
import { filesOf } from '../../core/multipart.ts';
import { langOf } from '../../mail/texts.ts';
import { Id } from '../../core/schemas.ts';
import { ANY_FILE, fileAnswer } from '../../core/responses.ts';
import { MyDocuments } from './responses.ts';
import { ACCESS, ADMINS as SCHOOL_ADMINS } from '../../../common/access/roles.ts';

const tags = ['documents'];
const ROLES = ACCESS.learning.read;
const MAX_FILES = 10;

const ADMINS: readonly string[] = SCHOOL_ADMINS;

const view = (d: Doc, lang: 'ru' | 'en') => ({
  id: d.id,
  kind: d.kind,
  title: d.title,
  title_en: d.title_en,
  file_name: downloadName(d, lang),
  size: d.size,
  created_at: d.created_at,
  download_url: downloadUrl(d.id),
});

/** The student's routes: documents and certificates issued to them, and the documents they upload (at most 5 MB each). */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/documents', { config: { roles: [...ROLES] }, schema: { tags, summary: 'My documents and certificates', response: { 200: MyDocuments } } }, async (req) => {
    const me = currentUser(req);
    const rows = await req.db
      .select()
      .from(documents)
      .where(and(eq(documents.user_id, me.id), inArray(documents.kind, ['document', 'certificate'])))
      .orderBy(desc(documents.id));
    const lang = langOf(req.headers['accept-language']);
    return { data: rows.map((d) => view(d, lang)) };
  });

  app.get(
    '/api/documents/:id/download',
    {
      config: { roles: [...ROLES] },
      schema: {
        response: { 200: fileAnswer(ANY_FILE, 'The document, under its own media type and name') },
        tags,
        summary: 'Download a document: issued ones as "<title>.pdf" in the caller\'s language, uploaded ones under their own name',
        params: Type.Object({ id: Id }),
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const [d] = await req.db.select().from(documents).where(eq(documents.id, req.params.id));
      if (!d || (d.user_id !== me.id && !ADMINS.includes(me.role))) throw notFound('document');
      const abs = await documentFile(app.config.dataDir, req.tenant.slug, d.path);
      // typed by the stored file's checked extension, never by what the uploading client said
      return sendDownload(reply, abs, { name: downloadName(d, langOf(req.headers['accept-language'])), stored: d.path, size: d.size });
    },
  );

  app.get(
    '/api/document/showUploadDocument',
    {
      config: { roles: [...ROLES] },
      schema: { tags, summary: 'Documents the student has uploaded (admins may pass user_id)', querystring: Type.Object({ user_id: Type.Optional(Id) }), response: { 200: MyDocuments } },
    },
    async (req) => {
      const me = currentUser(req);
      const userId = req.query.user_id && ADMINS.includes(me.role) ? req.query.user_id : me.id;
      if (userId !== me.id) {
        const [u] = await req.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!u) throw notFound('user');
      }
      const rows = await req.db
        .select()
        .from(documents)
        .where(and(eq(documents.user_id, userId), eq(documents.kind, 'uploaded')))
        .orderBy(desc(documents.id));
      const lang = langOf(req.headers['accept-language']);
      return { data: rows.map((d) => view(d, lang)) };
    },
  );

  app.post(
    '/api/document',
    {
      config: { roles: [...ROLES], upload: { ...DOCUMENT_UPLOAD, maxFiles: MAX_FILES } },
      schema: {
        tags,
        summary: 'Upload documents (form data `file` or `file1..n`, at most 10): pdf, jpg, jpeg, png, doc, docx, at most 5 MB each, no file the user already uploaded',
        consumes: ['multipart/form-data'],
        response: { 201: MyDocuments },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const files = filesOf(req.body as Record<string, unknown>);
      if (!files.length) throw fieldError('file', 'validation.required');
      for (const f of files) assertFileType(f, DOCUMENT_EXTENSIONS);
      const hashes = files.map((f) => f.sha256);
      if (new Set(hashes).size !== hashes.length) throw new AppError(409, 'ERROR_FILE_EXISTS', 'The same file twice');
      const existing = await req.db
        .select({ sha: documents.sha256, name: documents.file_name })
        .from(documents)
        .where(and(eq(documents.user_id, me.id), eq(documents.kind, 'uploaded'), inArray(documents.sha256, hashes)));
      if (existing.length) throw new AppError(409, 'ERROR_FILE_EXISTS', 'Already uploaded', { file: existing[0].name });
      const saved = [];
      for (const f of files) {
        const d = await saveDocument(req.db, app.config.dataDir, req.tenant.slug, me.id, f, { kind: 'uploaded', title: f.filename });
        saved.push(view(d, langOf(req.headers['accept-language'])));
      }
      return reply.status(201).send({ data: saved });
    },
  );
}
