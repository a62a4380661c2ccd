import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createRemoteJWKSet, decodeJwt, importSPKI, jwtVerify } from 'jose';
import type { Db } from '../../db/client.ts';
import { ltiAssertions, ltiLaunches, ltiLineItems, ltiScores, ltiTools, mediaUserScores, programs, users } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { Id, isId, nullable } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { apiBase, platformUrls, schoolKey, signWithSchoolKey, verifySchoolSigned } from './keys.ts';
import { ltiRefusal } from './launch.ts';
import { AccessToken, LineItem, LineItemBody, Result, ScoreBody } from './schemas.ts';

const tags = ['LTI 1.3'];
const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemRead: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  result: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
};
const GRANTABLE = Object.values(SCOPE);
const TOKEN_SECONDS = 3600;
const ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

type Tool = typeof ltiTools.$inferSelect;
type Item = typeof ltiLineItems.$inferSelect;

/** The tool's public key: its JWKS URL (fetched now) or the PEM registered with it. */
async function toolKey(tool: Tool) {
  if (tool.jwks_url) return createRemoteJWKSet(new URL(tool.jwks_url), { timeoutDuration: 5000, cooldownDuration: 0 });
  return importSPKI(tool.public_key ?? '', 'RS256');
}

/**
 * Assignment and Grade Services (docs/standards.md "LTI 1.3"): the OAuth 2 token endpoint (client credentials with a
 * JWT client assertion signed by the tool's key) and, with the access token it issues, a program's line items and the
 * scores posted to them. A score lands in `lti_scores` and, for a material's line item, as the student's score on that
 * material (`media_user_scores`, 0–100), which the grades and the reports read.
 */
