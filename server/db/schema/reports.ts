import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
