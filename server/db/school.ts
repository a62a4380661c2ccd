import { and, eq, getTableColumns, getTableName, is, Param, type SQL } from 'drizzle-orm';
import { type PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { WatchedDialect } from './write-watch.ts';

/**
 * School-bound data access: the first of the two walls between schools (docs/school-isolation.md).
 *
 * A handle made by `bindToSchool(db, schoolId)` is the same Drizzle API as `db`, built on a dialect that rewrites
 * every statement before it becomes SQL: a select, update or delete of a school-owned table (one with a `tenant_id`
 * column, and `tenants` itself by its `id`) gets `tenant_id = <school>` added to its condition (to the ON clause of
 * a joined table), and every insert into one gets `tenant_id` stamped. Module code writes neither. A statement that
 * names another school (an insert stamped with another id, an update that moves a row) is refused with an error.
 *
 * Raw SQL (`db.execute(sql…)`, `sql` fragments holding their own subqueries) is not rewritten: build subqueries with
 * the handle's `select()` instead. On PostgreSQL the second wall (row-level security, `school-wall.ts`) still filters
 * them; on PGlite nothing does.
 */

export const SCHOOL_COLUMN = 'tenant_id';

/** The column that says which school a row of `table` belongs to; undefined for shared tables, subqueries and SQL. */
export function schoolColumnOf(source: unknown): SQL.Aliased | Parameters<typeof eq>[0] | undefined {
  if (!is(source, PgTable)) return undefined;
  const columns = getTableColumns(source);
  // Read through the table object (not the column map) so that an aliased table yields its aliased column.
  if (columns[SCHOOL_COLUMN]) return (source as unknown as Record<string, Parameters<typeof eq>[0]>)[SCHOOL_COLUMN];
  if (getTableName(source) === 'tenants') return (source as unknown as Record<string, Parameters<typeof eq>[0]>).id;
  return undefined;
}

export function isSchoolOwned(source: unknown) {
  return schoolColumnOf(source) !== undefined;
}

export class SchoolBoundaryError extends Error {
  constructor(message: string) {
    super(`School-bound handle: ${message}`);
  }
}

interface Join {
  on: SQL | undefined;
  table: unknown;
  joinType: string;
}

/** Drizzle's PostgreSQL dialect with the school's condition added to every statement it builds. */
class SchoolDialect extends WatchedDialect {
  constructor(readonly schoolId: number) {
    super();
  }

  private condition(source: unknown): SQL | undefined {
    const column = schoolColumnOf(source);
    return column === undefined ? undefined : eq(column as never, this.schoolId);
  }

  /** Joined school tables get the condition in their ON clause (a left join keeps its meaning); cross joins in WHERE. */
  private bindJoins(joins: Join[] | undefined, where: SQL | undefined) {
    let extraWhere = where;
    const bound = joins?.map((j) => {
      const c = this.condition(j.table);
      if (!c) return j;
      if (j.joinType === 'cross') {
        extraWhere = and(extraWhere, c);
        return j;
      }
      return { ...j, on: j.on ? and(j.on, c) : c };
    });
    return { joins: bound, where: extraWhere };
  }

  override buildSelectQuery(config: Parameters<PgDialect['buildSelectQuery']>[0]): SQL {
    const { joins, where } = this.bindJoins(config.joins as Join[] | undefined, and(this.condition(config.table), config.where));
    return super.buildSelectQuery({ ...config, where, joins: joins as never });
  }

  override buildUpdateQuery(config: Parameters<PgDialect['buildUpdateQuery']>[0]): SQL {
    const set = config.set as Record<string, unknown>;
    if (isSchoolOwned(config.table) && SCHOOL_COLUMN in set) throw new SchoolBoundaryError(`an update of ${getTableName(config.table)} cannot change its school`);
    const first = and(this.condition(config.table), this.condition(config.from), config.where);
    const { joins, where } = this.bindJoins(config.joins as Join[] | undefined, first);
    return super.buildUpdateQuery({ ...config, where, joins: joins as never });
  }

  override buildDeleteQuery(config: Parameters<PgDialect['buildDeleteQuery']>[0]): SQL {
    return super.buildDeleteQuery({ ...config, where: and(this.condition(config.table), config.where) });
  }

  override buildInsertQuery(config: Parameters<PgDialect['buildInsertQuery']>[0]): SQL {
    const { table } = config;
    if (config.select || !isSchoolOwned(table)) return super.buildInsertQuery(config);
    const name = getTableName(table);
    if (name === 'tenants') throw new SchoolBoundaryError('a school cannot create schools');
    const column = getTableColumns(table as PgTable)[SCHOOL_COLUMN];
    const values = (config.values as Record<string, unknown>[]).map((row) => {
      const given = row[SCHOOL_COLUMN];
      const value = is(given, Param) ? given.value : given;
      if (value !== undefined && value !== null && Number(value) !== this.schoolId) {
        throw new SchoolBoundaryError(`an insert into ${name} names school ${String(value)}, not ${this.schoolId}`);
      }
      return { ...row, [SCHOOL_COLUMN]: new Param(this.schoolId, column) };
    });
    return super.buildInsertQuery({ ...config, values: values as never });
  }
}

/**
 * The same Drizzle handle, bound to one school (see the file's comment). Transactions opened on it stay bound.
 * `$count` is bound too; relational queries (`db.query.*`) are not available on a bound handle.
 */
export function bindToSchool(db: Db, schoolId: number): Db {
  const dialect = new SchoolDialect(schoolId);
  const base = db as unknown as { session: object; $count: (source: unknown, filters?: SQL) => unknown };
  const session = Object.create(base.session, { dialect: { value: dialect } });
  const bound = Object.create(db, {
    dialect: { value: dialect },
    session: { value: session },
    $count: {
      value: (source: unknown, filters?: SQL) => {
        const c = schoolColumnOf(source);
        return base.$count.call(bound, source, and(c === undefined ? undefined : eq(c as never, schoolId), filters));
      },
    },
    query: {
      get() {
        throw new SchoolBoundaryError('relational queries (db.query) are not bound to a school; use select()');
      },
    },
    schoolId: { value: schoolId },
  });
  return bound as Db;
}

/** The school a handle is bound to, or undefined for an unbound one. */
export function schoolOf(db: Db): number | undefined {
  return (db as unknown as { schoolId?: number }).schoolId;
}
