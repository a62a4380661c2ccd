import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { diplomaDocuments, diplomas, documentTemplates, documents, programs, users } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, filterId, orderFor, pageMeta } from '../../core/pagination.ts';
import { safeJoin, tenantRoot } from '../../core/storage.ts';
import { schoolCompany } from '../companies/index.ts';
import { RECORD_ROLES, loadTemplate } from '../templates/index.ts';
import { imagePathsOf, renderPdf, writePdf } from '../templates/index.ts';
import { declineName, splitName } from './declension.ts';
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

/** Short codes without letters that read like digits (Crockford's alphabet): typed from paper by an employer. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const newVerifyCode = () => [...randomBytes(10)].map((b) => CODE_ALPHABET[b % 32]).join('');
/** The public verification page of a code (what the QR holds). */
export const verifyUrl = (apiBase: string, slug: string, code: string) => `${apiBase}/api/verify/${code}?domain=${encodeURIComponent(slug)}`;
/** The API's public address for links printed in documents. */
export const apiBaseOf = (app: FastifyInstance, req: FastifyRequest) => app.config.apiUrl ?? `${req.protocol}://${req.host}`;

/** The names a template prints: English templates the student's English name; Russian ones the cases (typed, else proposed). */
async function namesFor(db: Db, d: Diploma, lang: 'ru' | 'en') {
  const [u] = await db.select().from(users).where(eq(users.id, d.user_id));
  if (lang === 'en') {
    const en = [u?.name_en || u?.name_latin, u?.surname_en || u?.surname_latin].filter(Boolean).join(' ') || d.name_nominative;
    return { name: en, name_genitive: en, name_dative: en };
  }
  const proposed = declineName({ ...splitName(d.name_nominative), sex: u?.sex ?? null }, { genitive: d.name_genitive, dative: d.name_dative });
  return { name: d.name_nominative, name_genitive: d.name_genitive || proposed.genitive, name_dative: d.name_dative || proposed.dative };
}

export interface GenerateOptions {
  templateId?: number;
  /** The API's public address: the QR and the verification code point there. */
  apiBase: string;
}

/**
 * Renders a diploma's document: the template filled from the diploma (hours are required: ERROR_GENERATION_DURATION),
 * drawn by the template's layout with the QR of its verification page, written as a PDF into the student's documents
 * (the portal lists it) and linked to the diploma with its short verification code.
 */
export async function generateDiplomaDocument(db: Db, dataDir: string, tenant: { slug: string }, d: Diploma, opts: GenerateOptions) {
  const template = await templateFor(db, d, opts.templateId);
  if (!d.hours) throw new AppError(422, 'ERROR_GENERATION_DURATION', 'The diploma has no hours');
  const [program] = d.program_id ? await db.select().from(programs).where(eq(programs.id, d.program_id)) : [];
  const company = await schoolCompany(db);
  const code = newVerifyCode();
  const values = {
    ...(await namesFor(db, d, template.lang)),
    program: program ? (template.lang === 'en' && program.title_en) || program.documents_title || program.title : null,
    hours: String(d.hours),
    registration_number: d.registration_number,
    date: date(d.date_issue ?? today()),
    date_start: date(d.date_start),
    date_end: date(d.date_end),
    chairman: d.chairman,
    director: d.director,
    secretary: d.secretary,
    company: company ? company.full_name || company.title : null,
    verify_code: code,
  };
  const title = `${template.title} № ${d.registration_number}`;
  const images = await imagePathsOf(db, dataDir, tenant.slug, template.id);
  // renders (and refuses a placeholder without a value) before anything is written
  const pdf = renderPdf({ title, layout: template.layout, body: template.body, values, images, qrText: verifyUrl(opts.apiBase, tenant.slug, code) });
  const rel = join('documents', String(d.user_id), `${randomUUID()}.pdf`);
  const abs = safeJoin(tenantRoot(dataDir, tenant.slug), rel);
  try {
    await mkdir(dirname(abs), { recursive: true });
    await writePdf(abs, pdf);
    const { size } = await stat(abs);
    return await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(documents)
        .values({ user_id: d.user_id, kind: template.kind, title, title_en: `${template.title} No ${d.registration_number}`, path: rel, file_name: `${title}.pdf`, mime: 'application/pdf', size })
        .returning();
      const [link] = await tx.insert(diplomaDocuments).values({ diploma_id: d.id, document_id: doc.id, template_id: template.id, verify_code: code }).returning();
      return { document: documentView(link, doc), path: rel, template };
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
      const { document: data } = await generateDiplomaDocument(req.db, app.config.dataDir, req.tenant, d, { templateId, apiBase: apiBaseOf(fastify, req) });
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
