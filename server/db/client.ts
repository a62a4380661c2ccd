import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * One Drizzle API over two drivers. The PGlite and node-postgres databases share the schema,
 * the query builder and the migration history, so application code never knows which it has.
 *
 * PGlite is one connection: it queues every query behind an open transaction itself, so code
 * inside `db.transaction(tx => …)` must use `tx` only (using `db` there would wait forever).
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database had no tables before migrations ran (first start). */
  wasEmpty: boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; absent means embedded PGlite. */
  url?: string;
  /** Folder for PGlite data; `memory://` for a throwaway in-memory database. */
  pgliteDir?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    const { rows } = await pool.query(`select to_regclass('public.tenants') as t`);
    const wasEmpty = rows[0].t === null;
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', wasEmpty, close: () => pool.end() };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dirname(dir), { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const res = await client.query<{ t: string | null }>(`select to_regclass('public.tenants') as t`);
  const wasEmpty = res.rows[0].t === null;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', wasEmpty, close: () => client.close() };
}

export function pgliteDirFor(dataDir: string) {
  return join(dataDir, 'db');
}
