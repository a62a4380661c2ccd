import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { cities, countries, events, passwordResets, tokens, users } from '../../db/schema/index.ts';
import { currentUser, isBlocked, sha256, type User } from '../../core/context.ts';
import { AppError, ValidationError, fieldError, notAuthorized } from '../../core/errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN, hashPassword, verifyPassword } from '../../core/password.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { keepUpload } from '../../core/storage.ts';
import { langOf, resetMail } from '../../mail/texts.ts';
import { DATE_FIELDS, ProfileFields, PublicUser, normalizeDate, publicUser } from './profile.ts';
import { TokenAnswer, issueTokens, revokeUserTokens } from '../../core/tokens.ts';
import { newPasswordLink } from './reset-link.ts';
import { hitAll, type Attempt } from '../../core/throttle.ts';
import { webOrigin } from '../../mail/links.ts';
import { IdParams } from '../../core/schemas.ts';
import { imageType, sendImage } from '../../core/file-types.ts';
import { storedPath } from '../../core/storage.ts';
import { registrationOpen } from './registration.ts';
import { MyRecord, userNetworking } from '../networking/index.ts';
import { IMAGE_TYPES, SuccessAnswer, dataOf, fileAnswer } from '../../core/responses.ts';
import { nullable } from '../../core/schemas.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { TokenAnswer, issueTokens, revokeUserTokens } from '../../core/tokens.ts';
export { ProfileFields, PublicUser, normalizeDate, publicUser } from './profile.ts';
export { registrationOpen, seedRegistration, setRegistration } from './registration.ts';
export { newPasswordLink } from './reset-link.ts';

const tags = ['accounts'];
const Password = Type.String({ maxLength: 200 });
const RESET_MINUTES = 60;

export function checkPassword(password: string, confirm?: string) {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw fieldError('password', 'validation.password');
  if (confirm !== undefined && confirm !== password) throw fieldError('confirm_password', 'validation.passwords_match');
}

/** Applies date normalisation to a body in place; answers a 422 for a date that is not a date. */
export function normalizeDates(body: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  for (const f of DATE_FIELDS) {
    if (!(f in body)) continue;
    const v = normalizeDate(body[f]);
    if (v === undefined) errors[f] = ['validation.date'];
    else body[f] = v;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * The country must exist and the city must belong to the chosen country: 422 `validation.choice`
 * on the field that was sent. Changing the country alone clears a city of the old country.
 */
export async function checkPlace(db: Db, place: { country_id: number | null; city_id: number | null }, body: Record<string, unknown>) {
  if (place.country_id != null) {
    const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, place.country_id));
    if (!c) throw fieldError('country_id', 'validation.choice');
  }
  if (place.city_id != null) {
    const [city] = await db.select({ country_id: cities.country_id }).from(cities).where(eq(cities.id, place.city_id));
    if (!city) throw fieldError('city_id', 'validation.choice');
    if (place.country_id != null && city.country_id !== place.country_id) {
      if ('city_id' in body) throw fieldError('city_id', 'validation.choice');
      body.city_id = null;
    }
  }
}

/** 409 USER_EMAIL_ISSET when another user of the school (the bound handle's) has this e-mail or login. */
export async function assertUnique(db: Db, fields: { email?: string; login?: string }, exceptId?: number) {
  const conds = [];
  if (fields.email) conds.push(sql`lower(${users.email}) = lower(${fields.email})`);
  if (fields.login) conds.push(sql`lower(${users.login}) = lower(${fields.login})`);
  if (!conds.length) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...conds));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError(409, 'USER_EMAIL_ISSET', 'E-mail or login already used');
}

/** The signed-in user's profile (`GET`/`PUT /api/user`): `PublicUser` with their networking record (null when the section is off). */
export const Me = dataOf(Type.Object({ ...PublicUser.properties, networking: nullable(MyRecord) }));
/** `GET /api/register`: whether this school accepts sign-ups. */
export const RegisterOpenAnswer = dataOf(Type.Object({ open: Type.Boolean() }));

