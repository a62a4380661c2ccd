import { rm } from 'node:fs/promises';
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { documentTemplates, templateKinds } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { PLACEHOLDERS, assertKnownPlaceholders, placeholdersOf } from './placeholders.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { TemplateLayout, assertLayout } from './layout.ts';
import { designRoutes, imagePathsOf, imagesOf, TemplateImageView } from './design.ts';
import { DateTime, IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { fillTemplate, placeholdersOf } from './placeholders.ts';
export { renderPdf, writePdf, type PlaceholderValues } from './render.ts';
export { imagePathsOf } from './design.ts';

const tags = ['admin: templates'];
export const RECORD_ROLES = ACCESS.school.read;
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  kind: Type.Union(templateKinds.map((k) => Type.Literal(k))),
  body: Type.String({ maxLength: 20000 }),
  /** `en`: English names and texts (no cases). */
  lang: Type.Union([Type.Literal('ru'), Type.Literal('en')]),
  /** The designed page; null prints the body as plain text. */
  layout: nullable(TemplateLayout),
  /** Registration numbers of bulk issues: `<prefix>-<year>-<0001>`. */
  number_prefix: nullable(Type.String({ maxLength: 32, pattern: '^[\\p{L}\\p{N}_.-]*$' })),
};
type Template = typeof documentTemplates.$inferSelect;
/** A template with the placeholders its body uses (`view`). */
const TemplateView = Type.Object({
  id: Id,
  tenant_id: Id,
  title: Type.String(),
  // Fields.kind built from the list reads as `never` to the type provider: the same schema, typed by hand
  kind: Type.Unsafe<Template['kind']>(Fields.kind),
  body: Type.String(),
  lang: Type.Union([Type.Literal('ru'), Type.Literal('en')]),
  layout: nullable(TemplateLayout),
  number_prefix: nullable(Type.String()),
  placeholders: Type.Array(Type.String()),
  images: Type.Array(TemplateImageView),
  created_at: DateTime,
  updated_at: DateTime,
});
const TemplateAnswer = dataOf(TemplateView);
export { TemplateView, TemplateLayout };

/** The placeholders of the body and of the layout's text blocks, in order of first use. */
const usedPlaceholders = (t: Template) => [...new Set([...placeholdersOf(t.body), ...(t.layout?.blocks ?? []).flatMap((b) => (b.type === 'text' ? placeholdersOf(b.text) : []))])];
const view = async (db: Db, t: Template) => ({ ...t, placeholders: usedPlaceholders(t), images: await imagesOf(db, t.id) });
const bodyRequired = (body: string | undefined, layout: unknown) => {
  if (!body?.trim() && !layout) throw fieldError('body', 'validation.required');
};

/** A template of the school, or 404 NOT_FOUND_TEMPLATE. */
export async function loadTemplate(db: Db, id: number) {
  const [t] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
  if (!t) throw notFound('template');
  return t;
}

/** Document templates (title, kind, body with {{placeholders}}) that diploma generation fills. */
export default async function templatesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  app.get(
    '/admin/template',
    {
      config,
      schema: {
        tags,
        summary: 'Templates; q searches the title, filter[kind] = certificate | document; sort id, title, kind, created_at',
        querystring: ListQuery,
        response: { 200: listOf(TemplateView) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const kind = typeof f.kind === 'string' && (templateKinds as readonly string[]).includes(f.kind) ? (f.kind as Template['kind']) : undefined;
      const where = and(req.query.q ? ilike(documentTemplates.title, containsPattern(req.query.q)) : undefined, kind ? eq(documentTemplates.kind, kind) : undefined);
      const page = await paginate<Template>(req.db, req.query, {
        table: documentTemplates,
        where,
        query: req.db.select().from(documentTemplates).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: documentTemplates.id, title: documentTemplates.title, kind: documentTemplates.kind, created_at: documentTemplates.created_at }, desc(documentTemplates.id)),
      });
      return { data: await Promise.all(page.data.map((t) => view(req.db, t))), meta: page.meta };
    },
  );

  app.get('/admin/template/placeholders', { config, schema: { tags, summary: 'The placeholders a template may use', response: { 200: dataOf(Type.Array(Type.String())) } } }, async () => ({
    data: PLACEHOLDERS.map((p) => `{{${p}}}`),
  }));

  app.get('/admin/template/:id', { config, schema: { tags, summary: 'One template', params: IdParams, response: { 200: TemplateAnswer } } }, async (req) => ({
    data: await view(req.db, await loadTemplate(req.db, req.params.id)),
  }));

  app.post(
    '/admin/template',
    {
      config,
      schema: {
        tags,
        summary: 'Create a template; an unknown placeholder is refused (422 ERROR_GENERATION_TEMPLATE)',
        body: Type.Intersect([
          Type.Object({ title: Fields.title }),
          Type.Partial(Type.Object({ body: Fields.body, kind: Fields.kind, lang: Fields.lang, layout: Fields.layout, number_prefix: Fields.number_prefix })),
        ]),
        response: { 201: TemplateAnswer },
      },
    },
    async (req, reply) => {
      const { body = '', layout = null } = req.body;
      bodyRequired(body, layout);
      assertKnownPlaceholders(body);
      // a new template has no images yet: a layout naming one is refused
      if (layout) assertLayout(layout, []);
      const [t] = await req.db
        .insert(documentTemplates)
        .values({ title: req.body.title, kind: req.body.kind ?? 'certificate', body, lang: req.body.lang ?? 'ru', layout, number_prefix: req.body.number_prefix || null })
        .returning();
      return reply.status(201).send({ data: await view(req.db, t) });
    },
  );

  app.put(
    '/admin/template/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a template; an unknown placeholder is refused (422 ERROR_GENERATION_TEMPLATE)',
        params: IdParams,
        body: Type.Partial(Type.Object(Fields)),
        response: { 200: TemplateAnswer },
      },
    },
    async (req) => {
      const before = await loadTemplate(req.db, req.params.id);
      const patch = { ...req.body, ...(req.body.number_prefix !== undefined ? { number_prefix: req.body.number_prefix || null } : {}) };
      bodyRequired(patch.body ?? before.body, patch.layout === undefined ? before.layout : patch.layout);
      if (patch.body !== undefined) assertKnownPlaceholders(patch.body);
      if (patch.layout)
        assertLayout(
          patch.layout,
          (await imagesOf(req.db, before.id)).map((i) => i.id),
        );
      const [t] = await req.db
        .update(documentTemplates)
        .set({ ...patch, updated_at: new Date() })
        .where(eq(documentTemplates.id, before.id))
        .returning();
      return { data: await view(req.db, t) };
    },
  );

  app.delete(
    '/admin/template/:id',
    { config, schema: { tags, summary: "Delete a template (diplomas that named it fall back to the school's newest template)", params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const t = await loadTemplate(req.db, req.params.id);
      const images = await imagePathsOf(req.db, app.config.dataDir, req.tenant.slug, t.id);
      await req.db.delete(documentTemplates).where(eq(documentTemplates.id, t.id));
      await Promise.all([...images.values()].map((p) => rm(p, { force: true }).catch(() => undefined)));
      return { data: { id: t.id } };
    },
  );

  designRoutes(app);
}
