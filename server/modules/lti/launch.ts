import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { decodeJwt } from 'jose';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, ltiLaunches, ltiLineItems, ltiScores, ltiTools, media, programs, users } from '../../db/schema/index.ts';
import { currentUser, isBlocked, type User } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { IdParams } from '../../core/schemas.ts';
import { dataOf, fileAnswer } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { errorsEn } from '../../../common/i18n/errors.en.ts';
import { errorsRu } from '../../../common/i18n/errors.ru.ts';
import { assertItemVisible, enrolledProgramIds, seesAllPrograms } from '../programs/index.ts';
import { apiBase, platformUrls, schoolKey, signWithSchoolKey, verifySchoolSigned } from './keys.ts';
import { Jwks, LaunchStart, LtiMaterial } from './schemas.ts';

const tags = ['LTI 1.3'];
/** How long a login hint (and so a launch begun in the portal) stays good. */
export const HINT_SECONDS = 300;
const ID_TOKEN_SECONDS = 300;
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const AGS_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
];
/** Our roles as LIS context roles (LTI 1.3 core, appendix A). */
const ROLE_URIS: Record<User['role'], string[]> = {
  student: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  trainer: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
  moderator: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
  admin: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator', 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'],
  superadmin: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator', 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'],
};

/** A refusal of the tool-facing flow: a catalogue code, nothing written. */
export const ltiRefusal = (status: number, code: string, message: string) => new AppError(status, code, message);

/** The material of kind `lti` with its tool; 404 when it is not the school's or not an LTI link. */
export async function ltiMaterial(db: Db, mediaId: number) {
  const [m] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.kind, 'lti')));
  if (!m) throw notFound('media');
  const [tool] = m.lti_tool_id ? await db.select().from(ltiTools).where(eq(ltiTools.id, m.lti_tool_id)) : [];
  if (!tool) throw new AppError(409, 'ERROR_LTI_NO_TOOL', 'The material names no registered LTI tool');
  return { m, tool };
}

/** The program the launch happens in (the LTI context): one holding the material that the user may open. */
async function contextProgram(db: Db, user: User, mediaId: number) {
  const holders = await db
    .selectDistinct({ id: chapters.program_id })
    .from(chapterMedia)
    .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
    .where(eq(chapterMedia.media_id, mediaId))
    .orderBy(chapters.program_id);
  const mine = seesAllPrograms(user) ? holders.map((h) => h.id) : await enrolledProgramIds(db, user.id);
  const id = holders.map((h) => h.id).find((h) => mine.includes(h));
  if (!id) throw new AppError(409, 'ERROR_LTI_NO_PROGRAM', 'The material is in no program of yours');
  const [p] = await db.select({ id: programs.id, title: programs.title }).from(programs).where(eq(programs.id, id));
  return p;
}

/** The line item of a material in a program, made at its first launch (score maximum 100). */
async function materialLineItem(db: Db, toolId: number, programId: number, m: { id: number; title: string }) {
  const where = and(eq(ltiLineItems.tool_id, toolId), eq(ltiLineItems.program_id, programId), eq(ltiLineItems.media_id, m.id));
  const [found] = await db.select().from(ltiLineItems).where(where).orderBy(ltiLineItems.id).limit(1);
  if (found) return found;
  const [made] = await db.insert(ltiLineItems).values({ tool_id: toolId, program_id: programId, media_id: m.id, label: m.title, score_maximum: 100 }).returning();
  return made;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The OIDC answer: a page that posts `id_token` and `state` to the tool's launch URL at once (a button without scripts). */
function formPost(reply: FastifyReply, action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>LTI</title></head><body><form id="lti" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('lti').submit()</script></body></html>`;
  const hash = "'sha256-Y8Uo11U+yGoUYJ99RsGR6EBjBZ4OSoDREHMVNyjZHNQ='";
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src ${hash}; form-action ${new URL(action).origin}; frame-ancestors *; base-uri 'none'`)
    .send(html);
}

