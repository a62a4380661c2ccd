import { Type } from 'typebox';
import { Day } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the calendar's portal routes (docs/api.md "Response contracts"); the portal's types derive from them. */

/** One item of the month view and the feed (`CalendarItem` in store.ts). */
export const Item = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('deadline'), Type.Literal('quiz'), Type.Literal('consulting'), Type.Literal('webinar')]),
  title: Type.String(),
  program_id: nullable(Id),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  date: nullable(Day),
  link: nullable(Type.String()),
});

/** `GET /api/calendar`: a month's items and the school's calendar id. */
export const MonthAnswer = Type.Object({ data: Type.Array(Item), meta: Type.Object({ calendar_id: Type.String() }) });

/** The student's iCalendar feed: whether it is on, since when, last read; the address only when just made. */
export const Feed = Type.Object({
  active: Type.Boolean(),
  created_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()]),
});
export const FeedAnswer = Type.Object({ data: Feed });
