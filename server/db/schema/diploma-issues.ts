import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { documentTemplates } from './records.ts';

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** An image a template's layout draws (a background, the stamp, a signature, the logo): JPEG or PNG, at most 5 MB. */
export const templateImages = pgTable(
  'template_images',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    template_id: integer()
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    /** What it is for the designer's list: the file's name as uploaded. */
    file_name: text().notNull(),
    path: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    created_at: created(),
  },
  (t) => [index('template_images_template').on(t.tenant_id, t.template_id)],
);

/**
 * A numbering register: the last number a template gave in a year. Bulk issues take their numbers with one
 * `insert … on conflict do update … returning` (a row lock), so parallel issues never get the same one.
 */
export const numberRegisters = pgTable(
  'number_registers',
  {
    tenant_id: schoolId(),
    template_id: integer()
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    last_number: integer().notNull().default(0),
    updated_at: created(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.template_id, t.year] })],
);

export interface BatchFailure {
  user_id: number;
  name: string;
  code: string;
  message: string;
}

/** A bulk issue: the diplomas it made are generated in the background; progress, failures and the ZIP of all. */
export const diplomaBatches = pgTable(
  'diploma_batches',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    template_id: integer().references(() => documentTemplates.id, { onDelete: 'set null' }),
    created_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * running → done (every student tried; failures listed); running → interrupted when its worker is gone (no beat
     * for a while: the process stopped mid-run), back to running when the admin restarts it.
     */
    status: text().$type<'running' | 'done' | 'interrupted'>().notNull().default('running'),
    diploma_ids: jsonb().$type<number[]>().notNull(),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    failures: jsonb().$type<BatchFailure[]>().notNull().default([]),
    /** The ZIP of every issued PDF, inside the school's storage, once made. */
    zip_path: text(),
    zip_size: integer(),
    created_at: created(),
    finished_at: timestamp({ withTimezone: true }),
    /** The worker's last sign of life (after each document); a running batch whose beat is old has lost its worker. */
    beat_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diploma_batches_tenant').on(t.tenant_id, t.created_at)],
);