/**
 * A refusal of the authentication endpoint as the browser in the tool's window shows it: the catalogue's words in the
 * reader's language (and the code), where a program or a test asking for JSON gets the usual error answer.
 */
function refusalPage(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const en = /^en\b/i.test(req.headers['accept-language'] ?? '');
  const words = (en ? errorsEn : errorsRu)[err.code] ?? (en ? errorsEn : errorsRu).SERVER_ERROR;
  const html = `<!doctype html><html lang="${en ? 'en' : 'ru'}"><head><meta charset="utf-8"><title>${escapeHtml(words.title)}</title></head><body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p><p><small>${escapeHtml(err.code)}</small></p></main></body></html>`;
  return reply
    .status(err.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; frame-ancestors *; base-uri 'none'; form-action 'none'")
    .send(html);
}

const AuthQuery = Type.Object({
  scope: Type.Optional(Type.String({ maxLength: 200 })),
  response_type: Type.Optional(Type.String({ maxLength: 50 })),
  response_mode: Type.Optional(Type.String({ maxLength: 50 })),
  prompt: Type.Optional(Type.String({ maxLength: 50 })),
  client_id: Type.Optional(Type.String({ maxLength: 255 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  login_hint: Type.Optional(Type.String({ maxLength: 4000 })),
  lti_message_hint: Type.Optional(Type.String({ maxLength: 200 })),
  state: Type.Optional(Type.String({ maxLength: 2000 })),
  nonce: Type.Optional(Type.String({ maxLength: 200 })),
});
type AuthParams = Static<typeof AuthQuery>;

/**
 * The portal's side of a launch and the OIDC third-party-initiated login (docs/standards.md "LTI 1.3"): the signed-in
 * user asks to launch a material, the browser goes to the tool's login initiation URL with a one-time signed login
 * hint, the tool sends it back to our authentication endpoint, and we answer a form posting the signed id token.
 */
export function launchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const toolFacing = { auth: 'public' as const, domainParam: true };
  const DomainParams = Type.Object({ domain: Type.String({ maxLength: 63 }) });

  app.post(
    '/api/lti/launch/:id',
    {
      config: { roles: ACCESS.learning.read, noDemo: true },
      schema: {
        tags,
        summary: "Start a launch of an LTI material: the tool's login initiation URL with iss, a one-time login hint (5 minutes), the target, client and deployment ids",
        params: IdParams,
        response: { 200: dataOf(LaunchStart) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const { m, tool } = await ltiMaterial(req.db, req.params.id);
      await assertItemVisible(req.db, me, { mediaId: m.id });
      const program = await contextProgram(req.db, me, m.id);
      const key = await schoolKey(req.db);
      const urls = platformUrls(apiBase(app, req), req.tenant.slug);
      const [launch] = await req.db
        .insert(ltiLaunches)
        .values({ user_id: me.id, tool_id: tool.id, media_id: m.id, program_id: program.id, expires_at: new Date(Date.now() + HINT_SECONDS * 1000) })
        .returning();
      const loginHint = await signWithSchoolKey(key, { iss: urls.issuer, aud: tool.client_id, sub: String(me.id), jti: String(launch.id) }, HINT_SECONDS, 'lti-login-hint');
      const params = {
        iss: urls.issuer,
        login_hint: loginHint,
        lti_message_hint: String(launch.id),
        target_link_uri: m.url || tool.launch_url,
        client_id: tool.client_id,
        lti_deployment_id: tool.deployment_id,
      };
      const url = new URL(tool.login_url);
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      await app.recordEvent(req, 'media_view', { type: 'media', id: m.id });
      return { data: { url: url.toString(), params } };
    },
  );

  app.get(
    '/api/lti/material/:id',
    {
      config: { roles: ACCESS.learning.read },
      schema: { tags, summary: 'An LTI material for the portal: its tool and my grade from it, if the tool sent one', params: IdParams, response: { 200: dataOf(LtiMaterial) } },
    },
    async (req) => {
      const me = currentUser(req);
      const { m, tool } = await ltiMaterial(req.db, req.params.id);
      await assertItemVisible(req.db, me, { mediaId: m.id });
      const [s] = await req.db
        .select({ s: ltiScores })
        .from(ltiScores)
        .innerJoin(ltiLineItems, eq(ltiLineItems.id, ltiScores.line_item_id))
        .where(and(eq(ltiLineItems.media_id, m.id), eq(ltiScores.user_id, me.id)))
        .orderBy(ltiScores.updated_at)
        .limit(1);
      const g = s?.s;
      const percent = g && g.score_given !== null && g.score_maximum ? Math.round((10_000 * g.score_given) / g.score_maximum) / 100 : null;
      return {
        data: {
          media_id: m.id,
          tool: tool.name,
          grade: g
            ? {
                score_given: g.score_given,
                score_maximum: g.score_maximum,
                percent,
                activity_progress: g.activity_progress,
                grading_progress: g.grading_progress,
                comment: g.comment,
                updated_at: g.updated_at,
              }
            : null,
        },
      };
    },
  );

  app.get(
    '/api/lti/:domain/jwks',
    {
      config: toolFacing,
      schema: {
        tags,
        summary: "The school's public keys (JWKS) that tools check our id tokens with; empty until the first tool or launch",
        security: [],
        params: DomainParams,
        response: { 200: Jwks },
      },
    },
    async (req) => {
      const key = await schoolKey(req.db, false);
      return { keys: key ? [key.public_jwk] : [] };
    },
  );

  /** Checks an authentication request and answers the id token's form; every refusal writes nothing. */
  async function authenticate(req: FastifyRequest, reply: FastifyReply, p: AuthParams) {
    if (p.scope !== 'openid' || p.response_type !== 'id_token' || (p.response_mode && p.response_mode !== 'form_post') || !p.nonce || !p.login_hint) {
      throw ltiRefusal(400, 'ERROR_LTI_REQUEST', 'Not an LTI 1.3 authentication request (scope openid, response_type id_token, nonce and login_hint required)');
    }
    const [tool] = p.client_id ? await req.db.select().from(ltiTools).where(eq(ltiTools.client_id, p.client_id)) : [];
    if (!tool) throw ltiRefusal(401, 'ERROR_LTI_CLIENT', 'Unknown client id');
    const key = await schoolKey(req.db, false);
    const urls = platformUrls(apiBase(app, req), req.tenant.slug);
    let hint: { sub?: string; jti?: string; exp?: number };
    try {
      if (!key) throw new Error('no key');
      hint = await verifySchoolSigned(key, p.login_hint, { issuer: urls.issuer, audience: tool.client_id, typ: 'lti-login-hint' });
    } catch {
      const exp = (() => {
        try {
          return decodeJwt(p.login_hint ?? '').exp;
        } catch {
          return undefined;
        }
      })();
      if (exp && exp * 1000 < Date.now()) throw ltiRefusal(401, 'ERROR_LTI_EXPIRED', 'The launch has expired: start it again');
      throw ltiRefusal(401, 'ERROR_LTI_HINT', 'The login hint is not one this school signed for this tool');
    }
    const launchId = Number(hint.jti);
    if (!Number.isInteger(launchId) || p.lti_message_hint !== String(launchId)) throw ltiRefusal(401, 'ERROR_LTI_HINT', 'The message hint does not match the login hint');
    const [launch] = await req.db.select().from(ltiLaunches).where(eq(ltiLaunches.id, launchId));
    if (!launch || launch.tool_id !== tool.id || String(launch.user_id) !== hint.sub) throw ltiRefusal(401, 'ERROR_LTI_HINT', 'The login hint names no launch of this tool');
    if (launch.used_at) throw ltiRefusal(401, 'ERROR_LTI_REPLAY', 'This launch was already used');
    if (launch.expires_at < new Date()) throw ltiRefusal(401, 'ERROR_LTI_EXPIRED', 'The launch has expired: start it again');
    const [m] = await req.db.select().from(media).where(eq(media.id, launch.media_id));
    const allowed = [tool.launch_url, m?.url].filter(Boolean);
    if (!p.redirect_uri || !allowed.includes(p.redirect_uri)) throw ltiRefusal(400, 'ERROR_LTI_REDIRECT', 'The redirect_uri is not the launch URL registered for this tool');
    const [user] = await req.db.select().from(users).where(eq(users.id, launch.user_id));
    if (!user || isBlocked(user)) throw ltiRefusal(401, 'ERROR_LTI_HINT', 'The user of this launch may not sign in');
    const [program] = launch.program_id ? await req.db.select().from(programs).where(eq(programs.id, launch.program_id)) : [];
    if (!m || !program) throw notFound('media');
    // spent once, before anything is signed: a second request with this hint (or this nonce for this tool) is a replay
    let spent: { id: number }[];
    try {
      spent = await req.db
        .update(ltiLaunches)
        .set({ used_at: new Date(), nonce: p.nonce })
        .where(and(eq(ltiLaunches.id, launch.id), isNull(ltiLaunches.used_at), gt(ltiLaunches.expires_at, new Date())))
        .returning({ id: ltiLaunches.id });
    } catch (err) {
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') spent = [];
      else throw err;
    }
    if (!spent.length) throw ltiRefusal(401, 'ERROR_LTI_REPLAY', 'This launch or nonce was already used');
    const item = await materialLineItem(req.db, tool.id, program.id, m);
    const claims: Record<string, unknown> = {
      iss: urls.issuer,
      aud: tool.client_id,
      azp: tool.client_id,
      sub: String(user.id),
      nonce: p.nonce,
      [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}/version`]: '1.3.0',
      [`${LTI}/deployment_id`]: tool.deployment_id,
      [`${LTI}/target_link_uri`]: p.redirect_uri,
      [`${LTI}/resource_link`]: { id: String(m.id), title: m.title },
      [`${LTI}/roles`]: ROLE_URIS[user.role] ?? [],
      [`${LTI}/context`]: { id: String(program.id), label: program.title.slice(0, 60), title: program.title, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
      [`${LTI}/tool_platform`]: { guid: urls.issuer, name: req.tenant.title, product_family_code: 'campus-lms' },
      [`${LTI}/launch_presentation`]: { document_target: 'window', locale: req.headers['accept-language']?.startsWith('en') ? 'en' : 'ru' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: AGS_SCOPES, lineitems: urls.lineItems(program.id), lineitem: urls.lineItem(program.id, item.id) },
    };
    if (tool.send_name) Object.assign(claims, { name: [user.name, user.surname].filter(Boolean).join(' '), given_name: user.name, family_name: user.surname });
    if (tool.send_email) claims.email = user.email;
    const idToken = await signWithSchoolKey(key as NonNullable<typeof key>, claims, ID_TOKEN_SECONDS);
    return formPost(reply, p.redirect_uri, { id_token: idToken, ...(p.state ? { state: p.state } : {}) });
  }

  const authSchema = (method: string) => ({
    tags,
    summary: `OIDC authentication endpoint (${method}) of the third-party-initiated login: checks the client, the redirect URI and the one-time login hint, answers a page posting the signed id token and state to the tool`,
    security: [],
    params: DomainParams,
    response: { 200: fileAnswer('text/html', 'A page that posts id_token and state to the tool') },
  });
  /** A browser (it asks for HTML) is shown the refusal as a page in its language; anyone else gets the error answer. */
  const answer = async (req: FastifyRequest, reply: FastifyReply, p: AuthParams) => {
    try {
      return await authenticate(req, reply, p);
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && /text\/html/.test(req.headers.accept ?? '')) return refusalPage(req, reply, err);
      throw err;
    }
  };
  app.get('/api/lti/:domain/auth', { config: toolFacing, schema: { ...authSchema('GET'), querystring: AuthQuery } }, async (req, reply) => answer(req, reply, req.query));
  app.post('/api/lti/:domain/auth', { config: toolFacing, schema: { ...authSchema('POST'), body: AuthQuery, consumes: ['application/x-www-form-urlencoded'] } }, async (req, reply) =>
    answer(req, reply, req.body),
  );
}
