import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

/**
 * A user's private iCalendar feed (docs/calendar.md): the SHA-256 of the secret token that is part of the feed's
 * address (the token itself is shown once, when made). One per user: making a new one replaces (revokes) the old one;
 * deleting the row switches the feed off.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_user').on(t.tenant_id, t.user_id), uniqueIndex('calendar_feeds_token').on(t.token_hash), index('calendar_feeds_tenant').on(t.tenant_id)],
);
