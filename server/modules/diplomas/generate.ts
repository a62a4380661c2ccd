import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { diplomaDocuments, diplomas, documentTemplates, documents, programs, users } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, pageMeta } from '../../core/pagination.ts';
import { writeTextPdf } from '../../core/pdf.ts';
import { safeJoin, tenantRoot } from '../../core/storage.ts';
import { schoolCompany } from '../companies/index.ts';
import { RECORD_ROLES, loadTemplate } from '../templates/index.ts';
import { fillTemplate } from '../templates/index.ts';
import { documentView, dropFiles, loadDiploma, type Db, type Diploma } from './store.ts';
import { IdParams, isId } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { DiplomaDocument, DiplomaDocumentRow } from './responses.ts';
import { containsPattern } from '../../core/search.ts';

const tags = ['admin: diploma documents'];

/** The template a generation uses: the one asked for, else the diploma's, else the school's newest certificate template, else its newest. */
async function templateFor(db: Db, d: Diploma, asked?: number) {
  const id = asked ?? d.template_id;
  if (id) return loadTemplate(db, id);
  const [t] = await db
    .select()
    .from(documentTemplates)
    .orderBy(desc(eq(documentTemplates.kind, 'certificate')), desc(documentTemplates.id))
    .limit(1);
  if (!t) throw new AppError(422, 'ERROR_GENERATION_TEMPLATE', 'The school has no document template');
  return t;
}

const today = () => new Date().toISOString().slice(0, 10);
/** `YYYY-MM-DD` → `DD.MM.YYYY`, as Russian documents write dates. */
const date = (v: string | null) => (v ? v.slice(0, 10).split('-').reverse().join('.') : null);

/**
 * Renders a diploma's document: the template filled from the diploma (hours are required: ERROR_GENERATION_DURATION),
 * written as a PDF into the student's documents (the portal lists it) and linked to the diploma.
 */
export async function generateDiplomaDocument(db: Db, dataDir: string, tenant: { slug: string }, d: Diploma, templateId?: number) {
  const template = await templateFor(db, d, templateId);
  if (!d.hours) throw new AppError(422, 'ERROR_GENERATION_DURATION', 'The diploma has no hours');
  const [program] = d.program_id ? await db.select().from(programs).where(eq(programs.id, d.program_id)) : [];
  const company = await schoolCompany(db);
  const text = fillTemplate(template.body, {
    name: d.name_nominative,
    name_genitive: d.name_genitive,
    name_dative: d.name_dative,
    program: program ? program.documents_title || program.title : null,
    hours: String(d.hours),
    registration_number: d.registration_number,
    date: date(d.date_issue ?? today()),
    date_start: date(d.date_start),
    date_end: date(d.date_end),
    chairman: d.chairman,
    director: d.director,
    secretary: d.secretary,
    company: company ? company.full_name || company.title : null,
  });
  const title = `${template.title} № ${d.registration_number}`;
  const rel = join('documents', String(d.user_id), `${randomUUID()}.pdf`);
  const abs = safeJoin(tenantRoot(dataDir, tenant.slug), rel);
  await mkdir(dirname(abs), { recursive: true });
  try {
    await writeTextPdf(
      abs,
      title,
      text.split(/\n/).map((l) => l.trimEnd()),
    );
    const { size } = await stat(abs);
    return await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({ user_id: d.user_id, kind: template.kind, title, title_en: `${template.title} No ${d.registration_number}`, path: rel, file_name: `${title}.pdf`, mime: 'application/pdf', size })
        .returning();
      const [link] = await tx.insert(diplomaDocuments).values({ diploma_id: d.id, document_id: doc.id, template_id: template.id }).returning();
      return documentView(link, doc);
    });
  } catch (err) {
    // a file whose row was not written goes at once (issue 27, defect 3; docs/security.md "Stored files no row names")
    await rm(abs, { force: true });
    throw err;
  }
}

/** `POST /admin/diploma/:id/generate` and the `/admin/diploma_documents` list. */
export function generationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  app.post(
    '/admin/diploma/:id/generate',
    {
      config,
      schema: {
        tags,
        summary: "Render the diploma's document as a PDF into the student's documents (template_id, else the diploma's template, else the school's newest certificate template)",
        params: IdParams,
        response: { 201: dataOf(DiplomaDocument) },
        // no body schema: the call usually has no body at all; `{ template_id }` is checked by hand
      },
    },
    async (req, reply) => {
      const raw = (req.body as { template_id?: unknown } | null | undefined)?.template_id;
      let templateId: number | undefined;
      if (raw !== undefined && raw !== null && raw !== '') {
        templateId = Number(raw);
        if (!isId(templateId)) throw fieldError('template_id', 'validation.format');
      }
      const d = await loadDiploma(req.db, req.params.id);
      const data = await generateDiplomaDocument(req.db, app.config.dataDir, req.tenant, d, templateId);
      return reply.status(201).send({ data });
    },
  );

  async function loadLink(db: Db, id: number) {
    const [row] = await db.select().from(diplomaDocuments).innerJoin(documents, eq(documents.id, diplomaDocuments.document_id)).where(eq(diplomaDocuments.id, id));
    if (!row) throw notFound('diploma_document');
    return row;
  }

  app.get(
    '/admin/diploma_documents',
    {
      config,
      schema: {
        tags,
        summary: 'Documents generated for diplomas; filter[diploma_id], filter[user_id]; q searches the title; sort id, title, created_at',
        querystring: ListQuery,
        response: { 200: listOf(DiplomaDocumentRow) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const diplomaId = filterId(f, 'diploma_id');
      const userId = filterId(f, 'user_id');
      const q = req.query.q?.trim();
      const where = and(
        diplomaId ? eq(diplomaDocuments.diploma_id, diplomaId) : undefined,
        userId ? eq(documents.user_id, userId) : undefined,
        q ? ilike(documents.title, containsPattern(q)) : undefined,
      );
      const perPage = Math.min(req.query.per_page ?? 15, 100);
      const page = Math.max(req.query.page ?? 1, 1);
      const [{ total }] = await req.db.select({ total: count() }).from(diplomaDocuments).innerJoin(documents, eq(documents.id, diplomaDocuments.document_id)).where(where);
      const rows = await req.db
        .select()
        .from(diplomaDocuments)
        .innerJoin(documents, eq(documents.id, diplomaDocuments.document_id))
        .innerJoin(diplomas, eq(diplomas.id, diplomaDocuments.diploma_id))
        .innerJoin(users, eq(users.id, documents.user_id))
        .where(where)
        .orderBy(...orderFor(req.query, { id: diplomaDocuments.id, title: documents.title, created_at: diplomaDocuments.created_at }, desc(diplomaDocuments.id)))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const data = rows.map((r) => ({ ...documentView(r.diploma_documents, r.documents), registration_number: r.diplomas.registration_number, user_login: r.users.login }));
      return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
    },
  );

  app.get('/admin/diploma_documents/:id', { config, schema: { tags, summary: 'One generated document', params: IdParams, response: { 200: dataOf(DiplomaDocument) } } }, async (req) => {
    const r = await loadLink(req.db, req.params.id);
    return { data: documentView(r.diploma_documents, r.documents) };
  });

  app.delete(
    '/admin/diploma_documents/:id',
    { config, schema: { tags, summary: "Delete a generated document (it leaves the student's documents)", params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const r = await loadLink(req.db, req.params.id);
      await req.db.delete(documents).where(eq(documents.id, r.documents.id));
      await dropFiles(app.config.dataDir, req.tenant.slug, [r.documents.path]);
      return { data: { id: r.diploma_documents.id } };
    },
  );
}
