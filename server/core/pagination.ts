import { asc, count, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { schoolOf } from '../db/school.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
type AnyColumn = PgColumn;
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { Db } from '../db/client.ts';
import { fieldError } from './errors.ts';
import { Int, isId } from './schemas.ts';

/** Query string every list accepts (docs/api.md "Requests"). */
export const ListQuery = Type.Object({
  page: Type.Optional(Int({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 15 })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  filter: Type.Optional(Type.Record(Type.String(), Type.Any())),
});
export type ListQuery = Static<typeof ListQuery>;

export const ListMeta = Type.Object({
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  from: Type.Union([Type.Integer(), Type.Null()]),
  to: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Integer(),
  per_page: Type.Integer(),
});
export type ListMeta = Static<typeof ListMeta>;

export function listResponse<T extends import('typebox').TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: ListMeta });
}

export function orderFor(q: ListQuery, sortable: Record<string, AnyColumn | SQL>, fallback: SQL | AnyColumn) {
  const col = q.sort ? sortable[q.sort] : undefined;
  if (!col) return [fallback];
  return [q.order?.toLowerCase() === 'desc' ? desc(col) : asc(col)];
}

/**
 * Runs a page of a list: `query` is a dynamic select (already filtered), `where` the same filter
 * for the count. Answers `{ data, meta }` in the shape of docs/api.md.
 */
export async function paginate<T>(db: Db, q: ListQuery, opts: { query: PgSelect; table: PgTable; where?: SQL; orderBy: (SQL | AnyColumn)[] }): Promise<{ data: T[]; meta: ListMeta }> {
  const perPage = Math.min(q.per_page ?? 15, 100);
  const page = Math.max(q.page ?? 1, 1);
  const total = await countRows(db, opts.table, opts.where);
  const data = (await opts.query
    .orderBy(...opts.orderBy)
    .limit(perPage)
    .offset((page - 1) * perPage)) as T[];
  return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
}

/** Lists' totals are counted exactly up to this many rows on every page; past it, see `countRows`. */
export const COUNT_EXACT_UP_TO = 10_000;
/** How long a big list's total is remembered (per process, school, table and filter). */
export const COUNT_REMEMBER_MS = 30_000;
const bigCounts = new Map<string, { total: number; at: number }>();
const renderer = new PgDialect();

/**
 * A list's total without scanning a school's whole table on every page (issue 16, docs/performance.md): the matching
 * rows are counted up to COUNT_EXACT_UP_TO + 1 (a bounded index scan); a list bigger than that is counted in full
 * once and its total remembered for COUNT_REMEMBER_MS, so paging through 50,000 users counts them twice a minute at
 * most, not on every page. A big list's total may so lag a creation or deletion by up to that long.
 */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table as never)
    .where(where)
    .limit(COUNT_EXACT_UP_TO + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (Number(n) <= COUNT_EXACT_UP_TO) return Number(n);
  const rendered = where ? renderer.sqlToQuery(where) : { sql: '', params: [] };
  const key = `${schoolOf(db) ?? '-'}:${getTableName(table)}:${rendered.sql}:${JSON.stringify(rendered.params)}`;
  const hit = bigCounts.get(key);
  if (hit && Date.now() - hit.at < COUNT_REMEMBER_MS) return hit.total;
  const [{ total }] = await db
    .select({ total: count() })
    .from(table as never)
    .where(where);
  if (bigCounts.size > 10_000) bigCounts.clear();
  bigCounts.set(key, { total: Number(total), at: Date.now() });
  return Number(total);
}

export function pageMeta(page: number, perPage: number, total: number, size: number): ListMeta {
  const from = size ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + size - 1,
    total,
    per_page: perPage,
  };
}

/** An id given as `filter[<key>]`: absent or empty → undefined; anything but an id (1..2147483647) → 422 on `filter.<key>`. */
export function filterId(filter: Record<string, unknown> | undefined, key: string): number | undefined {
  const v = filter?.[key];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!isId(n)) throw fieldError(`filter.${key}`, 'validation.format');
  return n;
}
