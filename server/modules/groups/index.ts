import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { groupUsers, groups, programGroups, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: groups'];
const ROLES = ACCESS.school.read;
const Title = Type.Object({ title: Type.String({ minLength: 1, maxLength: 255 }) });
import { Group, GroupAnswer, GroupRow, SetUsersAnswer } from './responses.ts';

/** Groups of students: CRUD, members by selection or by a list of e-mails, removal; a group with program access cannot be deleted. */
export default async function groupsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: [...ROLES] };
  // curators read groups to address mail and reports to them; only admins change them
  const readers = { roles: ACCESS.curatorWork.read };

  async function load(db: Db, id: number) {
    const [g] = await db.select().from(groups).where(eq(groups.id, id));
    if (!g) throw notFound('group');
    return g;
  }
  async function withMembers(db: Db, g: typeof groups.$inferSelect) {
    const members = await db
      .select({ id: users.id, login: users.login, email: users.email, name: users.name, surname: users.surname })
      .from(groupUsers)
      .innerJoin(users, eq(users.id, groupUsers.user_id))
      .where(eq(groupUsers.group_id, g.id))
      .orderBy(asc(users.surname));
    return { ...g, users: members, users_count: members.length };
  }

  app.get(
    '/admin/group',
    { config: readers, schema: { tags, summary: 'Groups (search q in the title) with member counts', querystring: ListQuery, response: { 200: listOf(GroupRow) } } },
    async (req) => {
      const where = req.query.q ? ilike(groups.title, containsPattern(req.query.q)) : undefined;
      const members = req.db.select({ n: count() }).from(groupUsers).where(eq(groupUsers.group_id, groups.id));
      return paginate(req.db, req.query, {
        table: groups,
        where,
        query: req.db
          .select({ id: groups.id, title: groups.title, created_at: groups.created_at, users_count: sql<number>`(${members})::int` })
          .from(groups)
          .where(where)
          .$dynamic(),
        orderBy: orderFor(req.query, { id: groups.id, title: groups.title, created_at: groups.created_at }, desc(groups.id)),
      });
    },
  );

  app.get('/admin/group/:id', { config: readers, schema: { tags, summary: 'A group with its members', params: IdParams, response: { 200: GroupAnswer } } }, async (req) => ({
    data: await withMembers(req.db, await load(req.db, req.params.id)),
  }));

  app.post('/admin/group', { config, schema: { tags, summary: 'Create a group', body: Title, response: { 201: GroupAnswer } } }, async (req, reply) => {
    const [g] = await req.db.insert(groups).values({ title: req.body.title }).returning();
    return reply.status(201).send({ data: await withMembers(req.db, g) });
  });

  app.put('/admin/group/:id', { config, schema: { tags, summary: 'Rename a group', params: IdParams, body: Title, response: { 200: GroupAnswer } } }, async (req) => {
    await load(req.db, req.params.id);
    const [g] = await req.db.update(groups).set({ title: req.body.title }).where(eq(groups.id, req.params.id)).returning();
    return { data: await withMembers(req.db, g) };
  });

  app.delete(
    '/admin/group/:id',
    { config, schema: { tags, summary: 'Delete a group (not while it has access to a program: GROUP_HAS_ACCESS)', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const g = await load(req.db, req.params.id);
      const [{ n }] = await req.db.select({ n: count() }).from(programGroups).where(eq(programGroups.group_id, g.id));
      if (Number(n) > 0) throw new AppError(409, 'GROUP_HAS_ACCESS', 'The group has access to programs', { programs: Number(n) });
      await req.db.delete(groups).where(eq(groups.id, g.id));
      return { data: { id: g.id } };
    },
  );

  app.post(
    '/admin/group/:id/setUser',
    {
      config,
      schema: {
        tags,
        summary: 'Add users by selection (users as a list of ids)',
        params: IdParams,
        body: Type.Object({ users: Type.Array(Id, { maxItems: 5000 }) }),
        response: { 200: dataOf(Type.Object({ added: Type.Integer(), group: Group })) },
      },
    },
    async (req) => {
      const g = await load(req.db, req.params.id);
      if (!req.body.users.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'No user selected');
      const found = await req.db.select({ id: users.id }).from(users).where(inArray(users.id, req.body.users));
      if (!found.length) throw notFound('user');
      const added = await req.db
        .insert(groupUsers)
        .values(found.map((u) => ({ group_id: g.id, user_id: u.id })))
        .onConflictDoNothing()
        .returning();
      return { data: { added: added.length, group: await withMembers(req.db, g) } };
    },
  );

  app.post(
    '/admin/group/:id/setUsers',
    {
      config,
      schema: {
        tags,
        summary: 'Add users by a list of e-mails (array, or one text with commas, spaces or new lines); unknown e-mails are reported',
        params: IdParams,
        body: Type.Object({ emails: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 255 }), { maxItems: 5000 }), Type.String({ maxLength: 500_000 })])) }),
        response: { 200: SetUsersAnswer },
      },
    },
    async (req) => {
      const g = await load(req.db, req.params.id);
      const raw = req.body.emails ?? [];
      // query coercion may wrap a single text into an array: split every element
      const emails = [
        ...new Set(
          (Array.isArray(raw) ? raw : [raw])
            .flatMap((x) => x.split(/[\s,;]+/))
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (!emails.length) throw new AppError(422, 'NO_EMAILS', 'No e-mails given');
      const found = await req.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails));
      const known = new Set(found.map((u) => u.email.toLowerCase()));
      const added = found.length
        ? await req.db
            .insert(groupUsers)
            .values(found.map((u) => ({ group_id: g.id, user_id: u.id })))
            .onConflictDoNothing()
            .returning()
        : [];
      return { data: { added: added.length, unknown: emails.filter((e) => !known.has(e)), group: await withMembers(req.db, g) } };
    },
  );

  app.post(
    '/admin/group/:id/detachUser',
    {
      config,
      schema: { tags, summary: 'Remove a user from the group', params: IdParams, body: Type.Object({ user_id: Id }), response: { 200: GroupAnswer } },
    },
    async (req) => {
      const g = await load(req.db, req.params.id);
      const removed = await req.db
        .delete(groupUsers)
        .where(and(eq(groupUsers.group_id, g.id), eq(groupUsers.user_id, req.body.user_id)))
        .returning();
      if (!removed.length) throw notFound('user');
      return { data: await withMembers(req.db, g) };
    },
  );
}
