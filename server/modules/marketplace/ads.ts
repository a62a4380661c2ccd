import { rm } from 'node:fs/promises';
import { and, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { marketAds, programs, storeCategories } from '../../db/schema/index.ts';
import { AppError, ValidationError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { ListQuery, paginate } from '../../core/pagination.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { keepUpload, storedPath } from '../../core/storage.ts';
import { imageType, sendImage } from '../../core/file-types.ts';
import { today } from '../../core/context.ts';
import { ADMINS } from '../../../common/access/roles.ts';
import { adImageKey, adImageUrl } from './current-ads.ts';
import { IMAGE_TYPES, IdAnswer, fileAnswer } from '../../core/responses.ts';
import { AdAnswer, AdPage } from './responses.ts';

const adminTags = ['admin: marketplace'];
const IMAGE_LIMITS = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };
const Day = Type.String({ format: 'date' });
const AdFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  title_en: nullable(Type.String({ maxLength: 255 })),
  program_id: nullable(Id),
  category_id: nullable(Id),
  starts_on: Day,
  ends_on: Day,
  image: Type.Any(),
};
type AdBody = Partial<{ title: string; title_en: string | null; program_id: number | null; category_id: number | null; starts_on: string; ends_on: string; image: unknown }>;

/**
 * Marketplace ads in the back office (docs/marketplace.md "Ads"): a banner of the school (title ru/en, an image) linking
 * to one of its programs or to a store category, shown in the catalogue during its period. Admins and superadmins.
 * The catalogue reads them across schools through `currentAds()` (current-ads.ts, the named path).
 */
