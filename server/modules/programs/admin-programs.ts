import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chapterMedia, chapterQuizzes, chapters, groups, programGroups, programTrainers, programUsers, programs, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, accessDenied, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { containsPattern } from '../../core/search.ts';
import { langOf } from '../../mail/texts.ts';
import { ADMINS, IdList, STAFF, tags } from './admin-schemas.ts';
import { assignedProgramIds, chaptersOfProgram, type Conn, newOrder, programOf, structureOf, type Tx } from './structure.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { AdminProgram, DeleteProgramsAnswer, Enrolment, Program, Structure } from './responses.ts';

const EnrolmentAnswer = dataOf(Enrolment);
const StructureAnswer = dataOf(Structure);

type ProgramRow = typeof programs.$inferSelect;

const ProgramFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  title_en: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  technical_name: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  main_name: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  documents_title: Type.Union([Type.String({ maxLength: 255 }), Type.Null()]),
  days_to_study: Type.Union([Type.Integer({ minimum: 0, maximum: 3650 }), Type.Null()]),
  ects: Type.Union([Type.Number({ minimum: 0, maximum: 1000 }), Type.Null()]),
  payment_currency: Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO'), Type.Null()]),
  extra_currency: Type.Union([Type.Literal('RUB'), Type.Literal('RUR'), Type.Literal('USD'), Type.Literal('EURO'), Type.Null()]),
  consulting_count: Type.Union([Type.Integer({ minimum: 0, maximum: 1000 }), Type.Null()]),
  consulting_days: Type.Union([Type.Integer({ minimum: 0, maximum: 3650 }), Type.Null()]),
  description: Type.Union([Type.String({ maxLength: 20000 }), Type.Null()]),
  short_description: Type.Union([Type.String({ maxLength: 120 }), Type.Null()]),
  full_description: Type.Union([Type.String({ maxLength: 20000 }), Type.Null()]),
  language: Type.Union([Type.String({ maxLength: 8 }), Type.Null()]),
  requirements: Type.Union([Type.String({ maxLength: 5000 }), Type.Null()]),
  duration: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  category: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  price: Type.Union([Type.Number({ minimum: 0, maximum: 1e9 }), Type.Null()]),
  discount_price: Type.Union([Type.Number({ minimum: 0, maximum: 1e9 }), Type.Null()]),
  format: Type.Union([Type.Literal('full-time'), Type.Literal('blended'), Type.Literal('online'), Type.Null()]),
  skills: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }), Type.Null()]),
  knowledge: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }), Type.Null()]),
  /** A link to the logo image (uploads come with the file manager). */
  logo: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
};

const TrainerIds = Type.Array(Id, { maxItems: 200 });
const Ids = (key: 'users' | 'groups') => Type.Object({ [key]: Type.Array(Id, { maxItems: 5000 }) });
/** The list, CRUD and enrolment keep their own tag; the builder's routes are tagged `admin: program builder`. */
const adminTags = ['admin: programs'];

async function trainerIds(db: Conn, programId: number) {
  return (await db.select({ id: programTrainers.user_id }).from(programTrainers).where(eq(programTrainers.program_id, programId)).orderBy(programTrainers.user_id)).map((r) => r.id);
}

/** Checks the trainers of a program; every id must be a trainer of the same school (else 422 on trainer_ids). */
async function checkTrainers(db: Conn, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'trainer'), inArray(users.id, unique)));
  if (found.length !== unique.length) throw fieldError('trainer_ids', 'validation.choice');
  return unique;
}
/** Replaces the trainers of a program. */
async function setTrainers(db: Conn, programId: number, ids: number[]) {
  await db.delete(programTrainers).where(eq(programTrainers.program_id, programId));
  if (ids.length) await db.insert(programTrainers).values(ids.map((user_id) => ({ program_id: programId, user_id })));
}

async function enrolment(db: Conn, programId: number) {
  const u = await db
    .select({ id: users.id, login: users.login, email: users.email, name: users.name, surname: users.surname })
    .from(programUsers)
    .innerJoin(users, eq(users.id, programUsers.user_id))
    .where(eq(programUsers.program_id, programId));
  const g = await db.select({ id: groups.id, title: groups.title }).from(programGroups).innerJoin(groups, eq(groups.id, programGroups.group_id)).where(eq(programGroups.program_id, programId));
  return { users: u, groups: g };
}

