import { rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { and, asc, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { companies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { keepUpload } from '../../core/storage.ts';
import { storedPath } from '../../core/storage.ts';
import { imageType, sendImage } from '../../core/file-types.ts';
import { RECORD_ROLES } from '../templates/index.ts';
import { CompanyFields, TEXT_KEYS } from './fields.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { DateTime, IMAGE_TYPES, IdAnswer, dataOf, fileAnswer, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';

const tags = ['admin: companies'];
/** `PUT /admin/company/many`: how many companies took the value, and which. */
export const ManyAnswer = dataOf(Type.Object({ count: Type.Integer(), ids: Type.Array(Id) }));
type Company = typeof companies.$inferSelect;
const Text = nullable(Type.String());
/** A company as `companyView` shows it: no QR password (only whether it is set), the stamp as a URL. */
const CompanyView = Type.Object({
  id: Id,
  tenant_id: Id,
  title: Type.String(),
  full_name: Text,
  short_name: Text,
  inn: Text,
  kpp: Text,
  ogrn: Text,
  legal_address: Text,
  postal_address: Text,
  phone: Text,
  email: Text,
  bank: Text,
  bik: Text,
  swift: Text,
  account: Text,
  corr_account: Text,
  payment_link: Text,
  qr_login: Text,
  qr_commission: nullable(Type.Number()),
  qr_password_set: Type.Boolean(),
  director: Text,
  accountant: Text,
  stamp: Text,
  is_default: Type.Boolean(),
  created_at: DateTime,
});
const CompanyAnswer = dataOf(CompanyView);
const STAMP_LIMITS = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };

/** The key of a stamp URL: the random part of its stored name (an image URL cannot carry the bearer token). */
const stampKey = (rel: string) => basename(rel, extname(rel));

/** How the API shows a company: the QR password never travels back (only whether it is set); the stamp as a URL. */
export function companyView(c: Company, tenantSlug: string) {
  const { qr_password, ...rest } = c;
  return {
    ...rest,
    qr_commission: c.qr_commission === null ? null : Number(c.qr_commission),
    qr_password_set: !!qr_password,
    stamp: c.stamp ? `/api/files/company/${c.id}/stamp?domain=${encodeURIComponent(tenantSlug)}&key=${stampKey(c.stamp)}` : null,
  };
}

/** The company invoices and documents print: the school's default company, else its oldest; undefined when it has none. */
export async function schoolCompany(db: Db): Promise<Company | undefined> {
  const [c] = await db.select().from(companies).orderBy(desc(companies.is_default), asc(companies.id)).limit(1);
  return c;
}

/** Form values to columns: '' is null, flags are booleans, the commission a numeric text; an empty QR password keeps the stored one. */
function toColumns(body: Record<string, unknown>): Partial<Company> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'stamp' || k === 'ids') continue;
    if (k === 'is_default') out[k] = v === true || v === '1';
    else if (k === 'qr_commission') out[k] = v === null || v === '' ? null : String(v);
    else if (k === 'qr_password') {
      if (v) out[k] = v;
    } else if (TEXT_KEYS.includes(k)) out[k] = v === '' ? null : typeof v === 'string' ? v.trim() || null : v;
    else out[k] = v;
  }
  return out as Partial<Company>;
}

