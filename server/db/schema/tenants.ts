import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school. Every tenant-owned row carries `tenant_id`. */
export const tenants = pgTable('tenants', {
  id: serial().primaryKey(),
  /** First label of the host name: `acme` for acme.example.com. */
  slug: text().notNull().unique(),
  title: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The optional sections of a school: off means hidden in the apps and refused by the server. */
export const accessFlags = ['networking', 'lifelong_learning', 'rating', 'message', 'payment'] as const;
export type AccessFlag = (typeof accessFlags)[number];

export const tenantAccess = pgTable('tenant_access', {
  tenant_id: integer().primaryKey().references(() => tenants.id, { onDelete: 'cascade' }),
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
    tenant_id: integer().notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    value: jsonb().notNull(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_tenant_key').on(t.tenant_id, t.key)],
);
