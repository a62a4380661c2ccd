import type { FeedAnswer, Feed as FeedSchema, Item, MonthAnswer } from '../../../server/modules/calendar/responses.ts';
import type { Wire } from './wire.ts';

/** What the calendar's portal routes answer (server/modules/calendar/responses.ts). */
export type CalendarItem = Wire<typeof Item>;
export type CalendarMonth = Wire<typeof MonthAnswer>;
export type CalendarFeed = Wire<typeof FeedSchema>;
export type CalendarFeedAnswer = Wire<typeof FeedAnswer>;
