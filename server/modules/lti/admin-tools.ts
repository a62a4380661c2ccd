import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { importSPKI } from 'jose';
import type { Db } from '../../db/client.ts';
import { ltiTools, media } from '../../db/schema/index.ts';
import { AppError, ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { IdParams } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { apiBase, platformUrls, schoolKey } from './keys.ts';
import { AdminTool } from './schemas.ts';

const tags = ['admin: LTI tools'];
const Url = Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://[^\\s]+$' });
const Clearable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Optional(Type.Union([s, Type.Literal(''), Type.Null()]));
const Fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  client_id: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  login_url: Url,
  launch_url: Url,
  jwks_url: Clearable(Url),
  public_key: Clearable(Type.String({ maxLength: 10_000 })),
  deployment_id: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  send_name: Type.Optional(Type.Boolean()),
  send_email: Type.Optional(Type.Boolean()),
};
const CreateBody = Type.Object(Fields);
const UpdateBody = Type.Partial(Type.Object(Fields));
type Body = Static<typeof UpdateBody>;
type Row = typeof ltiTools.$inferSelect;

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/**
 * LTI 1.3 tools of the school (`/admin/ltiTool`): admins register and change them; whoever edits materials reads them
 * (a material of kind `lti` names one). Each answer carries the school's platform addresses the tool's owner needs.
 */
export function toolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const READ = { roles: ACCESS.materials.read };
  const WRITE = { roles: ACCESS.school.read };

  const usedBy = async (db: Db, id: number) => Number((await db.select({ n: count() }).from(media).where(eq(media.lti_tool_id, id)))[0].n);
  const viewOf = (base: string, slug: string) => {
    const urls = platformUrls(base, slug);
    return (t: Row, materials_count: number) => {
      const { tenant_id: _t, ...rest } = t;
      void _t;
      return { ...rest, materials_count, platform: { issuer: urls.issuer, jwks_url: urls.jwks, auth_url: urls.auth, token_url: urls.token } };
    };
  };

  /** The tool as it will be after the write: one key source, a PEM that reads as a public key, a client id of its own. */
  async function check(db: Db, body: Body, current?: Row) {
    const jwks = body.jwks_url === undefined ? (current?.jwks_url ?? null) : blank(body.jwks_url);
    const pem = body.public_key === undefined ? (current?.public_key ?? null) : blank(body.public_key);
    if (!jwks && !pem) throw new ValidationError({ jwks_url: ['validation.required'], public_key: ['validation.required'] });
    if (pem) await importSPKI(pem, 'RS256').catch(() => Promise.reject(fieldError('public_key', 'validation.format')));
    if (body.client_id !== undefined) {
      const clientId = body.client_id.trim();
      const [taken] = await db
        .select({ id: ltiTools.id })
        .from(ltiTools)
        .where(and(eq(ltiTools.client_id, clientId), current ? ne(ltiTools.id, current.id) : undefined));
      if (taken) throw new AppError(409, 'ERROR_LTI_CLIENT_TAKEN', 'Another tool has this client id', { client_id: clientId });
    }
    return { jwks_url: jwks, public_key: pem };
  }

  const trimmed = (body: Body) => ({
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.client_id !== undefined ? { client_id: body.client_id.trim() } : {}),
    ...(body.login_url !== undefined ? { login_url: body.login_url } : {}),
    ...(body.launch_url !== undefined ? { launch_url: body.launch_url } : {}),
    ...(body.deployment_id !== undefined ? { deployment_id: body.deployment_id.trim() } : {}),
    ...(body.send_name !== undefined ? { send_name: body.send_name } : {}),
    ...(body.send_email !== undefined ? { send_email: body.send_email } : {}),
  });

  app.get(
    '/admin/ltiTool',
    {
      config: READ,
      schema: { tags, summary: 'LTI 1.3 tools of the school: q searches name and client id; sort id, name, client_id, created_at', querystring: ListQuery, response: { 200: listOf(AdminTool) } },
    },
    async (req) => {
      const like = req.query.q?.trim() ? containsPattern(req.query.q.trim()) : undefined;
      const where = like ? or(ilike(ltiTools.name, like), ilike(ltiTools.client_id, like)) : undefined;
      const page = await paginate<Row>(req.db, req.query, {
        table: ltiTools,
        where,
        query: req.db.select().from(ltiTools).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: ltiTools.id, name: ltiTools.name, client_id: ltiTools.client_id, created_at: ltiTools.created_at }, desc(ltiTools.id)),
      });
      const view = viewOf(apiBase(app, req), req.tenant.slug);
      const counts = await Promise.all(page.data.map((t) => usedBy(req.db, t.id)));
      return { data: page.data.map((t, i) => view(t, counts[i])), meta: page.meta };
    },
  );

  app.get(
    '/admin/ltiTool/:id',
    { config: READ, schema: { tags, summary: 'One LTI tool, with the platform addresses to give its owner', params: IdParams, response: { 200: dataOf(AdminTool) } } },
    async (req) => {
      const [t] = await req.db.select().from(ltiTools).where(eq(ltiTools.id, req.params.id));
      if (!t) throw notFound('lti_tool');
      return { data: viewOf(apiBase(app, req), req.tenant.slug)(t, await usedBy(req.db, t.id)) };
    },
  );

  app.post(
    '/admin/ltiTool',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          "Register an LTI 1.3 tool: name, client id, login initiation and launch URLs, its keys (a JWKS URL or a PEM public key), deployment id, what it is told (send_name, send_email); makes the school's key pair on first use",
        body: CreateBody,
        response: { 201: dataOf(AdminTool) },
      },
    },
    async (req, reply) => {
      const keys = await check(req.db, req.body);
      await schoolKey(req.db);
      const [t] = await req.db
        .insert(ltiTools)
        .values({ ...trimmed(req.body), ...keys } as typeof ltiTools.$inferInsert)
        .returning();
      return reply.status(201).send({ data: viewOf(apiBase(app, req), req.tenant.slug)(t, 0) });
    },
  );

  app.put(
    '/admin/ltiTool/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change an LTI tool: the fields sent ("" clears jwks_url or public_key while the other stays)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: dataOf(AdminTool) },
      },
    },
    async (req) => {
      const [current] = await req.db.select().from(ltiTools).where(eq(ltiTools.id, req.params.id));
      if (!current) throw notFound('lti_tool');
      const keys = await check(req.db, req.body, current);
      const [t] = await req.db
        .update(ltiTools)
        .set({ ...trimmed(req.body), ...keys })
        .where(eq(ltiTools.id, current.id))
        .returning();
      return { data: viewOf(apiBase(app, req), req.tenant.slug)(t, await usedBy(req.db, t.id)) };
    },
  );

  app.delete(
    '/admin/ltiTool/:id',
    { config: WRITE, schema: { tags, summary: 'Delete an LTI tool; one that materials still launch: 409 ERROR_LTI_TOOL_IN_USE', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const [t] = await req.db.select().from(ltiTools).where(eq(ltiTools.id, req.params.id));
      if (!t) throw notFound('lti_tool');
      const n = await usedBy(req.db, t.id);
      if (n) throw new AppError(409, 'ERROR_LTI_TOOL_IN_USE', 'Materials launch this tool', { count: n });
      await req.db.delete(ltiTools).where(eq(ltiTools.id, t.id));
      return { data: { id: t.id } };
    },
  );
}
