import { date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

/** A report saved under a name in the back office (docs/reports.md): its type and parameters, opened again later. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    name: text().notNull(),
    type: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_reports_tenant_name').on(t.tenant_id, t.name)],
);

/**
 * The event log rolled up per user and UTC day (docs/reports.md "User activity"): the day's first and last event,
 * its logins and other actions. Kept by triggers on `events` (migration 0018: a statement's inserted rows are added
 * in one upsert; deleted or moved rows make their days counted again from `events`), so every way an event is written
 * counts, and calls made in demo mode, never recorded as events, never reach it. User activity reads it instead of
 * aggregating the school's events for every page.
 */
export const eventDays = pgTable(
  'event_days',
  {
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    first_at: timestamp({ withTimezone: true }).notNull(),
    last_at: timestamp({ withTimezone: true }).notNull(),
    logins: integer().notNull(),
    actions: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.user_id, t.day] })],
);

/**
 * `event_days` summed per user and calendar month (UTC), kept by a trigger on `event_days` (migration 0019): the
 * month's active days, time in the portal (seconds, exact), logins, other actions and last event. User activity sums
 * a period's whole months from here and only the days at its ends from `event_days`.
 */
export const eventMonths = pgTable(
  'event_months',
  {
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    days: integer().notNull(),
    seconds: numeric().notNull(),
    logins: integer().notNull(),
    actions: integer().notNull(),
    last_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.user_id, t.month] })],
);
