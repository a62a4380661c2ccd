import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { events, userScores, users } from '../../db/schema/index.ts';
import { currentUser, type User } from '../../core/context.ts';
import { AppError, ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, pageMeta } from '../../core/pagination.ts';
import { hashPassword } from '../../core/password.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { attachment, keepUpload } from '../../core/storage.ts';
import { langOf } from '../../mail/texts.ts';
import { PublicUser, normalizeDate, publicUser } from '../accounts/index.ts';
import { imageType } from '../../core/file-types.ts';
import { revokeUserTokens } from '../accounts/index.ts';
import { importTemplate, importUsers } from './import.ts';
import { generatePassword, mayManage, normalizeLink, SOCIAL_KEYS } from './rules.ts';
import { newPasswordMail } from './texts.ts';
import { ImportAnswer, Registration, ScoreAnswer, SendPasswordAnswer, SocialAnswer } from './responses.ts';
import { welcomeInBackground } from '../settings/index.ts';
import { webOrigin } from '../../mail/links.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { dataOf, fileAnswer, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS, ADMINS as SCHOOL_ADMINS } from '../../../common/access/roles.ts';

const tags = ['admin: users'];
const MANAGERS = ACCESS.users.read;
const ADMINS = SCHOOL_ADMINS;
const Link = Type.Union([Type.String({ maxLength: 255 }), Type.Null()]);
const Social = Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, Type.Optional(Link)])), { additionalProperties: false });
const UPLOAD_5MB = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };
const HISTORY = 50;

const socialOf = (u: User) => Object.fromEntries(SOCIAL_KEYS.map((k) => [k, u.social?.[k] ?? null])) as Record<(typeof SOCIAL_KEYS)[number], string | null>;

/**
 * Back-office extras of users (`docs/users-admin.md`): registrations, manual score, avatar, social links,
 * "send a new password" and the import from xlsx/csv with its template.
 */
