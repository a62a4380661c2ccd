import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { documents, users } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { assertFileType } from '../../core/file-types.ts';
import { DOCUMENT_EXTENSIONS, DOCUMENT_UPLOAD, type Doc, downloadUrl, removeDocumentFile, saveDocument } from './store.ts';
import { RECORD_ROLES } from '../templates/index.ts';
import { Id, IdParams, isId, nullable } from '../../core/schemas.ts';
import { DateTime, IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';

const tags = ['admin: documents'];
const KINDS = ['document', 'certificate', 'uploaded'] as const;
type Kind = (typeof KINDS)[number];
const Kind = Type.Union(KINDS.map((k) => Type.Literal(k)));
const Title = Type.String({ minLength: 1, maxLength: 255 });
const TitleEn = Type.Union([Type.String({ maxLength: 255 }), Type.Null()]);

const columns = {
  id: documents.id,
  user_id: documents.user_id,
  kind: documents.kind,
  title: documents.title,
  title_en: documents.title_en,
  file_name: documents.file_name,
  mime: documents.mime,
  size: documents.size,
  created_at: documents.created_at,
  user_login: users.login,
  user_name: users.name,
  user_surname: users.surname,
};
type Row = Pick<Doc, 'id' | 'user_id' | 'kind' | 'title' | 'title_en' | 'file_name' | 'mime' | 'size' | 'created_at'> & { user_login: string; user_name: string; user_surname: string };
/** A document with its student, as the back office lists it (`columns` and the download's address). */
const AdminDocument = Type.Object({
  id: Id,
  user_id: Id,
  kind: Type.Unsafe<Kind>(Kind),
  title: Type.String(),
  title_en: nullable(Type.String()),
  file_name: Type.String(),
  mime: nullable(Type.String()),
  size: Type.Integer(),
  created_at: DateTime,
  user_login: Type.String(),
  user_name: Type.String(),
  user_surname: Type.String(),
  download_url: Type.String(),
});
const DocumentAnswer = dataOf(AdminDocument);
const view = (r: Row) => ({ ...r, download_url: downloadUrl(r.id) });

/**
 * The back office's routes (admins): every document of the school (issued and uploaded), a document uploaded for a student (at most
 * 5 MB: ERROR_MAX_SIZE_5), title and kind edited, deletion. Issued ones (document, certificate) show in the
 * student's `GET /api/documents`; `uploaded` ones are the student's own uploads.
 */
export function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  async function load(db: Db, id: number) {
    const [d] = await db.select(columns).from(documents).innerJoin(users, eq(users.id, documents.user_id)).where(eq(documents.id, id));
    if (!d) throw notFound('document');
    return d;
  }

  app.get(
    '/admin/document',
    {
      config,
      schema: {
        tags,
        summary: "Documents of the school; filter[user_id], filter[kind]; q searches title, file name and the student's login or name; sort id, title, kind, size, created_at",
        querystring: ListQuery,
        response: { 200: listOf(AdminDocument) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      let userId: number | undefined;
      if (f.user_id !== undefined && f.user_id !== '') {
        userId = Number(f.user_id);
        if (!isId(userId)) throw fieldError('filter.user_id', 'validation.format');
      }
      if (f.kind !== undefined && f.kind !== '' && !(KINDS as readonly unknown[]).includes(f.kind)) throw fieldError('filter.kind', 'validation.choice');
      const kind = f.kind ? (f.kind as Kind) : undefined;
      const q = req.query.q?.trim();
      const where = and(
        userId ? eq(documents.user_id, userId) : undefined,
        kind ? eq(documents.kind, kind) : undefined,
        q
          ? or(
              ilike(documents.title, containsPattern(q)),
              ilike(documents.file_name, containsPattern(q)),
              // a subquery, so that the count (on documents alone) can use the same filter
              inArray(
                documents.user_id,
                req.db
                  .select({ id: users.id })
                  .from(users)
                  .where(or(ilike(users.login, containsPattern(q)), ilike(users.surname, containsPattern(q)), ilike(users.name, containsPattern(q)))),
              ),
            )
          : undefined,
      );
      const page = await paginate<Row>(req.db, req.query, {
        table: documents,
        where,
        query: req.db.select(columns).from(documents).innerJoin(users, eq(users.id, documents.user_id)).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: documents.id, title: documents.title, kind: documents.kind, size: documents.size, created_at: documents.created_at }, desc(documents.id)),
      });
      return { data: page.data.map(view), meta: page.meta };
    },
  );

  app.get('/admin/document/:id', { config, schema: { tags, summary: 'One document', params: IdParams, response: { 200: DocumentAnswer } } }, async (req) => ({
    data: view(await load(req.db, req.params.id)),
  }));

  app.post(
    '/admin/document',
    {
      config: { ...config, upload: { ...DOCUMENT_UPLOAD, maxFiles: 1 } },
      schema: {
        tags,
        summary: 'Upload a document for a student (form data: user_id, file (pdf, jpg, jpeg, png, doc, docx; at most 5 MB), title (default: the file name), title_en, kind (default document))',
        consumes: ['multipart/form-data'],
        body: Type.Object({
          user_id: Id,
          file: Type.Any(),
          title: Type.Optional(Type.String({ maxLength: 255 })),
          title_en: Type.Optional(Type.String({ maxLength: 255 })),
          kind: Type.Optional(Kind),
        }),
        response: { 201: DocumentAnswer },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (!isUploadedFile(b.file)) throw fieldError('file', 'validation.required');
      assertFileType(b.file, DOCUMENT_EXTENSIONS);
      const [u] = await req.db.select({ id: users.id }).from(users).where(eq(users.id, b.user_id));
      if (!u) throw notFound('user');
      const d = await saveDocument(req.db, app.config.dataDir, req.tenant.slug, u.id, b.file, {
        kind: b.kind ?? 'document',
        title: b.title?.trim() || b.file.filename,
        title_en: b.title_en?.trim() || null,
      });
      return reply.status(201).send({ data: view(await load(req.db, d.id)) });
    },
  );

  app.put(
    '/admin/document/:id',
    {
      config,
      schema: {
        tags,
        summary: "Edit a document's title, English title or kind",
        params: IdParams,
        body: Type.Partial(Type.Object({ title: Title, title_en: TitleEn, kind: Kind })),
        response: { 200: DocumentAnswer },
      },
    },
    async (req) => {
      const d = await load(req.db, req.params.id);
      const patch = { ...req.body, ...(req.body.title ? { title: req.body.title.trim() } : {}), ...(req.body.title_en !== undefined ? { title_en: req.body.title_en?.trim() || null } : {}) };
      if (Object.keys(patch).length) await req.db.update(documents).set(patch).where(eq(documents.id, d.id));
      return { data: view(await load(req.db, d.id)) };
    },
  );

  app.delete('/admin/document/:id', { config, schema: { tags, summary: 'Delete a document and its file', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const d = await load(req.db, req.params.id);
    const [gone] = await req.db.delete(documents).where(eq(documents.id, d.id)).returning({ path: documents.path });
    if (gone) await removeDocumentFile(app.config.dataDir, req.tenant.slug, gone.path);
    return { data: { id: d.id } };
  });
}