/** The copy's title: the source's with " (копия)" (or " (copy)" for an English request); title_en always gets " (copy)". */
export function copyTitles(p: Pick<ProgramRow, 'title' | 'title_en'>, lang: 'ru' | 'en') {
  const suffix = lang === 'en' ? ' (copy)' : ' (копия)';
  return { title: `${p.title}${suffix}`.slice(0, 255), title_en: p.title_en ? `${p.title_en} (copy)`.slice(0, 255) : p.title_en };
}

/**
 * A deep copy of a program: every field, its trainers, its chapters in order and their media and quizzes (the same
 * materials and quizzes, attached again, in order). Not copied: enrolled users and groups, prices, students' progress.
 */
export async function cloneProgram(tx: Tx, source: ProgramRow, lang: 'ru' | 'en') {
  // the copy belongs to the school of the handle, which stamps it: the source's own tenant_id is not copied
  const { id: _id, created_at: _c, tenant_id: _t, ...fields } = source;
  void _id;
  void _c;
  void _t;
  const [copy] = await tx
    .insert(programs)
    .values({ ...fields, ...copyTitles(source, lang) })
    .returning();
  await setTrainers(tx, copy.id, await trainerIds(tx, source.id));
  const list = await chaptersOfProgram(tx, source.id);
  if (list.length) {
    const made = await tx
      .insert(chapters)
      .values(list.map((c) => ({ program_id: copy.id, title: c.title, sort: c.sort })))
      .returning({ id: chapters.id });
    // returning() keeps the order of the inserted rows
    const map = new Map(list.map((c, i) => [c.id, made[i].id]));
    const m = await tx
      .select()
      .from(chapterMedia)
      .where(
        inArray(
          chapterMedia.chapter_id,
          list.map((c) => c.id),
        ),
      )
      .orderBy(asc(chapterMedia.sort));
    if (m.length) await tx.insert(chapterMedia).values(m.map((x) => ({ chapter_id: map.get(x.chapter_id)!, media_id: x.media_id, sort: x.sort })));
    const q = await tx
      .select()
      .from(chapterQuizzes)
      .where(
        inArray(
          chapterQuizzes.chapter_id,
          list.map((c) => c.id),
        ),
      )
      .orderBy(asc(chapterQuizzes.sort));
    if (q.length) await tx.insert(chapterQuizzes).values(q.map((x) => ({ chapter_id: map.get(x.chapter_id)!, quiz_id: x.quiz_id, sort: x.sort })));
  }
  return copy;
}

/**
 * `/admin/program`: the list, one program, create, edit and delete; enrolment of users and groups; and the builder's
 * program-level work: its structure, chapter order, clone, duplicate and bulk delete.
 */
