import { and, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { documentTemplates, templateKinds } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { PLACEHOLDERS, assertKnownPlaceholders, placeholdersOf } from './placeholders.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { DateTime, IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { fillTemplate, placeholdersOf } from './placeholders.ts';

const tags = ['admin: templates'];
export const RECORD_ROLES = ACCESS.school.read;
const Fields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  kind: Type.Union(templateKinds.map((k) => Type.Literal(k))),
  body: Type.String({ minLength: 1, maxLength: 20000 }),
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
  placeholders: Type.Array(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
});
const TemplateAnswer = dataOf(TemplateView);

const view = (t: Template) => ({ ...t, placeholders: placeholdersOf(t.body) });

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
      return { data: page.data.map(view), meta: page.meta };
    },
  );

  app.get('/admin/template/placeholders', { config, schema: { tags, summary: 'The placeholders a template may use', response: { 200: dataOf(Type.Array(Type.String())) } } }, async () => ({
    data: PLACEHOLDERS.map((p) => `{{${p}}}`),
  }));

  app.get('/admin/template/:id', { config, schema: { tags, summary: 'One template', params: IdParams, response: { 200: TemplateAnswer } } }, async (req) => ({
    data: view(await loadTemplate(req.db, req.params.id)),
  }));

  app.post(
    '/admin/template',
    {
      config,
      schema: {
        tags,
        summary: 'Create a template; an unknown placeholder is refused (422 ERROR_GENERATION_TEMPLATE)',
        body: Type.Intersect([Type.Object({ title: Fields.title, body: Fields.body }), Type.Partial(Type.Object({ kind: Fields.kind }))]),
        response: { 201: TemplateAnswer },
      },
    },
    async (req, reply) => {
      assertKnownPlaceholders(req.body.body);
      const [t] = await req.db
        .insert(documentTemplates)
        .values({ title: req.body.title, kind: req.body.kind ?? 'certificate', body: req.body.body })
        .returning();
      return reply.status(201).send({ data: view(t) });
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
      if (req.body.body !== undefined) assertKnownPlaceholders(req.body.body);
      const [t] = await req.db
        .update(documentTemplates)
        .set({ ...req.body, updated_at: new Date() })
        .where(eq(documentTemplates.id, before.id))
        .returning();
      return { data: view(t) };
    },
  );

  app.delete(
    '/admin/template/:id',
    { config, schema: { tags, summary: "Delete a template (diplomas that named it fall back to the school's newest template)", params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const t = await loadTemplate(req.db, req.params.id);
      await req.db.delete(documentTemplates).where(eq(documentTemplates.id, t.id));
      return { data: { id: t.id } };
    },
  );
}
