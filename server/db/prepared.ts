import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Named prepared statements for the hot paths (the token read of every request, the answer of a quiz, the searches).
 *
 * On PostgreSQL a statement sent with a name is parsed and planned once per pooled connection and then only bound and
 * executed: about 60 µs of the database's CPU less for a short indexed read (a third of its round trip on this
 * machine), more for the answer's statement with its CTEs (docs/performance.md). On PGlite the name is ignored.
 *
 * Values that change per call are `sql.placeholder('name')` and passed to `execute({ name: value })`; values written
 * into the statement (`${value}`) are fixed when it is prepared. Only statements of a fixed shape belong here (no
 * `inArray` of a varying length): each distinct text is kept by every connection for its whole life.
 */

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement `build` prepares on `db`, built once per handle (a school-bound handle prepares its own, with its
 * school's condition in it) and kept: later calls skip building the SQL too.
 */
export function preparedOn<P>(db: Db, key: string, build: (db: Db, name: string) => P): P {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let prepared = byKey.get(key) as P | undefined;
  if (prepared === undefined) byKey.set(key, (prepared = build(db, key)));
  return prepared;
}

interface Session {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

/**
 * A raw statement (`sql\`…\``) as a named prepared statement, its name taken from its text, so that one text is one
 * statement on every connection whatever builds it. Answers the driver's rows as objects by column name.
 */
export function preparedSql(db: Db, query: SQL) {
  const { dialect, session } = db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } }; session: Session };
  const built = dialect.sqlToQuery(query);
  const name = `s_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
  const prepared = session.prepareQuery(built, undefined, name, false);
  return {
    async execute(values?: Record<string, unknown>) {
      return ((await prepared.execute(values)) as { rows: Record<string, unknown>[] }).rows;
    },
  };
}