export function programRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admins = { roles: [...ADMINS] };

  app.get(
    '/admin/program',
    {
      config: { roles: [...STAFF] },
      schema: {
        tags: adminTags,
        summary: 'Programs of the school (search q in the title); a trainer sees only the programs assigned to them',
        querystring: ListQuery,
        response: { 200: listOf(Program) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const where = and(
        req.query.q ? ilike(programs.title, containsPattern(req.query.q)) : undefined,
        me.role === 'trainer' ? inArray(programs.id, await assignedProgramIds(req.db, me.id).then((ids) => (ids.length ? ids : [0]))) : undefined,
      );
      return paginate(req.db, req.query, {
        table: programs,
        where,
        searched: Boolean(req.query.q),
        orderBy: orderFor(req.query, { id: programs.id, title: programs.title, created_at: programs.created_at }, desc(programs.id)),
      });
    },
  );

  app.get(
    '/admin/program/:id',
    { config: { roles: [...STAFF] }, schema: { tags: adminTags, summary: 'One program with the ids of its trainers', params: IdParams, response: { 200: dataOf(AdminProgram) } } },
    async (req) => {
      const p = await programOf(req.db, req, req.params.id);
      return { data: { ...p, trainer_ids: await trainerIds(req.db, p.id) } };
    },
  );

  app.post(
    '/admin/program',
    {
      config: { roles: ACCESS.programs.create },
      schema: {
        tags: adminTags,
        summary: 'Create a program (trainer_ids: the trainers who may edit it)',
        body: Type.Intersect([Type.Object({ title: ProgramFields.title, trainer_ids: Type.Optional(TrainerIds) }), Type.Partial(Type.Object(ProgramFields))]),
        response: { 201: dataOf(AdminProgram) },
      },
    },
    async (req, reply) => {
      const { trainer_ids, ...rest } = req.body as Record<string, unknown> & { trainer_ids?: number[] };
      const fields = Object.fromEntries(Object.entries(rest).filter(([k]) => k in ProgramFields));
      const trainers = await checkTrainers(req.db, trainer_ids ?? []);
      const p = await req.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(programs)
          .values(fields as typeof programs.$inferInsert)
          .returning();
        await setTrainers(tx, row.id, trainers);
        return row;
      });
      return reply.status(201).send({ data: { ...p, trainer_ids: trainers.sort((a, b) => a - b) } });
    },
  );

  app.put(
    '/admin/program/:id',
    {
      config: { roles: [...STAFF] },
      schema: {
        tags: adminTags,
        summary: 'Edit a program; a trainer only one assigned to them, and only admins change trainer_ids',
        params: IdParams,
        body: Type.Intersect([Type.Object({ trainer_ids: Type.Optional(TrainerIds) }), Type.Partial(Type.Object(ProgramFields))]),
        response: { 200: dataOf(AdminProgram) },
      },
    },
    async (req) => {
      const p0 = await programOf(req.db, req, req.params.id);
      const { trainer_ids, ...rest } = req.body as Record<string, unknown> & { trainer_ids?: number[] };
      if (trainer_ids && currentUser(req).role === 'trainer') {
        // a trainer's form sends the list back unchanged; changing it is for admins
        const now = await trainerIds(req.db, p0.id);
        const asked = [...new Set(trainer_ids)].sort((x, y) => x - y);
        if (asked.length !== now.length || asked.some((id, i) => id !== now[i])) throw accessDenied();
      }
      const known = Object.fromEntries(Object.entries(rest).filter(([k]) => k in ProgramFields));
      const trainers = trainer_ids && currentUser(req).role !== 'trainer' ? await checkTrainers(req.db, trainer_ids) : undefined;
      const p = await req.db.transaction(async (tx) => {
        const [row] = Object.keys(known).length ? await tx.update(programs).set(known).where(eq(programs.id, p0.id)).returning() : [p0];
        if (trainers) await setTrainers(tx, p0.id, trainers);
        return row;
      });
      return { data: { ...p, trainer_ids: await trainerIds(req.db, p.id) } };
    },
  );

  // ---- enrolment -----------------------------------------------------------------------------

  app.get(
    '/admin/program/:id/enrolment',
    { config: { roles: [...STAFF] }, schema: { tags: ['admin: programs'], summary: 'Users and groups enrolled in a program', params: IdParams, response: { 200: EnrolmentAnswer } } },
    async (req) => ({
      data: await enrolment(req.db, (await programOf(req.db, req, req.params.id)).id),
    }),
  );

  app.post(
    '/admin/program/:id/setUser',
    { config: admins, schema: { tags: ['admin: programs'], summary: 'Enrol users (a list of ids)', params: IdParams, body: Ids('users'), response: { 200: EnrolmentAnswer } } },
    async (req) => {
      const pid = await (await programOf(req.db, req, req.params.id)).id;
      const ids = (req.body as { users: number[] }).users;
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_USER', 'No user selected');
      const found = await req.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      if (!found.length) throw notFound('user');
      await req.db
        .insert(programUsers)
        .values(found.map((u) => ({ program_id: pid, user_id: u.id })))
        .onConflictDoNothing();
      return { data: await enrolment(req.db, pid) };
    },
  );

  app.post(
    '/admin/program/:id/setGroup',
    { config: admins, schema: { tags: ['admin: programs'], summary: 'Enrol groups (a list of ids)', params: IdParams, body: Ids('groups'), response: { 200: EnrolmentAnswer } } },
    async (req) => {
      const pid = await (await programOf(req.db, req, req.params.id)).id;
      const ids = (req.body as { groups: number[] }).groups;
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_GROUP', 'No group selected');
      const found = await req.db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
      if (!found.length) throw notFound('group');
      await req.db
        .insert(programGroups)
        .values(found.map((g) => ({ program_id: pid, group_id: g.id })))
        .onConflictDoNothing();
      return { data: await enrolment(req.db, pid) };
    },
  );

  app.post(
    '/admin/program/:id/destroyUser',
    { config: admins, schema: { tags: ['admin: programs'], summary: 'Remove enrolled users', params: IdParams, body: Ids('users'), response: { 200: EnrolmentAnswer } } },
    async (req) => {
      const pid = await (await programOf(req.db, req, req.params.id)).id;
      const ids = (req.body as { users: number[] }).users;
      if (ids.length) await req.db.delete(programUsers).where(and(eq(programUsers.program_id, pid), inArray(programUsers.user_id, ids)));
      return { data: await enrolment(req.db, pid) };
    },
  );

  app.post(
    '/admin/program/:id/destroyGroup',
    { config: admins, schema: { tags: ['admin: programs'], summary: 'Remove enrolled groups', params: IdParams, body: Ids('groups'), response: { 200: EnrolmentAnswer } } },
    async (req) => {
      const pid = await (await programOf(req.db, req, req.params.id)).id;
      const ids = (req.body as { groups: number[] }).groups;
      if (ids.length) await req.db.delete(programGroups).where(and(eq(programGroups.program_id, pid), inArray(programGroups.group_id, ids)));
      return { data: await enrolment(req.db, pid) };
    },
  );

  app.delete(
    '/admin/program/:id',
    { config: { roles: ACCESS.programs.delete }, schema: { tags: ['admin: programs'], summary: 'Delete a program', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const [p] = await req.db.delete(programs).where(eq(programs.id, req.params.id)).returning({ id: programs.id });
      if (!p) throw notFound('program');
      return { data: p };
    },
  );

  // ---- the builder ---------------------------------------------------------------------------
  app.get(
    '/admin/program/:id/structure',
    {
      config: { roles: [...STAFF] },
      schema: { tags, summary: "The program's chapters, each with its media and quizzes, in order", params: IdParams, response: { 200: StructureAnswer } },
    },
    async (req) => ({ data: await structureOf(req.db, await programOf(req.db, req, req.params.id)) }),
  );

  app.post(
    '/admin/program/:id/sortChapter',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Order the chapters (ids: chapter ids of this program in the new order); answers the structure',
        params: IdParams,
        body: Type.Object({ ids: IdList() }),
        response: { 200: StructureAnswer },
      },
    },
    async (req) => {
      const p = await programOf(req.db, req, req.params.id);
      await req.db.transaction(async (tx) => {
        const current = (await chaptersOfProgram(tx, p.id)).map((c) => c.id);
        const order = newOrder(current, req.body.ids);
        for (const [i, id] of order.entries())
          await tx
            .update(chapters)
            .set({ sort: i + 1 })
            .where(eq(chapters.id, id));
      });
      return { data: await structureOf(req.db, p) };
    },
  );

  app.post(
    '/admin/program/:id/clone',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Deep copy of a program (fields, trainers, chapters, attached media and quizzes; not enrolments); the title says it is a copy',
        params: IdParams,
        response: { 201: dataOf(Program) },
      },
    },
    async (req, reply) => {
      const source = await programOf(req.db, req, req.params.id);
      const copy = await req.db.transaction((tx) => cloneProgram(tx, source, langOf(req.headers['accept-language'])));
      return reply.status(201).send({ data: copy });
    },
  );

  app.post(
    '/admin/duplicate/program',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Copy many programs ({ ids }); ids of another school are ignored; none of ours: 404',
        body: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 200 })) }),
        response: { 201: dataOf(Type.Array(Program)) },
      },
    },
    async (req, reply) => {
      const ids = [...new Set(req.body.ids ?? [])];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_PROGRAM', 'No program selected');
      const own = await req.db.select().from(programs).where(inArray(programs.id, ids)).orderBy(asc(programs.id));
      if (!own.length) throw notFound('program');
      const lang = langOf(req.headers['accept-language']);
      const copies = await req.db.transaction(async (tx) => {
        const out: ProgramRow[] = [];
        for (const p of own) out.push(await cloneProgram(tx, p, lang));
        return out;
      });
      return reply.status(201).send({ data: copies });
    },
  );

  app.post(
    '/admin/delete/program',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Delete many programs ({ ids }) with their chapters and enrolments; ids of another school are ignored; none of ours: 404',
        body: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })) }),
        response: { 200: DeleteProgramsAnswer },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.ids ?? [])];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_PROGRAM', 'No program selected');
      const gone = await req.db.delete(programs).where(inArray(programs.id, ids)).returning({ id: programs.id });
      if (!gone.length) throw notFound('program');
      return { data: { count: gone.length, deleted: gone.map((r) => r.id).sort((a, b) => a - b) } };
    },
  );
}