export function agsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { auth: 'public' as const, domainParam: true };
  const Domain = { domain: Type.String({ maxLength: 63 }) };
  const ProgramParams = Type.Object({ ...Domain, program: Id });
  const ItemParams = Type.Object({ ...Domain, program: Id, id: Id });

  app.post(
    '/api/lti/:domain/token',
    {
      config,
      schema: {
        tags,
        summary:
          'OAuth 2 token endpoint for LTI services: grant_type client_credentials with a JWT client assertion signed by the tool (checked against its JWKS URL or key; each assertion once); answers a bearer token for the AGS scopes asked',
        security: [],
        params: Type.Object(Domain),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: Type.Object({
          grant_type: Type.Optional(Type.String({ maxLength: 100 })),
          client_assertion_type: Type.Optional(Type.String({ maxLength: 200 })),
          client_assertion: Type.Optional(Type.String({ maxLength: 10_000 })),
          scope: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
        response: { 200: AccessToken },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.grant_type !== 'client_credentials' || b.client_assertion_type !== ASSERTION || !b.client_assertion) {
        throw ltiRefusal(400, 'ERROR_LTI_REQUEST', 'Expected grant_type client_credentials with a JWT bearer client assertion');
      }
      let clientId: string | undefined;
      try {
        clientId = decodeJwt(b.client_assertion).sub;
      } catch {
        throw ltiRefusal(401, 'ERROR_LTI_ASSERTION', 'The client assertion is not a JWT');
      }
      const [tool] = clientId ? await req.db.select().from(ltiTools).where(eq(ltiTools.client_id, clientId)) : [];
      if (!tool) throw ltiRefusal(401, 'ERROR_LTI_CLIENT', 'Unknown client id');
      const urls = platformUrls(apiBase(app, req), req.tenant.slug);
      let jti: string | undefined;
      let exp: number | undefined;
      try {
        const { payload } = await jwtVerify(b.client_assertion, await toolKey(tool), {
          issuer: tool.client_id,
          subject: tool.client_id,
          audience: [urls.token, urls.issuer],
          algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'PS256'],
          maxTokenAge: '10m',
        });
        jti = payload.jti;
        exp = payload.exp;
      } catch {
        throw ltiRefusal(401, 'ERROR_LTI_ASSERTION', "The client assertion is not signed by the tool's key, or is expired or meant for another audience");
      }
      if (!jti) throw ltiRefusal(401, 'ERROR_LTI_ASSERTION', 'The client assertion has no jti');
      const asked = (b.scope ?? '').split(/\s+/).filter(Boolean);
      const granted = GRANTABLE.filter((s) => asked.includes(s));
      if (!granted.length) throw ltiRefusal(400, 'ERROR_LTI_SCOPE', 'None of the scopes asked is offered (AGS line items and scores)');
      await req.db.delete(ltiAssertions).where(lt(ltiAssertions.expires_at, new Date()));
      const taken = await req.db
        .insert(ltiAssertions)
        .values({ tool_id: tool.id, jti, expires_at: new Date(((exp ?? 0) > 0 ? exp! * 1000 : Date.now()) + 10 * 60_000) })
        .onConflictDoNothing()
        .returning({ jti: ltiAssertions.jti });
      if (!taken.length) throw ltiRefusal(401, 'ERROR_LTI_REPLAY', 'This client assertion was already used');
      const key = await schoolKey(req.db);
      const scope = granted.join(' ');
      const token = await signWithSchoolKey(key, { iss: urls.issuer, aud: `${urls.issuer}/ags`, sub: tool.client_id, scope, tool: tool.id }, TOKEN_SECONDS, 'at+jwt');
      return { access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_SECONDS, scope };
    },
  );

  /** The tool behind a bearer token of ours holding one of `scopes`; 401/403 with a catalogue code otherwise. */
  async function caller(req: FastifyRequest, scopes: string[]) {
    const h = req.headers.authorization;
    const raw = h?.startsWith('Bearer ') ? h.slice(7).trim() : '';
    const key = raw ? await schoolKey(req.db, false) : undefined;
    const urls = platformUrls(apiBase(app, req), req.tenant.slug);
    let claims: { sub?: string; scope?: unknown; tool?: unknown };
    try {
      if (!key) throw new Error('no token');
      claims = await verifySchoolSigned(key, raw, { issuer: urls.issuer, audience: `${urls.issuer}/ags`, typ: 'at+jwt' });
    } catch {
      throw ltiRefusal(401, 'ERROR_LTI_TOKEN', 'A bearer token from this school’s LTI token endpoint is required');
    }
    const [tool] = typeof claims.tool === 'number' ? await req.db.select().from(ltiTools).where(eq(ltiTools.id, claims.tool)) : [];
    if (!tool || tool.client_id !== claims.sub) throw ltiRefusal(401, 'ERROR_LTI_TOKEN', 'The token names no registered tool');
    const held = String(claims.scope ?? '').split(' ');
    if (!scopes.some((s) => held.includes(s))) throw ltiRefusal(403, 'ERROR_LTI_SCOPE', 'The token does not hold the scope this call needs');
    return { tool, urls };
  }

  /** A program the tool was launched in (the LTI context); 404 otherwise. */
  async function contextOf(db: Db, tool: Tool, programId: number) {
    const [seen] = await db
      .select({ id: programs.id })
      .from(programs)
      .innerJoin(ltiLaunches, and(eq(ltiLaunches.program_id, programs.id), eq(ltiLaunches.tool_id, tool.id)))
      .where(eq(programs.id, programId))
      .limit(1);
    if (!seen) throw notFound('program');
    return seen.id;
  }

  async function itemOf(db: Db, tool: Tool, programId: number, id: number) {
    const [item] = await db
      .select()
      .from(ltiLineItems)
      .where(and(eq(ltiLineItems.id, id), eq(ltiLineItems.tool_id, tool.id), eq(ltiLineItems.program_id, programId)));
    if (!item) throw ltiRefusal(404, 'NOT_FOUND_LTI_LINE_ITEM', 'Line item not found');
    return item;
  }

  const view = (urls: ReturnType<typeof platformUrls>, i: Item) => ({
    id: urls.lineItem(i.program_id, i.id),
    label: i.label,
    scoreMaximum: i.score_maximum,
    ...(i.media_id ? { resourceLinkId: String(i.media_id) } : {}),
    ...(i.resource_id ? { resourceId: i.resource_id } : {}),
    ...(i.tag ? { tag: i.tag } : {}),
  });

  app.get(
    '/api/lti/:domain/context/:program/lineitems',
    {
      config,
      schema: {
        tags,
        summary: "AGS: the tool's line items in a program (filters resource_link_id, resource_id, tag, limit); scope lineitem or lineitem.readonly",
        security: [],
        params: ProgramParams,
        querystring: Type.Object({
          resource_link_id: Type.Optional(Type.String({ maxLength: 64 })),
          resource_id: Type.Optional(Type.String({ maxLength: 255 })),
          tag: Type.Optional(Type.String({ maxLength: 255 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        }),
        response: { 200: Type.Array(LineItem) },
      },
    },
    async (req) => {
      const { tool, urls } = await caller(req, [SCOPE.lineItem, SCOPE.lineItemRead]);
      const programId = await contextOf(req.db, tool, req.params.program);
      const q = req.query;
      const linkId = q.resource_link_id === undefined ? undefined : Number(q.resource_link_id);
      if (linkId !== undefined && !isId(linkId)) return [];
      const rows = await req.db
        .select()
        .from(ltiLineItems)
        .where(
          and(
            eq(ltiLineItems.tool_id, tool.id),
            eq(ltiLineItems.program_id, programId),
            linkId !== undefined ? eq(ltiLineItems.media_id, linkId) : undefined,
            q.resource_id !== undefined ? eq(ltiLineItems.resource_id, q.resource_id) : undefined,
            q.tag !== undefined ? eq(ltiLineItems.tag, q.tag) : undefined,
          ),
        )
        .orderBy(ltiLineItems.id)
        .limit(q.limit ?? 1000);
      return rows.map((r) => view(urls, r));
    },
  );

  app.post(
    '/api/lti/:domain/context/:program/lineitems',
    {
      config,
      schema: {
        tags,
        summary: 'AGS: a new line item in a program (label, scoreMaximum, resourceLinkId of a material of the tool, resourceId, tag); scope lineitem',
        security: [],
        params: ProgramParams,
        consumes: ['application/vnd.ims.lis.v2.lineitem+json', 'application/json'],
        body: LineItemBody,
        response: { 201: LineItem },
      },
    },
    async (req, reply) => {
      const { tool, urls } = await caller(req, [SCOPE.lineItem]);
      const programId = await contextOf(req.db, tool, req.params.program);
      const b = req.body;
      let mediaId: number | null = null;
      if (b.resourceLinkId !== undefined) {
        const linkId = Number(b.resourceLinkId);
        const [link] = !isId(linkId)
          ? []
          : await req.db
              .select({ id: ltiLaunches.media_id })
              .from(ltiLaunches)
              .where(and(eq(ltiLaunches.tool_id, tool.id), eq(ltiLaunches.program_id, programId), eq(ltiLaunches.media_id, linkId)))
              .limit(1);
        if (!link) throw ltiRefusal(404, 'NOT_FOUND_MEDIA', 'No resource link of this tool in the program has this id');
        mediaId = link.id;
      }
      const [item] = await req.db
        .insert(ltiLineItems)
        .values({ tool_id: tool.id, program_id: programId, media_id: mediaId, label: b.label.trim() || 'LTI', score_maximum: b.scoreMaximum, resource_id: b.resourceId ?? null, tag: b.tag ?? null })
        .returning();
      return reply.status(201).send(view(urls, item));
    },
  );

  app.get(
    '/api/lti/:domain/context/:program/lineitems/:id',
    { config, schema: { tags, summary: 'AGS: one line item; scope lineitem or lineitem.readonly', security: [], params: ItemParams, response: { 200: LineItem } } },
    async (req) => {
      const { tool, urls } = await caller(req, [SCOPE.lineItem, SCOPE.lineItemRead]);
      return view(urls, await itemOf(req.db, tool, await contextOf(req.db, tool, req.params.program), req.params.id));
    },
  );

  app.post(
    '/api/lti/:domain/context/:program/lineitems/:id/scores',
    {
      config,
      schema: {
        tags,
        summary:
          "AGS: a user's score on a line item (userId is the id token's sub, a user the tool was launched for in this program); the latest is kept, and a material's line item gives the student that material's score in percent",
        security: [],
        params: ItemParams,
        consumes: ['application/vnd.ims.lis.v1.score+json', 'application/json'],
        body: ScoreBody,
        response: { 200: dataOf(Type.Object({ line_item: Type.String(), user_id: Type.String(), percent: nullable(Type.Number()) })) },
      },
    },
    async (req) => {
      const { tool, urls } = await caller(req, [SCOPE.score]);
      const programId = await contextOf(req.db, tool, req.params.program);
      const item = await itemOf(req.db, tool, programId, req.params.id);
      const b = req.body;
      const userId = Number(b.userId);
      const [user] = Number.isInteger(userId) && userId > 0 && userId < 2 ** 31 ? await req.db.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
      const [launched] = user
        ? await req.db
            .select({ id: ltiLaunches.id })
            .from(ltiLaunches)
            .where(and(eq(ltiLaunches.user_id, user.id), eq(ltiLaunches.tool_id, tool.id), eq(ltiLaunches.program_id, programId)))
            .limit(1)
        : [];
      if (!launched) throw notFound('user');
      if (b.scoreGiven !== undefined && b.scoreMaximum === undefined) throw ltiRefusal(400, 'ERROR_LTI_REQUEST', 'scoreGiven needs scoreMaximum');
      const row = {
        score_given: b.scoreGiven ?? null,
        score_maximum: b.scoreMaximum ?? null,
        activity_progress: b.activityProgress,
        grading_progress: b.gradingProgress,
        comment: b.comment ?? null,
        timestamp: new Date(b.timestamp),
        updated_at: new Date(),
      };
      if (Number.isNaN(row.timestamp.getTime())) throw ltiRefusal(400, 'ERROR_LTI_REQUEST', 'timestamp is not a date');
      await req.db
        .insert(ltiScores)
        .values({ line_item_id: item.id, user_id: userId, ...row })
        .onConflictDoUpdate({ target: [ltiScores.line_item_id, ltiScores.user_id], set: row });
      const percent = b.scoreGiven !== undefined && b.scoreMaximum ? Math.min(100, Math.round((10_000 * b.scoreGiven) / b.scoreMaximum) / 100) : null;
      if (item.media_id && percent !== null) {
        await req.db
          .insert(mediaUserScores)
          .values({ user_id: userId, media_id: item.media_id, score: percent })
          .onConflictDoUpdate({ target: [mediaUserScores.user_id, mediaUserScores.media_id], set: { score: percent, updated_at: new Date() } });
      }
      return { data: { line_item: urls.lineItem(programId, item.id), user_id: String(userId), percent } };
    },
  );

  app.get(
    '/api/lti/:domain/context/:program/lineitems/:id/results',
    {
      config,
      schema: {
        tags,
        summary: 'AGS Result service: the latest score of each user on a line item (filters user_id, limit); scope result.readonly',
        security: [],
        params: ItemParams,
        querystring: Type.Object({ user_id: Type.Optional(Type.String({ maxLength: 64 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
        response: { 200: Type.Array(Result) },
      },
    },
    async (req) => {
      const { tool, urls } = await caller(req, [SCOPE.result]);
      const programId = await contextOf(req.db, tool, req.params.program);
      const item = await itemOf(req.db, tool, programId, req.params.id);
      const userId = req.query.user_id === undefined ? undefined : Number(req.query.user_id);
      if (userId !== undefined && !isId(userId)) return [];
      const rows = await req.db
        .select()
        .from(ltiScores)
        .where(and(eq(ltiScores.line_item_id, item.id), userId !== undefined ? eq(ltiScores.user_id, userId) : undefined))
        .orderBy(ltiScores.user_id)
        .limit(req.query.limit ?? 1000);
      const line = urls.lineItem(programId, item.id);
      return rows.map((r) => ({
        id: `${line}/results/${r.user_id}`,
        scoreOf: line,
        userId: String(r.user_id),
        ...(r.score_given !== null ? { resultScore: r.score_given } : {}),
        ...(r.score_maximum !== null ? { resultMaximum: r.score_maximum } : {}),
        ...(r.comment ? { comment: r.comment } : {}),
      }));
    },
  );
}
