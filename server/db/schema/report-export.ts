import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { savedReports } from './reports.ts';

/**
 * An Excel export of a report (docs/report-export.md). Its state lives here, not in a process's memory, so that any
 * API process sharing the database answers its progress and serves its file (from the shared DATA_DIR):
 * `queued` → `running` (claimed by one process, `heartbeat_at` refreshed while rows stream) → `done` or `failed`.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    lang: text().$type<'ru' | 'en'>().notNull().default('ru'),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    rows_done: integer().notNull().default(0),
    rows_total: integer(),
    /** The file inside the school's storage, once done. */
    path: text(),
    file_name: text().notNull(),
    size: integer(),
    error: text(),
    /** The process that runs it (host:pid), for the logs. */
    claimed_by: text(),
    heartbeat_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('export_jobs_tenant_user').on(t.tenant_id, t.user_id, t.created_at), index('export_jobs_status').on(t.status, t.created_at)],
);

/**
 * A saved report mailed as an .xlsx attachment every day, week or month to chosen staff (docs/report-export.md,
 * "Scheduled reports"). The background tick claims due rows (`next_run_at <= now`) with one UPDATE … RETURNING, so
 * two processes never send the same run.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    saved_report_id: integer()
      .notNull()
      .references(() => savedReports.id, { onDelete: 'cascade' }),
    frequency: text().$type<'daily' | 'weekly' | 'monthly'>().notNull(),
    /** Staff user ids of the school who receive it. */
    recipients: jsonb().$type<number[]>().notNull().default([]),
    lang: text().$type<'ru' | 'en'>().notNull().default('ru'),
    next_run_at: timestamp({ withTimezone: true }).notNull(),
    /** Set while a process sends a run; a claim older than 10 minutes is taken again (the process died). */
    claimed_at: timestamp({ withTimezone: true }),
    last_run_at: timestamp({ withTimezone: true }),
    last_status: text(),
    last_error: text(),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_schedules_due').on(t.next_run_at), index('report_schedules_tenant').on(t.tenant_id, t.saved_report_id)],
);