export async function adsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: [...ADMINS] };

  type Row = Awaited<ReturnType<typeof load>>;
  const view = (slug: string) => (r: Row) => ({
    ...r,
    image: adImageUrl(r.id, r.image, slug),
    showing: r.starts_on <= today() && r.ends_on >= today(),
  });
  const select = (db: Db) =>
    db
      .select({
        id: marketAds.id,
        title: marketAds.title,
        title_en: marketAds.title_en,
        image: marketAds.image,
        program_id: marketAds.program_id,
        program: programs.title,
        category_id: marketAds.category_id,
        starts_on: marketAds.starts_on,
        ends_on: marketAds.ends_on,
        created_at: marketAds.created_at,
      })
      .from(marketAds)
      .leftJoin(programs, eq(programs.id, marketAds.program_id));
  async function load(db: Db, id: number) {
    const [row] = await select(db).where(eq(marketAds.id, id));
    if (!row) throw notFound('ad');
    return row;
  }

  async function imageOf(slug: string, value: unknown): Promise<string | null | undefined> {
    if (value === null || value === '') return null;
    if (!isUploadedFile(value)) return undefined;
    if (!imageType(value.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'The image must be a JPEG, PNG, WebP or GIF image', { allowed: 'jpg, png, webp, gif', file: value.filename });
    return keepUpload(app.config.dataDir, slug, 'market-ads', value);
  }
  const dropFile = (slug: string, rel: string | null | undefined) => (rel ? rm(storedPath(app.config.dataDir, slug, rel), { force: true }).catch(() => undefined) : undefined);

  /**
   * What to write, checked against the school's own rows: one link (a program of the school, or a store category;
   * setting one clears the other), a period whose end is not before its start.
   */
  async function values(db: Db, b: AdBody, before?: typeof marketAds.$inferSelect) {
    const out: Partial<typeof marketAds.$inferInsert> = {};
    if (b.title !== undefined) out.title = b.title.trim();
    if (b.title_en !== undefined) out.title_en = b.title_en?.trim() || null;
    if (b.starts_on !== undefined) out.starts_on = b.starts_on;
    if (b.ends_on !== undefined) out.ends_on = b.ends_on;
    const errors: Record<string, string[]> = {};
    if (out.title === '') errors.title = ['validation.required'];
    let program = b.program_id;
    let category = b.category_id;
    if (program && category === undefined) category = null;
    if (category && program === undefined) program = null;
    program = program === undefined ? (before?.program_id ?? null) : program;
    category = category === undefined ? (before?.category_id ?? null) : category;
    if (program && category) errors.category_id = ['validation.choice'];
    else if (!program && !category) errors.program_id = ['validation.required'];
    if (program && !(await db.select({ id: programs.id }).from(programs).where(eq(programs.id, program))).length) errors.program_id = ['validation.choice'];
    if (category && !(await db.select({ id: storeCategories.id }).from(storeCategories).where(eq(storeCategories.id, category))).length) errors.category_id = ['validation.choice'];
    const starts = out.starts_on ?? before?.starts_on;
    const ends = out.ends_on ?? before?.ends_on;
    if (starts && ends && ends < starts) errors.ends_on = ['validation.after_start'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    out.program_id = program ?? null;
    out.category_id = category ?? null;
    return out;
  }

  app.get(
    '/admin/marketplace/ad',
    {
      config,
      schema: {
        tags: adminTags,
        summary: "The school's marketplace ads, newest first (q searches the titles; filter[showing]=1: only those in their period today)",
        querystring: ListQuery,
        response: { 200: AdPage },
      },
    },
    async (req) => {
      const q = req.query;
      const showing = [true, '1', 'true'].includes(q.filter?.showing as string);
      const where = and(
        q.q ? ilike(marketAds.title, `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
        showing ? and(lte(marketAds.starts_on, today()), gte(marketAds.ends_on, today())) : undefined,
      );
      const page = await paginate<Row>(req.db, q, {
        table: marketAds,
        where,
        query: select(req.db).where(where).$dynamic(),
        orderBy: [desc(marketAds.id)],
      });
      return { data: page.data.map(view(req.tenant.slug)), meta: page.meta };
    },
  );

  app.get('/admin/marketplace/ad/:id', { config, schema: { tags: adminTags, summary: 'One marketplace ad', params: IdParams, response: { 200: AdAnswer } } }, async (req) => ({
    data: view(req.tenant.slug)(await load(req.db, req.params.id)),
  }));

  app.post(
    '/admin/marketplace/ad',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags: adminTags,
        summary:
          'Create an ad: title (ru), title_en, a link (program_id of the school, or category_id of the store), the period starts_on–ends_on (days, both included); JSON, or form data with an `image` (JPEG, PNG, WebP or GIF, at most 5 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        body: Type.Intersect([Type.Object({ title: AdFields.title, starts_on: Day, ends_on: Day }), Type.Partial(Type.Object(AdFields))]),
        response: { 201: AdAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body as AdBody;
      const out = await values(req.db, body);
      const image = await imageOf(req.tenant.slug, body.image);
      const [row] = await req.db
        .insert(marketAds)
        .values({ ...(out as typeof marketAds.$inferInsert), image: image ?? null })
        .returning({ id: marketAds.id });
      return reply.status(201).send({ data: view(req.tenant.slug)(await load(req.db, row.id)) });
    },
  );

  app.put(
    '/admin/marketplace/ad/:id',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags: adminTags,
        summary: 'Edit an ad: the fields sent (a program_id clears the category and the other way round; form data with _method=PUT for a new `image`; `image: null` removes it)',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParams,
        body: Type.Partial(Type.Object(AdFields)),
        response: { 200: AdAnswer },
      },
    },
    async (req) => {
      const [before] = await req.db.select().from(marketAds).where(eq(marketAds.id, req.params.id));
      if (!before) throw notFound('ad');
      const body = req.body as AdBody;
      const out = await values(req.db, body, before);
      const image = await imageOf(req.tenant.slug, body.image);
      if (image !== undefined) out.image = image;
      await req.db.update(marketAds).set(out).where(eq(marketAds.id, before.id));
      if (image !== undefined && before.image !== image) await dropFile(req.tenant.slug, before.image);
      return { data: view(req.tenant.slug)(await load(req.db, before.id)) };
    },
  );

  app.delete('/admin/marketplace/ad/:id', { config, schema: { tags: adminTags, summary: 'Delete an ad (and its image)', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const [row] = await req.db.delete(marketAds).where(eq(marketAds.id, req.params.id)).returning();
    if (!row) throw notFound('ad');
    await dropFile(req.tenant.slug, row.image);
    return { data: { id: row.id } };
  });

  // the banner's image: public (an <img> cannot send the token), the URL carries the school and the file's key
  app.get(
    '/api/marketplace/ad/:id/image',
    {
      config: { auth: 'public', queryToken: true },
      schema: {
        response: { 200: fileAnswer(IMAGE_TYPES, "The ad's image") },
        tags: ['marketplace'],
        summary: "An ad's image: the URL the catalogue answers (`domain` and `key`)",
        security: [],
        params: IdParams,
        querystring: Type.Object({ key: Type.String({ maxLength: 64 }) }),
      },
    },
    async (req, reply) => {
      const [r] = await req.db.select({ image: marketAds.image }).from(marketAds).where(eq(marketAds.id, req.params.id));
      if (!r?.image || adImageKey(r.image) !== req.query.key) throw new AppError(404, 'NOT_FOUND_FILE', 'No image');
      return sendImage(reply, storedPath(app.config.dataDir, req.tenant.slug, r.image), 'private, max-age=86400');
    },
  );
}