export default async function userExtras(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** A user of this school the caller may manage (404 for another school's id, 403 for a role above the caller's). */
  async function managed(req: FastifyRequest, id: number) {
    const [u] = await req.db.select().from(users).where(eq(users.id, id));
    if (!u) throw notFound('user');
    if (!mayManage(currentUser(req), u.role)) throw new AppError(403, 'ERROR_ACCESS', 'You cannot manage this user');
    return u;
  }

  app.get(
    '/admin/registers',
    {
      config: { roles: MANAGERS },
      schema: {
        tags,
        summary:
          'Registrations: users who signed up through /api/register (q; filter[date_from], filter[date_to] as YYYY-MM-DD or DD.MM.YYYY (UTC days); filter[is_blocked]; sort registered_at, id, login, email, surname, last_login_at)',
        querystring: ListQuery,
        response: { 200: listOf(Registration) },
      },
    },
    async (req) => {
      const q = req.query;
      const f = (q.filter ?? {}) as Record<string, unknown>;
      const conds: (SQL | undefined)[] = [eq(events.kind, 'register')];
      if (q.q) {
        const like = containsPattern(q.q);
        conds.push(or(ilike(users.surname, like), ilike(users.name, like), ilike(users.login, like), ilike(users.email, like), ilike(users.phone, like)));
      }
      const errors: Record<string, string[]> = {};
      for (const key of ['date_from', 'date_to'] as const) {
        const v = f[key];
        if (v === undefined || v === '' || v === null) continue;
        const iso = normalizeDate(v);
        const d = iso ? new Date(`${iso}T00:00:00Z`) : undefined;
        if (!d) {
          errors[`filter.${key}`] = ['validation.date'];
          continue;
        }
        conds.push(key === 'date_from' ? gte(events.created_at, d) : lt(events.created_at, new Date(d.getTime() + 86_400_000)));
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (f.is_blocked !== undefined && f.is_blocked !== '') conds.push(eq(users.is_blocked, f.is_blocked === true || f.is_blocked === 'true' || f.is_blocked === '1'));
      const where = and(...conds);
      const base = req.db
        .select({
          id: users.id,
          login: users.login,
          email: users.email,
          name: users.name,
          surname: users.surname,
          patronymic: users.patronymic,
          phone: users.phone,
          role: users.role,
          is_blocked: users.is_blocked,
          registered_at: events.created_at,
          last_login_at: users.last_login_at,
        })
        .from(events)
        .innerJoin(users, eq(users.id, events.user_id));
      const perPage = Math.min(q.per_page ?? 15, 100);
      const page = Math.max(q.page ?? 1, 1);
      const [{ total }] = await req.db.select({ total: count() }).from(events).innerJoin(users, eq(users.id, events.user_id)).where(where);
      const data = await base
        .where(where)
        .orderBy(
          ...orderFor(
            q,
            { registered_at: events.created_at, id: users.id, login: users.login, email: users.email, surname: users.surname, last_login_at: users.last_login_at },
            desc(events.created_at),
          ),
          desc(events.id),
        )
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
    },
  );

  async function scoreOf(db: Db, userId: number) {
    const history = await db
      .select({
        id: userScores.id,
        mode: userScores.mode,
        delta: userScores.delta,
        total: userScores.total,
        comment: userScores.comment,
        actor_id: userScores.actor_id,
        created_at: userScores.created_at,
      })
      .from(userScores)
      .where(eq(userScores.user_id, userId))
      .orderBy(desc(userScores.id))
      .limit(HISTORY);
    return { user_id: userId, score: history[0]?.total ?? 0, history };
  }

  app.get(
    '/admin/user/:id/score',
    {
      config: { roles: ADMINS },
      schema: { tags, summary: "The user's manual score and its last 50 changes (newest first)", params: IdParams, response: { 200: ScoreAnswer } },
    },
    async (req) => {
      const u = await managed(req, req.params.id);
      return { data: await scoreOf(req.db, u.id) };
    },
  );

  app.post(
    '/admin/user/:id/setScore',
    {
      config: { roles: ADMINS },
      schema: {
        tags,
        summary: "Change the user's manual score: `mode: add` (default) adds `score` (may be negative), `mode: set` sets it; each change is a history row",
        params: IdParams,
        body: Type.Object({
          score: Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }),
          mode: Type.Optional(Type.Union([Type.Literal('add'), Type.Literal('set')])),
          comment: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
        }),
        response: { 200: ScoreAnswer },
      },
    },
    async (req) => {
      const u = await managed(req, req.params.id);
      const mode = req.body.mode ?? 'add';
      const score = Math.round(req.body.score * 100) / 100;
      await req.db.transaction(async (tx) => {
        // serialise changes of one user's score: the latest row is read under the user's row lock
        await tx.select({ id: users.id }).from(users).where(eq(users.id, u.id)).for('update');
        const [last] = await tx.select({ total: userScores.total }).from(userScores).where(eq(userScores.user_id, u.id)).orderBy(desc(userScores.id)).limit(1);
        const current = last?.total ?? 0;
        const total = mode === 'set' ? score : Math.round((current + score) * 100) / 100;
        if (total < 0) throw fieldError('score', 'validation.min:0');
        if (mode === 'add' && score === 0) throw fieldError('score', 'validation.required');
        await tx.insert(userScores).values({ user_id: u.id, actor_id: currentUser(req).id, mode, delta: total - current, total, comment: req.body.comment || null });
      });
      return { data: await scoreOf(req.db, u.id) };
    },
  );

  app.post(
    '/admin/user/:id/setAvatar',
    {
      config: { roles: MANAGERS, upload: UPLOAD_5MB },
      schema: {
        tags,
        summary: "Upload the user's avatar (form data field `avatar`: JPEG, PNG, WebP or GIF, at most 5 MB)",
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: Type.Object({ avatar: Type.Any() }),
        response: { 200: dataOf(PublicUser) },
      },
    },
    async (req) => {
      const u = await managed(req, req.params.id);
      const file = (req.body as { avatar: unknown }).avatar;
      if (!isUploadedFile(file)) throw fieldError('avatar', 'validation.required');
      if (!imageType(file.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'Only JPEG, PNG, WebP or GIF images', { allowed: 'jpg, png, webp, gif' });
      const rel = await keepUpload(app.config.dataDir, req.tenant.slug, 'avatars', file);
      const [saved] = await req.db.update(users).set({ avatar: rel, updated_at: new Date() }).where(eq(users.id, u.id)).returning();
      return { data: publicUser(saved) };
    },
  );

  app.get(
    '/admin/user/:id/social',
    {
      config: { roles: MANAGERS },
      schema: { tags, summary: "The user's social links (vk, telegram, linkedin, facebook, instagram, site; null when absent)", params: IdParams, response: { 200: SocialAnswer } },
    },
    async (req) => {
      const [u] = await req.db.select().from(users).where(eq(users.id, req.params.id));
      if (!u) throw notFound('user');
      return { data: socialOf(u) };
    },
  );

  app.put(
    '/admin/user/:id/social',
    {
      config: { roles: MANAGERS },
      schema: {
        tags,
        summary: 'Set social links: each an http(s) address (`@name` accepted for telegram); null or empty removes one; absent keys stay',
        params: IdParams,
        body: Social,
        response: { 200: SocialAnswer },
      },
    },
    async (req) => {
      const u = await managed(req, req.params.id);
      const next: Record<string, string> = { ...(u.social ?? {}) };
      const errors: Record<string, string[]> = {};
      for (const key of SOCIAL_KEYS) {
        if (!(key in req.body)) continue;
        const v = normalizeLink(key, (req.body as Record<string, string | null>)[key] ?? null);
        if (v === undefined) errors[key] = ['validation.format'];
        else if (v === null) delete next[key];
        else next[key] = v;
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const [saved] = await req.db.update(users).set({ social: next, updated_at: new Date() }).where(eq(users.id, u.id)).returning();
      return { data: socialOf(saved) };
    },
  );

  app.post(
    '/admin/email/sendPassword',
    {
      config: { roles: MANAGERS, noDemo: true },
      schema: {
        tags,
        summary: "Generate a new password for the user, store its hash, sign the user out everywhere and mail it (in `lang`, default the caller's Accept-Language)",
        body: Type.Object({ user_id: Id, lang: Type.Optional(Type.Union([Type.Literal('ru'), Type.Literal('en')])) }),
        response: { 200: SendPasswordAnswer },
      },
    },
    async (req) => {
      const u = await managed(req, req.body.user_id);
      if (u.id === currentUser(req).id) throw new AppError(403, 'ERROR_ACCESS', 'Change your own password in the profile');
      const password = generatePassword(randomInt);
      await req.db
        .update(users)
        .set({ password_hash: await hashPassword(password), updated_at: new Date() })
        .where(eq(users.id, u.id));
      await revokeUserTokens(req.db, u.id);
      const lang = req.body.lang ?? langOf(req.headers['accept-language']);
      const sent = await fastify.mailer.send(req.tenant, { to: u.email, ...newPasswordMail(lang, req.tenant.title, u.login, password, `${webOrigin(fastify, req)}/auth`) });
      if (sent.error) throw new AppError(503, 'ERROR_SEND_MAIL', 'The mail server refused the message; it was kept in the outbox (the new password is set)');
      return { data: { user_id: u.id, email: u.email, sent: sent.sent, outbox: !!sent.outbox } };
    },
  );

  app.post(
    '/admin/user/import',
    {
      config: { roles: MANAGERS, upload: UPLOAD_5MB },
      schema: {
        tags,
        summary:
          'Import users from an .xlsx or .csv file (form data field `file`, at most 5 MB, recognised by content): header row login, email, name, surname[, patronymic, role, phone, password, group]; each row is created whole or refused with codes',
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.Any() }),
        response: { 200: ImportAnswer },
      },
    },
    async (req) => {
      const file = (req.body as { file: unknown }).file;
      if (!isUploadedFile(file)) throw fieldError('file', 'validation.required');
      if (!file.size) throw new AppError(422, 'ERROR_IMPORT_FORMAT', 'The file is empty', { reason: 'empty' });
      // each created user gets the school's welcome mail (with the password when the row gave one), in the background
      return { data: await importUsers(req.db, currentUser(req), file, (user, password) => void welcomeInBackground(fastify, req, user, password ?? undefined)) };
    },
  );

  app.get(
    '/admin/user/import/template',
    {
      config: { roles: MANAGERS },
      schema: {
        response: { 200: fileAnswer(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], 'The import template') },
        tags,
        summary: 'The import template (header row and an example row)',
        querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])) }),
      },
    },
    async (req, reply) => {
      const format = req.query.format ?? 'xlsx';
      const body = await importTemplate(format);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachment(`users-import.${format}`))
        .send(body);
    },
  );
}
