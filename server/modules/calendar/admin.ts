import { and, desc, eq, gte, ilike, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { calendarEvents, programs } from '../../db/schema/index.ts';
import { ValidationError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { Id, IdParams, isId, nullable } from '../../core/schemas.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { type CalendarEvent, eventOut, eventsWithProgram, loadEvent } from './store.ts';

const tags = ['admin: calendar'];
const ROLES = ACCESS.curatorWork.read;
const config = { roles: [...ROLES] };
const writeConfig = { roles: [...ROLES], noDemo: true };
const Kind = Type.Union([Type.Literal('consulting'), Type.Literal('webinar')]);
const Body = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  kind: Kind,
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  /** The program whose students see the event; null: every student of the school. */
  program_id: Type.Optional(Type.Union([Id, Type.Null()])),
});
type Body = Static<typeof Body>;
/** An event as the back office reads it (`eventOut` in store.ts). */
const Event = Type.Object({
  id: Id,
  tenant_id: Id,
  program_id: nullable(Id),
  program_title: nullable(Type.String()),
  kind: Kind,
  title: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
});
const EventAnswer = dataOf(Event);

/**
 * Calendar events of the school (consulting sessions and webinars) for admins, superadmins and moderators.
 * Students see them in /api/calendar with their programs' deadlines and quiz windows.
 */
export function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function toRow(db: Db, b: Body) {
    const starts = new Date(b.starts_at);
    const ends = new Date(b.ends_at);
    if (ends < starts) throw new ValidationError({ ends_at: ['validation.after_start'] });
    if (b.program_id) {
      const [p] = await db.select({ id: programs.id }).from(programs).where(eq(programs.id, b.program_id));
      if (!p) throw notFound('program');
    }
    return { title: b.title.trim(), kind: b.kind, starts_at: starts, ends_at: ends, program_id: b.program_id ?? null };
  }

  app.get(
    '/admin/calendar',
    {
      config,
      schema: {
        tags,
        summary: 'Events of the school: q searches titles; filter[kind], filter[program_id] (0: the whole school), filter[from], filter[to] (YYYY-MM-DD); newest first',
        querystring: ListQuery,
        response: { 200: listOf(Event) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, string>;
      const conds: (SQL | undefined)[] = [];
      if (req.query.q) conds.push(ilike(calendarEvents.title, containsPattern(req.query.q)));
      if (f.kind === 'consulting' || f.kind === 'webinar') conds.push(eq(calendarEvents.kind, f.kind));
      if (f.program_id !== undefined && f.program_id !== '') {
        const pid = Number(f.program_id);
        if (pid !== 0 && !isId(pid)) throw new ValidationError({ 'filter.program_id': ['validation.format'] });
        conds.push(pid === 0 ? isNull(calendarEvents.program_id) : eq(calendarEvents.program_id, pid));
      }
      for (const [key, cmp] of [
        ['from', gte],
        ['to', lte],
      ] as const) {
        if (!f[key]) continue;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(f[key]) || Number.isNaN(Date.parse(f[key]))) throw new ValidationError({ [`filter.${key}`]: ['validation.format'] });
        conds.push(cmp(calendarEvents.starts_at, new Date(`${f[key]}T${key === 'from' ? '00:00:00' : '23:59:59'}Z`)));
      }
      if (Array.isArray((req.query.filter as Record<string, unknown> | undefined)?.id)) {
        const ids = ((req.query.filter as Record<string, unknown>).id as unknown[]).map(Number).filter(isId);
        conds.push(ids.length ? inArray(calendarEvents.id, ids) : undefined);
      }
      const where = and(...conds);
      const page = await paginate<{ event: CalendarEvent; program_title: string | null }>(req.db, req.query, {
        table: calendarEvents,
        where,
        query: eventsWithProgram(req.db).where(where).$dynamic(),
        orderBy: orderFor(
          req.query,
          { id: calendarEvents.id, title: calendarEvents.title, kind: calendarEvents.kind, starts_at: calendarEvents.starts_at, ends_at: calendarEvents.ends_at },
          desc(calendarEvents.starts_at),
        ),
      });
      return { data: page.data.map((r) => eventOut({ ...r.event, program_title: r.program_title })), meta: page.meta };
    },
  );

  app.get('/admin/calendar/:id', { config, schema: { tags, summary: 'One event', params: IdParams, response: { 200: EventAnswer } } }, async (req) => {
    await loadEvent(req.db, req.params.id);
    const [r] = await eventsWithProgram(req.db).where(eq(calendarEvents.id, req.params.id));
    return { data: eventOut({ ...r.event, program_title: r.program_title }) };
  });

  app.post(
    '/admin/calendar',
    { config: writeConfig, schema: { tags, summary: 'Create an event (program_id null: for the whole school)', body: Body, response: { 201: EventAnswer } } },
    async (req, reply) => {
      const [e] = await req.db
        .insert(calendarEvents)
        .values(await toRow(req.db, req.body))
        .returning();
      return reply.status(201).send({ data: eventOut(e) });
    },
  );

  app.put('/admin/calendar/:id', { config: writeConfig, schema: { tags, summary: 'Edit an event', params: IdParams, body: Body, response: { 200: EventAnswer } } }, async (req) => {
    await loadEvent(req.db, req.params.id);
    const [e] = await req.db
      .update(calendarEvents)
      .set(await toRow(req.db, req.body))
      .where(eq(calendarEvents.id, req.params.id))
      .returning();
    return { data: eventOut(e) };
  });

  app.delete('/admin/calendar/:id', { config: writeConfig, schema: { tags, summary: 'Delete an event', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    await loadEvent(req.db, req.params.id);
    await req.db.delete(calendarEvents).where(eq(calendarEvents.id, req.params.id));
    return { data: { id: req.params.id } };
  });
}
