import type { FastifyInstance } from 'fastify';
import { learnerRoutes } from './learner.ts';
import { adminRoutes } from './admin.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { calendarItems, schoolCalendarId, type CalendarItem } from './store.ts';

/**
 * The calendar, one subject (docs/calendar.md): the student's month or week view and private iCalendar feed
 * (`learner.ts`, the feed's text in `ical.ts`), the school's consulting sessions and webinars in the back office
 * (`admin.ts`: admins, superadmins and moderators), over one store (`store.ts`).
 */
export default async function calendarModule(fastify: FastifyInstance) {
  learnerRoutes(fastify);
  adminRoutes(fastify);
}
