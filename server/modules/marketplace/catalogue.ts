import { stat } from 'node:fs/promises';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { marketDemoViews, media, storeCategories, tenants } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { cleanForeignHtml, safeLink } from '../../core/html.ts';
import { Page, PerPage, pageMeta } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { fileAnswer } from '../../core/responses.ts';
import { absolutePath } from '../../core/storage.ts';
import { contentTypeOf } from '../../core/file-types.ts';
import { byteRange, sendRange } from '../../core/ranges.ts';
import { publishedPrograms, type PublishedProgram } from './published-programs.ts';
import { currentAds } from './current-ads.ts';
import { myPurchase, publishedProgram } from './store.ts';
import { BROWSERS, Currency, Format, tags } from './schemas.ts';
import { CataloguePage, DemoList, DemoMaterial, ProgramAnswer, StoreCategories } from './responses.ts';

/** The API's view of a published program: the seller's internal id is not sent. */
const publicView = ({ seller_id: _s, ...p }: PublishedProgram) => p;

/** The learner's browsing (docs/marketplace.md): store categories, the catalogue with ads, a program, its demo materials and videos. */
export function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/info/store/categories',
    { config: { auth: 'optional' }, schema: { tags, summary: 'Store categories with Russian and English titles', response: { 200: StoreCategories } } },
    async (req) => ({
      data: await req.db.select().from(storeCategories).orderBy(asc(storeCategories.sort), asc(storeCategories.id)),
    }),
  );
  app.get(
    '/api/marketplace/category',
    { config: { roles: [...BROWSERS] }, schema: { tags, summary: "Store categories (the catalogue's filter)", response: { 200: StoreCategories } } },
    async (req) => ({
      data: await req.db.select().from(storeCategories).orderBy(asc(storeCategories.sort), asc(storeCategories.id)),
    }),
  );

  const CatalogueQuery = Type.Object({
    page: Type.Optional(Page(100000)),
    per_page: Type.Optional(PerPage(12)),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    category: Type.Optional(Id),
    format: Type.Optional(Format),
    language: Type.Optional(Type.String({ maxLength: 8 })),
    curr: Type.Optional(Currency),
    price_min: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    price_max: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    school: Type.Optional(Type.String({ maxLength: 63 })),
    sort: Type.Optional(Type.Union([Type.Literal('new'), Type.Literal('title'), Type.Literal('price')])),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  });
  app.get(
    '/api/marketplace/program',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'The catalogue: published programs of every school (search q; filters category, format, language, curr with price_min/price_max, school; sort new|title|price), with ads',
        querystring: CatalogueQuery,
        response: { 200: CataloguePage },
      },
    },
    async (req) => {
      const q = req.query;
      const [{ data, total }, ads] = await Promise.all([
        publishedPrograms(app, {
          q: q.q,
          category: q.category,
          format: q.format,
          language: q.language,
          currency: q.curr,
          price_min: q.price_min,
          price_max: q.price_max,
          school: q.school,
          sort: q.sort,
          order: q.order,
          page: q.page,
          per_page: q.per_page ?? 12,
        }),
        // the ads in their period, of the schools on the marketplace (of the one school when filtered by it)
        currentAds(app, { school: q.school }),
      ]);
      const perPage = q.per_page ?? 12;
      return { data: data.map(publicView), ads, meta: pageMeta(q.page ?? 1, perPage, total, data.length) };
    },
  );

  app.get(
    '/api/marketplace/program/:id',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'One published program: full description, structure (titles only), prices per format and currency, and whether I bought it',
        params: IdParams,
        response: { 200: ProgramAnswer },
      },
    },
    async (req) => {
      const p = await publishedProgram(app, req.params.id, true);
      const mine = await myPurchase(req.db, currentUser(req).id, p.id);
      return { data: { ...publicView(p), chapters: p.chapters ?? [], own_school: p.seller_id === req.tenant.id, purchase: mine ? { id: mine.id, status: mine.status, method: mine.method } : null } };
    },
  );

  app.get(
    '/api/marketplace/program/:id/demo',
    {
      config: { roles: [...BROWSERS] },
      schema: { tags, summary: 'The demo materials of a published program (open before purchase)', params: IdParams, response: { 200: DemoList } },
    },
    async (req) => {
      const p = await publishedProgram(app, req.params.id, true);
      const list = (p.chapters ?? []).flatMap((c) => c.materials.filter((m) => m.demo).map((m) => ({ ...m, chapter: c.title })));
      return { data: list };
    },
  );

  /** A material of a published program that its school marks as demo; ERROR_ACCESS for any other of the program. */
  async function demoMaterial(programId: number, mediaId: number) {
    const p = await publishedProgram(app, programId, true);
    const inProgram = (p.chapters ?? []).some((c) => c.materials.some((m) => m.id === mediaId));
    if (!inProgram) throw notFound('media');
    if (!p.demo_media.includes(mediaId)) throw new AppError(403, 'ERROR_ACCESS', 'Open after purchase', { demo: false });
    const sdb = app.schoolDb(p.seller_id);
    const [m] = await sdb.select().from(media).where(eq(media.id, mediaId));
    if (!m) throw notFound('media');
    const [school] = await sdb.select({ slug: tenants.slug }).from(tenants);
    return { p, m, sdb, slug: school.slug };
  }
  async function recordDemoView(req: FastifyRequest, sdb: Db, programId: number, mediaId: number) {
    if (req.actorId) return;
    await sdb.insert(marketDemoViews).values({ program_id: programId, media_id: mediaId, viewer_tenant_id: req.tenant.id, viewer_school: req.tenant.title });
  }

  app.get(
    '/api/marketplace/demo/:mediaId/view',
    {
      config: { roles: [...BROWSERS] },
      schema: {
        tags,
        summary: 'Open a demo material (program_id: the published program holding it); other materials are ERROR_ACCESS until purchase',
        params: Type.Object({ mediaId: Id }),
        querystring: Type.Object({ program_id: Id }),
        response: { 200: DemoMaterial },
      },
    },
    async (req) => {
      const { m, sdb } = await demoMaterial(req.query.program_id, req.params.mediaId);
      await recordDemoView(req, sdb, req.query.program_id, m.id);
      return {
        // another school's text: cleaned for a foreign page whatever was stored (rows saved before the cleaner too),
        // its link http(s) only (docs/security.md "Rich text and markup between schools")
        data: {
          id: m.id,
          title: m.title,
          kind: m.kind,
          body: m.kind === 'text' && m.body ? cleanForeignHtml(m.body) : null,
          url: m.kind === 'link' ? safeLink(m.url) : null,
          file_name: m.file_name,
          video: m.kind === 'video' && !!m.path,
        },
      };
    },
  );

  app.get(
    '/api/marketplace/video',
    {
      config: { roles: [...BROWSERS], queryToken: true },
      schema: {
        response: { 200: fileAnswer('video/mp4', 'The whole video'), 206: fileAnswer('video/mp4', 'The range asked for') },
        tags,
        summary: 'Stream a demo video (HTTP ranges); a <video> element may pass access_token and domain in the query',
        querystring: Type.Object({ program_id: Id, media_id: Id, access_token: Type.Optional(Type.String({ maxLength: 200 })), domain: Type.Optional(Type.String({ maxLength: 63 })) }),
      },
    },
    async (req, reply) => {
      const { m, slug } = await demoMaterial(req.query.program_id, req.query.media_id);
      if (m.kind !== 'video' || !m.path) throw notFound('media');
      const file = absolutePath(app.config.dataDir, slug, m.path);
      const { size } = await stat(file);
      reply.header('content-type', contentTypeOf(m.path)).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=3600');
      return sendRange(reply, file, size, byteRange(req.headers.range, size));
    },
  );
}