/** Companies of the school (legal, bank and QR details, stamp): CRUD, one field set on many at once, the stamp image. */
export default async function companiesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  async function load(db: Db, id: number) {
    const [c] = await db.select().from(companies).where(eq(companies.id, id));
    if (!c) throw notFound('company');
    return c;
  }

  /** A new stamp (an image: JPEG, PNG, WebP or GIF), or null to remove it; undefined leaves it as it is. */
  async function stampOf(tenantSlug: string, value: unknown): Promise<string | null | undefined> {
    if (value === null || value === '') return null;
    if (!isUploadedFile(value)) return undefined;
    if (!imageType(value.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'The stamp must be a JPEG, PNG, WebP or GIF image', { allowed: 'jpg, png, webp, gif', file: value.filename });
    return keepUpload(app.config.dataDir, tenantSlug, 'companies', value);
  }
  const dropFile = (tenantSlug: string, rel: string | null) => (rel ? rm(storedPath(app.config.dataDir, tenantSlug, rel), { force: true }).catch(() => undefined) : undefined);

  async function onlyDefault(db: Db, id: number) {
    await db.update(companies).set({ is_default: false }).where(ne(companies.id, id));
  }

  app.get(
    '/admin/company',
    {
      config,
      schema: {
        tags,
        summary: 'Companies; q searches title, legal names and INN; filter[is_default]; sort id, title, inn, created_at',
        querystring: ListQuery,
        response: { 200: listOf(CompanyView) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const q = req.query.q?.trim();
      const isDefault = f.is_default === undefined || f.is_default === '' ? undefined : f.is_default === true || f.is_default === '1' || f.is_default === 'true';
      const where = and(
        q
          ? or(ilike(companies.title, containsPattern(q)), ilike(companies.full_name, containsPattern(q)), ilike(companies.short_name, containsPattern(q)), ilike(companies.inn, containsPattern(q)))
          : undefined,
        isDefault === undefined ? undefined : eq(companies.is_default, isDefault),
      );
      const page = await paginate<Company>(req.db, req.query, {
        table: companies,
        where,
        query: req.db.select().from(companies).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: companies.id, title: companies.title, inn: companies.inn, created_at: companies.created_at }, asc(companies.title)),
      });
      return { data: page.data.map((c) => companyView(c, req.tenant.slug)), meta: page.meta };
    },
  );

  app.get('/admin/company/:id', { config, schema: { tags, summary: 'One company', params: IdParams, response: { 200: CompanyAnswer } } }, async (req) => ({
    data: companyView(await load(req.db, req.params.id), req.tenant.slug),
  }));

  app.post(
    '/admin/company',
    {
      config: { ...config, upload: STAMP_LIMITS },
      schema: {
        tags,
        summary: 'Create a company (JSON, or form data with the `stamp` image: JPEG, PNG, WebP or GIF, at most 5 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        body: Type.Intersect([Type.Object({ title: CompanyFields.title }), Type.Partial(Type.Object({ ...CompanyFields, stamp: Type.Any() }))]),
        response: { 201: CompanyAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body as Record<string, unknown>;
      const stamp = await stampOf(req.tenant.slug, body.stamp);
      const [c] = await req.db
        .insert(companies)
        .values({ ...toColumns(body), title: String(body.title).trim(), stamp: stamp ?? null })
        .returning();
      if (c.is_default) await onlyDefault(req.db, c.id);
      return reply.status(201).send({ data: companyView(c, req.tenant.slug) });
    },
  );

  app.put(
    '/admin/company/:id',
    {
      config: { ...config, upload: STAMP_LIMITS },
      schema: {
        tags,
        summary: 'Edit a company (JSON, or form data with _method=PUT and a new `stamp`; `stamp: null` removes it; an empty qr_password keeps the stored one)',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: Type.Partial(Type.Object({ ...CompanyFields, stamp: Type.Any() })),
        response: { 200: CompanyAnswer },
      },
    },
    async (req) => {
      const before = await load(req.db, req.params.id);
      const body = req.body as Record<string, unknown>;
      const stamp = await stampOf(req.tenant.slug, body.stamp);
      const patch = { ...toColumns(body), ...(stamp !== undefined ? { stamp } : {}) };
      const [c] = Object.keys(patch).length ? await req.db.update(companies).set(patch).where(eq(companies.id, before.id)).returning() : [before];
      if (stamp !== undefined && before.stamp && before.stamp !== stamp) await dropFile(req.tenant.slug, before.stamp);
      if (patch.is_default) await onlyDefault(req.db, c.id);
      return { data: companyView(c, req.tenant.slug) };
    },
  );

  // Not `PUT /admin/company`: its method-override twin would be `POST /admin/company`, which is the create route.
  app.put(
    '/admin/company/many',
    {
      config,
      schema: {
        tags,
        summary: 'Edit one or many: set the given fields (not the stamp) on every company in `ids`; an id of another school refuses the whole call',
        body: Type.Intersect([
          Type.Object({ ids: Type.Array(Id, { maxItems: 1000 }) }),
          Type.Partial(Type.Object({ ...CompanyFields, is_default: Type.Union([Type.Literal(false), Type.Literal('0')]) })),
        ]),
        response: { 200: ManyAnswer },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids)];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_COMPANY', 'No company selected');
      const patch = toColumns(req.body as Record<string, unknown>);
      if (!Object.keys(patch).length) throw new AppError(422, 'Validation Error', 'Nothing to change');
      const found = await req.db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
      if (found.length !== ids.length) {
        const known = new Set(found.map((c) => c.id));
        throw new AppError(404, 'NOT_FOUND_COMPANY', 'Some companies were not found', { ids: ids.filter((id) => !known.has(id)).join(', ') });
      }
      const rows = await req.db.update(companies).set(patch).where(inArray(companies.id, ids)).returning();
      return { data: { count: rows.length, ids: rows.map((c) => c.id) } };
    },
  );

  app.delete('/admin/company/:id', { config, schema: { tags, summary: 'Delete a company (and its stamp)', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const c = await load(req.db, req.params.id);
    await req.db.delete(companies).where(eq(companies.id, c.id));
    await dropFile(req.tenant.slug, c.stamp);
    return { data: { id: c.id } };
  });

  app.get(
    '/api/files/company/:id/stamp',
    {
      config: { auth: 'public', queryToken: true },
      schema: {
        response: { 200: fileAnswer(IMAGE_TYPES, 'The stamp') },
        tags,
        summary: 'The stamp image of a company: the URL the company answers carries (`domain` and `key`)',
        security: [],
        params: IdParams,
        querystring: Type.Object({ key: Type.String({ maxLength: 64 }) }),
      },
    },
    async (req, reply) => {
      const [c] = await req.db.select({ stamp: companies.stamp }).from(companies).where(eq(companies.id, req.params.id));
      if (!c?.stamp || stampKey(c.stamp) !== req.query.key) throw new AppError(404, 'NOT_FOUND_FILE', 'No stamp');
      const path = storedPath(app.config.dataDir, req.tenant.slug, c.stamp);
      return sendImage(reply, path, 'private, max-age=86400');
    },
  );
}
