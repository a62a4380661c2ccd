import { aliasedTable, and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { demoAudit, roles, userSearchText, users, type Role } from '../../db/schema/index.ts';
import { currentUser, type User } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { hashPassword } from '../../core/password.ts';
import { ProfileFields, PublicUser, TokenAnswer, publicUser } from '../accounts/index.ts';
import { assertUnique, checkPassword, checkPlace, normalizeDates, pickKnown } from '../accounts/index.ts';
import { issueTokens } from '../accounts/index.ts';
import { welcomeInBackground } from '../settings/index.ts';
import { Id, IdParams, isId, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf, listOf } from '../../core/responses.ts';
import { containsAny } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: users'];
const MANAGERS = ACCESS.users.read;
const ADMINS = ACCESS.users.delete;
const RoleT = Type.Union(roles.map((r) => Type.Literal(r)));
/** A selection of users; absent (an empty form-data list sends nothing) or empty → 422 NOT_CHECK_ID_USER. */
const Ids = Type.Object({ users: Type.Optional(Type.Array(Id, { maxItems: 1000 })) });

const AdminFields = {
  ...ProfileFields,
  login: Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' }),
  role: RoleT,
  date_start: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  date_termination: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  d_date: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  date_block: Type.Union([Type.String({ maxLength: 10 }), Type.Null()]),
  is_blocked: Type.Boolean(),
  password: Type.String({ maxLength: 200 }),
};
const EDITABLE = Object.keys(AdminFields);
const UserAnswer = dataOf(PublicUser);
/** How many users a deletion, blocking or unblocking touched. */
const CountAnswer = dataOf(Type.Object({ count: Type.Integer() }));
const Text = nullable(Type.String());
/** A call made in demo mode, with both users' names (null when a user has since been deleted). */
const AuditRow = Type.Object({
  id: Id,
  actor_id: nullable(Id),
  actor_login: Text,
  actor_name: Text,
  actor_surname: Text,
  user_id: nullable(Id),
  user_login: Text,
  user_name: Text,
  user_surname: Text,
  method: Type.String(),
  url: Type.String(),
  status: Type.Integer(),
  created_at: DateTime,
});

/** Who may hand out a role or act as a user: only superadmins touch superadmins and admins; moderators manage moderators, trainers, students. */
function mayManage(actor: User, targetRole: Role) {
  if (actor.role === 'superadmin') return true;
  if (actor.role === 'admin') return targetRole !== 'superadmin';
  return targetRole === 'trainer' || targetRole === 'student' || targetRole === 'moderator';
}

/** A person's papers: shown only to those who manage the person (docs/users-admin.md, "Papers"). */
const PAPERS = ['passport_number', 'passport_number_when', 'passport_issued_by', 'passport_subdivision_code', 'insurance_number'] as const;

/** A user as `actor` sees them: every field, but the papers of a user the actor does not manage are withheld (null). */
function seenBy(actor: User, u: User) {
  const shown = publicUser(u);
  if (!mayManage(actor, u.role)) for (const field of PAPERS) shown[field] = null;
  return shown;
}

/** Who may log in as whom (demo mode): an admin as moderators, trainers and students; a superadmin also as admins; nobody as a superadmin. */
function mayActAs(actor: User, targetRole: Role) {
  if (targetRole === 'superadmin') return false;
  if (actor.role === 'superadmin') return true;
  return actor.role === 'admin' && targetRole !== 'admin';
}

/** User management of the back office (`/admin/user…`). */
export default async function adminUsers(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function load(db: Db, id: number) {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    if (!u) throw notFound('user');
    return u;
  }

  app.get(
    '/admin/user',
    {
      config: { roles: MANAGERS },
      schema: {
        tags,
        summary: 'Users of the school: search (q), filter[role], filter[is_blocked], sorting and pages',
        querystring: ListQuery,
        response: { 200: listOf(PublicUser) },
      },
    },
    async (req) => {
      const q = req.query;
      const conds: (SQL | undefined)[] = [];
      // surname, name, patronymic, login and e-mail as one text: one trigram index, and a search may span two fields
      const search = containsAny(q.q, userSearchText);
      conds.push(search);
      const f = (q.filter ?? {}) as Record<string, unknown>;
      if (typeof f.role === 'string' && (roles as readonly string[]).includes(f.role)) conds.push(eq(users.role, f.role as Role));
      if (f.is_blocked !== undefined && f.is_blocked !== '') conds.push(eq(users.is_blocked, f.is_blocked === true || f.is_blocked === 'true' || f.is_blocked === '1'));
      const where = and(...conds);
      const page = await paginate<User>(req.db, q, {
        table: users,
        where,
        searched: search !== undefined,
        orderBy: orderFor(
          q,
          { id: users.id, surname: users.surname, name: users.name, login: users.login, email: users.email, role: users.role, last_login_at: users.last_login_at, created_at: users.created_at },
          desc(users.id),
        ),
      });
      const me = currentUser(req);
      return { data: page.data.map((u) => seenBy(me, u)), meta: page.meta };
    },
  );

  app.get('/admin/user/:id', { config: { roles: MANAGERS }, schema: { tags, summary: 'One user', params: IdParams, response: { 200: UserAnswer } } }, async (req) => ({
    data: seenBy(currentUser(req), await load(req.db, req.params.id)),
  }));

  app.post(
    '/admin/user',
    {
      config: { roles: MANAGERS },
      schema: {
        tags,
        summary: 'Create a user',
        body: Type.Intersect([
          Type.Object({ login: AdminFields.login, email: AdminFields.email, password: AdminFields.password, name: AdminFields.name, surname: AdminFields.surname }),
          Type.Partial(Type.Object(AdminFields)),
        ]),
        response: { 201: UserAnswer },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const body = pickKnown(req.body as Record<string, unknown>, EDITABLE) as Record<string, unknown> & { password: string; login: string; email: string };
      const role = (body.role as Role | undefined) ?? 'student';
      if (!mayManage(me, role)) throw new AppError(403, 'ERROR_ACCESS', 'You cannot give this role');
      normalizeDates(body);
      checkPassword(body.password);
      await checkPlace(req.db, { country_id: (body.country_id as number | null | undefined) ?? null, city_id: (body.city_id as number | null | undefined) ?? null }, body);
      await assertUnique(req.db, { email: body.email, login: body.login });
      const { password, ...fields } = body;
      const [u] = await req.db
        .insert(users)
        .values({ ...(fields as Partial<User>), login: body.login, email: body.email, role, password_hash: await hashPassword(password) } as typeof users.$inferInsert)
        .returning();
      void welcomeInBackground(fastify, req, u, password); // the school's welcome mail (settings: welcome mail)
      return reply.status(201).send({ data: publicUser(u) });
    },
  );

  app.put(
    '/admin/user/:id',
    {
      config: { roles: MANAGERS },
      schema: { tags, summary: 'Edit a user (every field; `password` sets a new one)', params: IdParams, body: Type.Partial(Type.Object(AdminFields)), response: { 200: UserAnswer } },
    },
    async (req) => {
      const me = currentUser(req);
      const target = await load(req.db, req.params.id);
      const body = pickKnown(req.body as Record<string, unknown>, EDITABLE);
      if (!mayManage(me, target.role) || (body.role && !mayManage(me, body.role as Role))) throw new AppError(403, 'ERROR_ACCESS', 'You cannot manage this user');
      if (target.is_main && body.role && body.role !== target.role) throw new AppError(409, 'NOT_ACCESS_DELETE_SUPERADMIN', 'The main administrator keeps the role');
      normalizeDates(body);
      await checkPlace(
        req.db,
        { country_id: 'country_id' in body ? (body.country_id as number | null) : target.country_id, city_id: 'city_id' in body ? (body.city_id as number | null) : target.city_id },
        body,
      );
      await assertUnique(req.db, { email: body.email as string | undefined, login: body.login as string | undefined }, target.id);
      const { password, ...fields } = body;
      const patch: Partial<User> = { ...(fields as Partial<User>), updated_at: new Date() };
      if (typeof password === 'string' && password) {
        checkPassword(password);
        patch.password_hash = await hashPassword(password);
      }
      const [u] = await req.db.update(users).set(patch).where(eq(users.id, target.id)).returning();
      return { data: publicUser(u) };
    },
  );

  /** Deletes users of this school, never the main administrator nor oneself. */
  async function deleteUsers(db: Db, me: User, ids: number[] = []) {
    if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'No user selected');
    const rows = await db.select().from(users).where(inArray(users.id, ids));
    if (!rows.length) throw notFound('user');
    if (rows.some((u) => u.is_main)) throw new AppError(409, 'NOT_ACCESS_DELETE_SUPERADMIN', 'The main administrator cannot be deleted');
    if (rows.some((u) => u.id === me.id)) throw new AppError(409, 'ERROR_ACCESS', 'You cannot delete yourself');
    if (rows.some((u) => !mayManage(me, u.role))) throw new AppError(403, 'ERROR_ACCESS', 'You cannot delete this user');
    await db.delete(users).where(
      inArray(
        users.id,
        rows.map((u) => u.id),
      ),
    );
    return rows.length;
  }

  app.delete(
    '/admin/user/:id',
    { config: { roles: ADMINS }, schema: { tags, summary: 'Delete a user (not the main administrator)', params: IdParams, response: { 200: CountAnswer } } },
    async (req) => ({
      data: { count: await deleteUsers(req.db, currentUser(req), [req.params.id]) },
    }),
  );

  app.post('/admin/delete/user', { config: { roles: ADMINS }, schema: { tags, summary: 'Delete many users', body: Ids, response: { 200: CountAnswer } } }, async (req) => ({
    data: { count: await deleteUsers(req.db, currentUser(req), req.body.users) },
  }));

  for (const [path, blocked] of [
    ['/admin/block/user', true],
    ['/admin/active/user', false],
  ] as const) {
    app.post(
      path,
      { config: { roles: MANAGERS }, schema: { tags, summary: blocked ? 'Block many users' : 'Unblock (activate) many users', body: Ids, response: { 200: CountAnswer } } },
      async (req) => {
        const me = currentUser(req);
        if (!req.body.users?.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'No user selected');
        const rows = await req.db
          .select()
          .from(users)
          .where(and(inArray(users.id, req.body.users), ne(users.id, me.id)));
        const allowed = rows.filter((u) => mayManage(me, u.role) && !(blocked && u.is_main));
        if (!allowed.length) throw notFound('user');
        await req.db
          .update(users)
          .set({ is_blocked: blocked, ...(blocked ? {} : { date_block: null }), updated_at: new Date() })
          .where(
            inArray(
              users.id,
              allowed.map((u) => u.id),
            ),
          );
        return { data: { count: allowed.length } };
      },
    );
  }

  app.post(
    '/admin/user/:id/authorization',
    {
      config: { roles: ADMINS, noDemo: true },
      schema: { tags, summary: 'Log in as the user (demo mode): a 2-hour token that remembers the admin', params: IdParams, response: { 200: TokenAnswer } },
    },
    async (req) => {
      const me = currentUser(req);
      const target = await load(req.db, req.params.id);
      if (target.id === me.id || !mayActAs(me, target.role)) throw new AppError(403, 'ERROR_ACCESS', 'You cannot act as this user');
      return issueTokens(req.db, target.id, { actorId: me.id });
    },
  );

  app.get(
    '/admin/demo/audit',
    {
      config: { roles: ADMINS },
      schema: { tags, summary: 'Calls made in demo mode: admin X acting as user Y (newest first; filter[actor_id], filter[user_id])', querystring: ListQuery, response: { 200: listOf(AuditRow) } },
    },
    async (req) => {
      const actor = aliasedTable(users, 'actor');
      const subject = aliasedTable(users, 'subject');
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const conds: (SQL | undefined)[] = [];
      for (const key of ['actor_id', 'user_id'] as const) {
        const n = Number(f[key]);
        if (f[key] !== undefined && f[key] !== '' && isId(n)) conds.push(eq(demoAudit[key], n));
      }
      const where = and(...conds);
      return paginate(req.db, req.query, {
        table: demoAudit,
        where,
        query: req.db
          .select({
            id: demoAudit.id,
            actor_id: demoAudit.actor_id,
            actor_login: actor.login,
            actor_name: actor.name,
            actor_surname: actor.surname,
            user_id: demoAudit.user_id,
            user_login: subject.login,
            user_name: subject.name,
            user_surname: subject.surname,
            method: demoAudit.method,
            url: demoAudit.url,
            status: demoAudit.status,
            created_at: demoAudit.created_at,
          })
          .from(demoAudit)
          .leftJoin(actor, eq(actor.id, demoAudit.actor_id))
          .leftJoin(subject, eq(subject.id, demoAudit.user_id))
          .where(where)
          .$dynamic(),
        orderBy: orderFor(req.query, { id: demoAudit.id, created_at: demoAudit.created_at, status: demoAudit.status }, desc(demoAudit.id)),
      });
    },
  );
}
