import { ACCESS_FLAGS, type AccessFlag } from '../../../common/access/roles.ts';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school. Every tenant-owned row carries `tenant_id`. */
export const tenants = pgTable('tenants', {
  id: serial().primaryKey(),
  /** First label of the host name: `acme` for acme.example.com. */
  slug: text().notNull().unique(),
  title: text().notNull(),
  /**
   * The interface languages the school offers, the first its default (`ru`, `en`): set by `npm run school -- create`
   * (docs/operations.md); the set-password mail of its first main administrator is written in the first.
   */
  languages: text().array().notNull().default(['ru', 'en']),
  /**
   * When the school was suspended (`npm run school -- suspend`), null while it runs: a suspended school refuses every
   * sign-in and every token with ERROR_SCHOOL_SUSPENDED and keeps its data (server/core/context.ts, docs/operations.md).
   */
  suspended_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The school a row belongs to. A school-bound handle (server/db/school.ts) stamps it on every insert, so module code
 * leaves it out; an unbound insert that leaves it out is a mistake and fails loudly here instead of writing NULL.
 */
export const schoolId = () =>
  integer()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' })
    .$defaultFn(() => {
      throw new Error('tenant_id is stamped by a school-bound handle (req.db); an unbound insert must name it');
    });

/** The optional sections of a school: off means hidden in the apps and refused by the server. */
export const accessFlags = ACCESS_FLAGS;
export type { AccessFlag };

export const tenantAccess = pgTable('tenant_access', {
  tenant_id: integer()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' })
    .$defaultFn(() => {
      throw new Error('tenant_id is stamped by a school-bound handle (req.db); an unbound insert must name it');
    }),
  networking: boolean().notNull().default(false),
  lifelong_learning: boolean().notNull().default(false),
  rating: boolean().notNull().default(false),
  message: boolean().notNull().default(false),
  payment: boolean().notNull().default(false),
});

/**
 * Key/value settings of a school. Numeric keys are the client settings of the specification
 * (13 theme, 16 learning durations, 17 instalments, 19 calendar id); named keys hold server
 * settings (`email` SMTP, `social`, `admin_emails`, `welcome_mail`, `logo`).
 */
export const settings = pgTable(
  'settings',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    key: text().notNull(),
    value: jsonb().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_tenant_key').on(t.tenant_id, t.key)],
);
