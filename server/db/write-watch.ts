import { getTableName, is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Told, as an update or delete is built (just before it runs), which table it writes and, for an update, which columns
 * it sets. Every handle of server/db/client.ts announces its writes: the unbound one (`watchWrites`) and the
 * school-bound ones (school.ts). The sign-in cache (server/core/sign-in-cache.ts) empties itself by it, so that a
 * change made by this process is seen by its very next request.
 */
export type WriteWatcher = (table: string, columns: string[] | undefined) => void;

const watchers = new Set<WriteWatcher>();

/** Starts telling `fn` of every update and delete built in this process; answers how to stop. */
export function watchWrites(fn: WriteWatcher) {
  watchers.add(fn);
  return () => void watchers.delete(fn);
}

function announce(table: unknown, columns?: string[]) {
  if (!watchers.size || !is(table, PgTable)) return;
  const name = getTableName(table);
  for (const fn of watchers) fn(name, columns);
}

/** Drizzle's PostgreSQL dialect, announcing the updates and deletes it builds. */
export class WatchedDialect extends PgDialect {
  override buildUpdateQuery(config: Parameters<PgDialect['buildUpdateQuery']>[0]): SQL {
    announce(config.table, Object.keys(config.set as object));
    return super.buildUpdateQuery(config);
  }

  override buildDeleteQuery(config: Parameters<PgDialect['buildDeleteQuery']>[0]): SQL {
    announce(config.table);
    return super.buildDeleteQuery(config);
  }
}

/** The same handle, its statements built by a WatchedDialect (transactions opened on it too). */
export function watchedHandle(db: Db): Db {
  const dialect = new WatchedDialect();
  const base = db as unknown as { session: object };
  const session = Object.create(base.session, { dialect: { value: dialect } });
  return Object.create(db, { dialect: { value: dialect }, session: { value: session } }) as Db;
}