export default async function accounts(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The throttles count in the database (every API process shares them) by req.ip, which comes from X-Forwarded-For
  // only behind a proxy named in TRUST_PROXY. Figures and reasons: docs/security.md "Throttles".
  const signInByAddressAndName = fastify.throttle({ name: 'sign-in:address+name', max: 5, windowMs: 15 * 60_000 });
  const signInByAddress = fastify.throttle({ name: 'sign-in:address', max: fastify.config.signInAddressLimit, windowMs: 15 * 60_000 });
  const signInByAccount = fastify.throttle({ name: 'sign-in:account', max: 100, windowMs: 60 * 60_000 });
  const resetByAddress = fastify.throttle({ name: 'reset:address', max: 5, windowMs: 15 * 60_000 });
  const resetByAccount = fastify.throttle({ name: 'reset:account', max: 5, windowMs: 60 * 60_000 });

  app.get(
    '/api/register',
    {
      config: { auth: 'public' },
      schema: { tags, summary: 'Whether this school accepts sign-ups (the portal shows its sign-up screen only then)', security: [], response: { 200: RegisterOpenAnswer } },
    },
    async (req) => ({ data: { open: await registrationOpen(req.db) } }),
  );

  app.post(
    '/api/register',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Register a student account (403 ERROR_ACCESS where the school does not accept sign-ups)',
        body: Type.Object({
          login: Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' }),
          email: Type.String({ format: 'email', maxLength: 255 }),
          password: Password,
          confirm_password: Password,
          name: Type.String({ minLength: 1, maxLength: 100 }),
          surname: Type.String({ minLength: 1, maxLength: 100 }),
        }),
        response: { 201: dataOf(PublicUser) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      // only where the school lets people sign up (its self_registration setting)
      if (!(await registrationOpen(req.db))) throw new AppError(403, 'ERROR_ACCESS', 'This school does not accept sign-ups', { registration: false });
      checkPassword(b.password, b.confirm_password);
      await assertUnique(req.db, { email: b.email, login: b.login });
      const [u] = await req.db
        .insert(users)
        .values({ login: b.login, email: b.email, name: b.name, surname: b.surname, password_hash: await hashPassword(b.password), role: 'student' })
        .returning();
      // the back office's registrations list (`GET /admin/registers`) reads these rows
      await req.db.insert(events).values({ user_id: u.id, kind: 'register' });
      return reply.status(201).send({ data: publicUser(u) });
    },
  );

  app.post(
    '/api/token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign in (password grant) or refresh a session (refresh_token grant)',
        security: [],
        body: Type.Object({
          grant_type: Type.Union([Type.Literal('password'), Type.Literal('refresh_token')]),
          client_id: Type.String({ maxLength: 64 }),
          client_secret: Type.String({ maxLength: 128 }),
          username: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
          password: Type.Optional(Password),
          refresh_token: Type.Optional(Type.String({ maxLength: 200 })),
          remember: Type.Optional(Type.Boolean()),
        }),
        response: { 200: TokenAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.client_id !== 'web' || b.client_secret !== 'public') throw notAuthorized();
      if (b.grant_type === 'refresh_token') {
        if (!b.refresh_token) throw fieldError('refresh_token', 'validation.required');
        // another school's token is not found through the bound handle
        const [row] = await req.db
          .select()
          .from(tokens)
          .where(eq(tokens.refresh_hash, sha256(b.refresh_token)));
        if (!row || row.revoked_at || row.refresh_expires_at < new Date() || row.actor_id) throw notAuthorized();
        const [u] = await req.db.select().from(users).where(eq(users.id, row.user_id));
        if (isBlocked(u)) throw new AppError(403, 'ERROR_BLOCK', 'User is blocked');
        // conditional revoke: of two simultaneous refreshes with one token only the first wins
        const won = await req.db
          .update(tokens)
          .set({ revoked_at: new Date() })
          .where(and(eq(tokens.id, row.id), isNull(tokens.revoked_at)))
          .returning({ id: tokens.id });
        if (!won.length) throw notAuthorized();
        return issueTokens(req.db, u.id, { remember: row.remember });
      }
      if (!b.username) throw fieldError('username', 'validation.required');
      if (!b.password) throw fieldError('password', 'validation.required');
      // every attempt is counted before the password is checked (a parallel burst cannot pass the limits between a check
      // and a count); whatever turns out not to be a failure (a sign-in, a blocked user, an error) is forgiven after
      const nameKey = `${req.tenant.id}|${req.ip}|${b.username.toLowerCase()}`;
      const attempts: Attempt[] = await hitAll([
        [signInByAddressAndName, nameKey],
        [signInByAddress, req.ip],
      ]);
      let failed = false;
      try {
        const [u] = await req.db
          .select()
          .from(users)
          .where(or(sql`lower(${users.login}) = lower(${b.username})`, sql`lower(${users.email}) = lower(${b.username})`));
        if (!u) {
          failed = true;
          throw new AppError(401, 'ERROR_LOGIN', 'User does not exist');
        }
        // at most 100 failures an hour on one account, from whatever addresses (ASVS 2.2.1)
        attempts.push(await signInByAccount.hit(`${req.tenant.id}|${u.id}`));
        if (!(await verifyPassword(u.password_hash, b.password))) {
          failed = true;
          throw new AppError(401, 'ERROR_PASS', 'Wrong password');
        }
        if (isBlocked(u)) throw new AppError(403, 'ERROR_BLOCK', 'User is blocked');
        await signInByAddressAndName.reset(nameKey);
        await req.db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, u.id));
        await req.db.insert(events).values({ user_id: u.id, kind: 'login' });
        return await issueTokens(req.db, u.id, { remember: b.remember });
      } finally {
        if (!failed) await Promise.all(attempts.map((a) => a.forgive()));
      }
    },
  );

  app.post('/api/logout', { schema: { tags, summary: 'Sign out: revokes the current token', response: { 200: SuccessAnswer } } }, async (req) => {
    if (req.tokenId) await req.db.update(tokens).set({ revoked_at: new Date() }).where(eq(tokens.id, req.tokenId));
    return { data: { success: true } };
  });

  app.get('/api/user', { schema: { tags, summary: "The signed-in user's profile (networking: my networking record, null when the section is off)", response: { 200: Me } } }, async (req) => ({
    data: { ...publicUser(currentUser(req)), networking: await userNetworking(req) },
  }));

  app.put(
    '/api/user',
    {
      schema: {
        tags,
        summary: 'Edit the profile (dates as YYYY-MM-DD or DD.MM.YYYY; is_start=true marks the welcome as seen)',
        body: Type.Partial(Type.Object({ ...ProfileFields, is_start: Type.Boolean() }, { additionalProperties: false })),
        response: { 200: Me },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const body = pickKnown(req.body as Record<string, unknown>, [...Object.keys(ProfileFields), 'is_start']);
      normalizeDates(body);
      if (typeof body.email === 'string') await assertUnique(req.db, { email: body.email }, me.id);
      await checkPlace(
        req.db,
        { country_id: 'country_id' in body ? (body.country_id as number | null) : me.country_id, city_id: 'city_id' in body ? (body.city_id as number | null) : me.city_id },
        body,
      );
      const { is_start, ...fields } = body;
      const patch: Partial<User> = { ...(fields as Partial<User>), updated_at: new Date() };
      if (is_start === true && !me.is_start) patch.is_start = new Date();
      const [u] = await req.db.update(users).set(patch).where(eq(users.id, me.id)).returning();
      return { data: { ...publicUser(u), networking: await userNetworking(req, u) } };
    },
  );

  app.post(
    '/api/user/setAvatar',
    {
      config: { upload: { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 } },
      schema: {
        tags,
        summary: 'Upload the avatar (form data field `avatar`: JPEG, PNG, WebP or GIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        body: Type.Object({ avatar: Type.Any() }),
        response: { 200: Me },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const file = (req.body as { avatar: unknown }).avatar;
      if (!isUploadedFile(file)) throw fieldError('avatar', 'validation.required');
      if (!imageType(file.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'Only JPEG, PNG, WebP or GIF images', { allowed: 'jpg, png, webp, gif' });
      const rel = await keepUpload(app.config.dataDir, req.tenant.slug, 'avatars', file);
      const [u] = await req.db.update(users).set({ avatar: rel, updated_at: new Date() }).where(eq(users.id, me.id)).returning();
      return { data: { ...publicUser(u), networking: await userNetworking(req, u) } };
    },
  );

  app.get(
    '/api/files/avatar/:id',
    {
      config: { auth: 'public' },
      schema: { response: { 200: fileAnswer(IMAGE_TYPES, 'The avatar') }, tags, summary: "A user's avatar image", security: [], params: IdParams },
    },
    async (req, reply) => {
      const [u] = await req.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, req.params.id));
      if (!u?.avatar) throw new AppError(404, 'NOT_FOUND_FILE', 'No avatar');
      const path = storedPath(app.config.dataDir, req.tenant.slug, u.avatar);
      return sendImage(reply, path, 'private, max-age=86400');
    },
  );

  app.put(
    '/api/changePassword',
    {
      config: { noDemo: true },
      schema: {
        tags,
        summary: 'Change the password (other sessions are signed out)',
        body: Type.Object({ old_password: Password, password: Password, confirm_password: Password }),
        response: { 200: SuccessAnswer },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const b = req.body;
      if (!(await verifyPassword(me.password_hash, b.old_password))) throw new AppError(422, 'ERROR_OLD_PASSWORD', 'The old password is wrong');
      checkPassword(b.password, b.confirm_password);
      if (b.password === b.old_password) throw new AppError(422, 'ERROR_CHANGE_PASSWORD', 'The new password equals the old one');
      await req.db
        .update(users)
        .set({ password_hash: await hashPassword(b.password), updated_at: new Date() })
        .where(eq(users.id, me.id));
      await revokeUserTokens(req.db, me.id, req.tokenId);
      return { data: { success: true } };
    },
  );

  app.post(
    '/api/user/sendLinkResetPassword',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Mail a single-use password reset link (valid 60 minutes)',
        security: [],
        body: Type.Object({ email: Type.String({ format: 'email', maxLength: 255 }) }),
        response: { 200: SuccessAnswer },
      },
    },
    async (req) => {
      // every request counts per address (whatever its outcome: probing for e-mails too), every mail per account
      await resetByAddress.hit(`${req.tenant.id}|${req.ip}`);
      const [u] = await req.db.select().from(users).where(sql`lower(${users.email}) = lower(${req.body.email})`);
      if (!u) throw new AppError(404, 'Email_doesnt_exists', 'E-mail unknown');
      await resetByAccount.hit(`${req.tenant.id}|${u.id}`);
      const token = await newPasswordLink(req.db, u.id, RESET_MINUTES);
      const link = `${webOrigin(fastify, req)}/reset_password/${token}`;
      const sent = await fastify.mailer.send(req.tenant, { to: u.email, ...resetMail(langOf(req.headers['accept-language']), req.tenant.title, link) });
      if (sent.error) throw new AppError(503, 'ERROR_SEND_MAIL', 'The mail server refused the message; it was kept in the outbox');
      return { data: { success: true } };
    },
  );

  app.post(
    '/api/user/resetPassword/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a reset link (single use; signs out every session)',
        security: [],
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        body: Type.Object({ password: Password, confirm_password: Password }),
        response: { 200: SuccessAnswer },
      },
    },
    async (req) => {
      checkPassword(req.body.password, req.body.confirm_password);
      const [row] = await req.db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.token_hash, sha256(req.params.token)), isNull(passwordResets.used_at), gt(passwordResets.expires_at, new Date())));
      if (!row) throw new AppError(404, 'NOT_FOUND_TOKEN', 'The link is unknown, used or expired');
      // conditional use: of two simultaneous requests with one link only the first sets the password
      const won = await req.db
        .update(passwordResets)
        .set({ used_at: new Date() })
        .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.used_at)))
        .returning({ id: passwordResets.id });
      if (!won.length) throw new AppError(404, 'NOT_FOUND_TOKEN', 'The link is unknown, used or expired');
      await req.db
        .update(users)
        .set({ password_hash: await hashPassword(req.body.password), updated_at: new Date() })
        .where(eq(users.id, row.user_id));
      await revokeUserTokens(req.db, row.user_id);
      return { data: { success: true } };
    },
  );
}

/** Only the named keys of a body: extra keys (role, login, …) are dropped, never written. */
export function pickKnown(body: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(Object.entries(body).filter(([k]) => keys.includes(k)));
}
