import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

/**
 * What users do, for the reports of the roadmap: logins, media views, answers, attempts,
 * news reads, project submissions. Calls made in demo mode are never recorded here.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    subject_type: text(),
    subject_id: integer(),
    data: jsonb(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_tenant_kind_time').on(t.tenant_id, t.kind, t.created_at), index('events_user_time').on(t.user_id, t.created_at)],
);

/** Every call made in demo mode: "admin `actor_id` acting as user `user_id`". */
export const demoAudit = pgTable(
  'demo_audit',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tenant_id: schoolId(),
    actor_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text().notNull(),
    url: text().notNull(),
    status: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_audit_tenant_time').on(t.tenant_id, t.created_at)],
);
