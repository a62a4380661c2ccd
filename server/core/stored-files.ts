import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import {
  abranches,
  achievements,
  companies,
  diplomaBatches,
  diplomaFiles,
  documents,
  exportJobs,
  files,
  marketAds,
  media,
  projectFiles,
  scormPackages,
  settings,
  submittedProjects,
  templateImages,
  users,
} from '../db/schema/index.ts';

/**
 * Every column that names a stored file: a path relative to the school's folder `DATA_DIR/files/<school>/`, as
 * `keepUpload` (server/core/storage.ts) and the background writers (exports, generated documents) answer it. A file
 * that none of them names is an orphan: removed at once when its request fails (server/core/multipart.ts), and by the
 * sweep after a grace period otherwise (server/core/file-sweep.ts, docs/security.md "Stored files no row names").
 *
 * `server/core/stored-files.test.ts` fails when a column whose name says "file" (path, file, image, avatar, logo,
 * stamp, photo, …) is added to the schema without being listed here or in its list of columns that are not files.
 */
export interface StoredFileColumn {
  column: PgColumn;
  /** Only the rows this condition picks hold a path (a setting's value is a path only under the key `logo`). */
  where?: SQL;
}

export const STORED_FILE_COLUMNS: readonly StoredFileColumn[] = [
  { column: abranches.image },
  { column: achievements.image },
  { column: companies.stamp },
  { column: diplomaBatches.zip_path },
  { column: diplomaFiles.path },
  { column: documents.path },
  { column: exportJobs.path },
  { column: files.path },
  { column: marketAds.image },
  { column: media.path },
  { column: projectFiles.path },
  { column: submittedProjects.trainer_file },
  { column: templateImages.path },
  { column: users.avatar },
  // the school's logo (server/modules/settings/admin.ts): a JSON string
  { column: settings.value, where: eq(settings.key, 'logo') },
];

/** Every column that names a stored folder: each file under it is kept (a SCORM package's extracted files, server/modules/scorm). */
export const STORED_FOLDER_COLUMNS: readonly PgColumn[] = [scormPackages.dir];

/** The folders a relative path lies in: `a/b/c.html` → `a`, `a/b`. */
const foldersOf = (rel: string) => {
  const parts = rel.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

const tableOf = (column: PgColumn) => (column as unknown as { table: Parameters<ReturnType<Db['select']>['from']>[0] }).table;

/** Every path the school's rows name (`db`: the school-bound handle, which adds the school's condition). */
export async function namedPaths(db: Db): Promise<Set<string>> {
  const named = new Set<string>();
  for (const { column, where } of STORED_FILE_COLUMNS) {
    const rows = await db
      .select({ path: column })
      .from(tableOf(column))
      .where(and(isNotNull(column), where));
    for (const { path } of rows) if (typeof path === 'string' && path) named.add(path);
  }
  return named;
}

/** Whether any row of the school names `rel` (`db`: the school-bound handle). */
export async function isNamed(db: Db, rel: string): Promise<boolean> {
  for (const { column, where } of STORED_FILE_COLUMNS) {
    const [hit] = await db
      .select({ one: column })
      .from(tableOf(column))
      .where(and(eq(column, rel), where))
      .limit(1);
    if (hit) return true;
  }
  const folders = foldersOf(rel);
  for (const column of folders.length ? STORED_FOLDER_COLUMNS : []) {
    const [hit] = await db.select({ one: column }).from(tableOf(column)).where(inArray(column, folders)).limit(1);
    if (hit) return true;
  }
  return false;
}
