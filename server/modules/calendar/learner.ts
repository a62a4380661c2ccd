import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { calendarFeeds, users } from '../../db/schema/index.ts';
import { currentUser, isBlocked } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { langOf } from '../../mail/texts.ts';
import { webOrigin } from '../../mail/links.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { calendarText, type IcalEvent } from './ical.ts';
import { calendarItems, schoolCalendarId } from './store.ts';
import { fileAnswer } from '../../core/responses.ts';
import { FeedAnswer, MonthAnswer } from './responses.ts';

const tags = ['calendar'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The feed's path; the portal puts its own origin in front. */
const feedPath = (domain: string, token: string) => `/api/calendar/ical?domain=${encodeURIComponent(domain)}&key=${token}`;

const KIND_TEXT = {
  ru: { deadline: 'Срок сдачи', quiz: 'Тест открыт', consulting: 'Консультация', webinar: 'Вебинар', name: 'Учебный календарь' },
  en: { deadline: 'Deadline', quiz: 'Quiz open', consulting: 'Consulting session', webinar: 'Webinar', name: 'Study calendar' },
};

/** The feed covers this many days back and ahead of today. */
export const FEED_DAYS_BACK = 180;
export const FEED_DAYS_AHEAD = 365;

/**
 * The student's calendar (docs/calendar.md): the month or week view's items and a private iCalendar feed, one per user,
 * with a secret token in its address that the user can replace or switch off.
 */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ACCESS.calendar.read };

  app.get(
    '/api/calendar',
    {
      config,
      schema: {
        tags: ['calendar'],
        summary: 'Deadlines, consulting sessions and webinars of a month (from, to as YYYY-MM-DD)',
        querystring: Type.Object({ from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) }),
        response: { 200: MonthAnswer },
      },
    },
    async (req) => {
      // the same items as the iCalendar feed below (docs/calendar.md)
      const data = await calendarItems(req.db, currentUser(req), req.query.from, req.query.to);
      return { data, meta: { calendar_id: await schoolCalendarId(req.db) } };
    },
  );

  app.get(
    '/api/calendar/feed',
    {
      config,
      schema: { tags, summary: 'My iCalendar feed: whether it is on, since when, last read (the address is shown only when made)', response: { 200: FeedAnswer } },
    },
    async (req) => {
      const [row] = await req.db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.user_id, currentUser(req).id));
      return { data: { active: !!row, created_at: row?.created_at.toISOString() ?? null, last_used_at: row?.last_used_at?.toISOString() ?? null, url: null } };
    },
  );

  app.put(
    '/api/calendar/feed',
    {
      config: { ...config, noDemo: true },
      schema: {
        tags,
        summary: 'Make my iCalendar feed, or a new address for it (the old one stops working); answers the address (path with domain and key) once',
        response: { 200: FeedAnswer },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const token = randomBytes(24).toString('base64url');
      const [row] = await req.db
        .insert(calendarFeeds)
        .values({ user_id: me.id, token_hash: hashToken(token) })
        .onConflictDoUpdate({ target: [calendarFeeds.tenant_id, calendarFeeds.user_id], set: { token_hash: hashToken(token), created_at: new Date(), last_used_at: null } })
        .returning();
      return { data: { active: true, created_at: row.created_at.toISOString(), last_used_at: null, url: feedPath(req.tenant.slug, token) } };
    },
  );

  app.delete(
    '/api/calendar/feed',
    {
      config: { ...config, noDemo: true },
      schema: { tags, summary: 'Switch my iCalendar feed off: its address stops working', response: { 200: FeedAnswer } },
    },
    async (req) => {
      await req.db.delete(calendarFeeds).where(eq(calendarFeeds.user_id, currentUser(req).id));
      return { data: { active: false, created_at: null, last_used_at: null, url: null } };
    },
  );

  app.get(
    '/api/calendar/ical',
    {
      config: { auth: 'public', queryToken: true },
      schema: {
        response: { 200: fileAnswer('text/calendar', 'The iCalendar feed') },
        tags,
        summary: 'The private iCalendar feed (text/calendar, RFC 5545) of the user whose key is in the address; an unknown, replaced or switched-off key, or a blocked user, is 404',
        security: [],
        querystring: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }), domain: Type.Optional(Type.String({ maxLength: 63 })) }),
      },
    },
    async (req, reply) => {
      const [row] = await req.db
        .select({ feed: calendarFeeds, user: users })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.user_id))
        .where(eq(calendarFeeds.token_hash, hashToken(req.query.key)));
      if (!row || isBlocked(row.user) || !(ACCESS.calendar.read as readonly string[]).includes(row.user.role))
        throw new AppError(404, 'NOT_FOUND_TOKEN', 'No such calendar feed: unknown, replaced or switched off');
      const lang = langOf(req.headers['accept-language']);
      const text = KIND_TEXT[lang];
      const today = new Date();
      const from = new Date(today.getTime() - FEED_DAYS_BACK * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(today.getTime() + FEED_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
      const items = await calendarItems(req.db, row.user, from, to);
      const origin = webOrigin(fastify, req);
      const events: IcalEvent[] = items.map((i) => {
        const allDay = i.kind === 'deadline' && i.date;
        const next = allDay ? new Date(`${i.date}T00:00:00Z`) : null;
        next?.setUTCDate(next.getUTCDate() + 1);
        return {
          uid: `${i.id}-u${row.user.id}@${req.tenant.slug}.campus-lms`,
          summary: `${text[i.kind]}: ${i.title}`,
          start: allDay ? i.date! : new Date(i.starts_at),
          end: allDay ? next!.toISOString().slice(0, 10) : new Date(i.ends_at),
          url: i.link ? `${origin}${i.link}` : undefined,
          categories: text[i.kind],
        };
      });
      await req.db.update(calendarFeeds).set({ last_used_at: new Date() }).where(eq(calendarFeeds.id, row.feed.id));
      const body = calendarText({ name: `${text.name} — ${req.tenant.title}`, prodId: '-//Campus LMS//Calendar//RU', events });
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="calendar.ics"').header('cache-control', 'private, max-age=900').send(body);
    },
  );
}
