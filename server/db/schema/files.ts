import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';

const tenant = schoolId;
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Folders of the file manager. Each school has one default folder (the root, `is_default`, no parent),
 * created on demand; every other folder has a parent. Names are unique among siblings (case-insensitive).
 */
export const fileFolders = pgTable(
  'file_folders',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    parent_id: integer().references((): AnyPgColumn => fileFolders.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    is_default: boolean().notNull().default(false),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('file_folders_default').on(t.tenant_id).where(sql`${t.is_default}`),
    uniqueIndex('file_folders_sibling_name').on(t.tenant_id, t.parent_id, sql`lower(${t.name})`),
    index('file_folders_parent').on(t.parent_id),
  ],
);

/** Files of the file manager: the bytes live at `path` (relative to the school's storage), named by a UUID. */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    folder_id: integer()
      .notNull()
      .references(() => fileFolders.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    path: text().notNull(),
    size: integer().notNull(),
    mime: text().notNull(),
    created_at: created(),
  },
  (t) => [index('files_tenant_folder_name').on(t.tenant_id, t.folder_id, t.name), index('files_tenant_name').on(t.tenant_id, sql`lower(${t.name})`)],
);
