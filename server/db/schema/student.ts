import { boolean, date, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { media, programs } from './learning.ts';

const tenant = schoolId;
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** News of the school; `required` news is put in front of the student until read. Bodies are sanitised on write. */
export const news = pgTable(
  'news',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    title_en: text(),
    body: text().notNull(),
    required: boolean().notNull().default(false),
    audience: text().$type<'all' | 'curators'>().notNull().default('all'),
    published_at: created(),
  },
  (t) => [index('news_tenant_time').on(t.tenant_id, t.published_at)],
);

export const newsReads = pgTable(
  'news_reads',
  {
    tenant_id: tenant(),
    news_id: integer()
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read_at: created(),
  },
  (t) => [uniqueIndex('news_reads_pk').on(t.news_id, t.user_id), index('news_reads_tenant_user').on(t.tenant_id, t.user_id)],
);

/** Documents: issued to a student (document or certificate) or uploaded by the student (`uploaded`). */
export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<'document' | 'certificate' | 'uploaded'>().notNull(),
    title: text().notNull(),
    title_en: text(),
    path: text().notNull(),
    file_name: text().notNull(),
    mime: text(),
    size: integer().notNull(),
    sha256: text(),
    created_at: created(),
  },
  (t) => [index('documents_tenant_user_kind').on(t.tenant_id, t.user_id, t.kind), index('documents_tenant_created').on(t.tenant_id, t.created_at)],
);

/** A version of a project submitted for a project material. */
export const submittedProjects = pgTable(
  'submitted_projects',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    message: text(),
    /** awaiting review → checked (score set) → approved (the admin's check, `check_admin`); approval can be revoked back to checked. */
    status: text().$type<'awaiting' | 'checked' | 'approved'>().notNull().default('awaiting'),
    score: real(),
    trainer_id: integer().references(() => users.id, { onDelete: 'set null' }),
    trainer_message: text(),
    trainer_file: text(),
    trainer_file_name: text(),
    check_admin: boolean().notNull().default(false),
    late: boolean().notNull().default(false),
    submitted_at: created(),
    checked_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('projects_version').on(t.user_id, t.media_id, t.version),
    index('projects_tenant_status').on(t.tenant_id, t.status),
    index('projects_tenant_user_media').on(t.tenant_id, t.user_id, t.media_id),
  ],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    project_id: integer()
      .notNull()
      .references(() => submittedProjects.id, { onDelete: 'cascade' }),
    file_name: text().notNull(),
    path: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
  },
  (t) => [index('project_files_tenant_project').on(t.tenant_id, t.project_id)],
);

/** Prices of programs by format and currency. */
export const prices = pgTable(
  'prices',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    format: text().$type<'full-time' | 'blended' | 'online'>().notNull(),
    currency: text().$type<'RUB' | 'USD' | 'EURO'>().notNull(),
    amount: real().notNull(),
    extra_amount: real().notNull().default(0),
    extra_currency: text().$type<'RUB' | 'USD' | 'EURO'>(),
  },
  (t) => [index('prices_tenant_program').on(t.tenant_id, t.program_id)],
);

/** A student's payment plan for a program: instalments over 6, 12, 18, 24 or 36 months. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    months: integer().notNull(),
    currency: text().notNull(),
    extra_currency: text(),
    total: real().notNull(),
    extra_total: real().notNull().default(0),
    created_at: created(),
  },
  (t) => [index('payment_plans_tenant_user').on(t.tenant_id, t.user_id)],
);

export const paymentItems = pgTable(
  'payment_items',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    plan_id: integer()
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    kind: text().$type<'main' | 'extra'>().notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    amount: real().notNull(),
    currency: text().notNull(),
    paid: boolean().notNull().default(false),
    paid_at: timestamp({ withTimezone: true }),
    comment: text(),
  },
  (t) => [
    index('payment_items_tenant_plan').on(t.tenant_id, t.plan_id, t.due_date),
    // the back office's payments list: sorted by due date, filtered by paid / overdue (unpaid and due before today)
    index('payment_items_tenant_due').on(t.tenant_id, t.due_date),
    index('payment_items_tenant_paid_due').on(t.tenant_id, t.paid, t.due_date),
  ],
);

/** Calendar events of the school: consulting sessions and webinars (deadlines and quiz windows come from the programs). */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    program_id: integer().references(() => programs.id, { onDelete: 'cascade' }),
    kind: text().$type<'consulting' | 'webinar'>().notNull(),
    title: text().notNull(),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    ends_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_tenant_time').on(t.tenant_id, t.starts_at)],
);
