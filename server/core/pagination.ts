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

/**
 * A list's `page` and `per_page`: every list takes these (issue 27, defect 5). Integers only, in range: `1.5`, `-0`,
 * `Infinity` and `1e400` answer 422 (the last two are refused around ajv, which reads them as a number it does not
 * bound: server/core/strict-values.ts).
 */
export const Page = (maximum?: number) => Int({ minimum: 1, default: 1, ...(maximum ? { maximum } : {}) });
export const PerPage = (byDefault = 15) => Int({ minimum: 1, maximum: 100, default: byDefault });

/** Query string every list accepts (docs/api.md "Requests"). */
export const ListQuery = Type.Object({
  page: Type.Optional(Page()),
  per_page: Type.Optional(PerPage()),
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
 * Runs a page of a list: `where` filters it, `orderBy` sorts it. Answers `{ data, meta }` in the shape of docs/api.md.
 *
 * Without `query` the page is every column of `table`, read in one statement with its total (a scalar subquery, see
 * `countRows` for how it is bounded): one round trip instead of two, which is most of what a short indexed list costs
 * on this machine (docs/performance.md "User search and upload growth"). With `query` (a dynamic select already
 * filtered by the same `where`: joins, chosen columns) the total is counted by a statement of its own first.
 */
export async function paginate<T>(
  db: Db,
  q: ListQuery,
  opts: {
    query?: PgSelect;
    table: PgTable;
    where?: SQL;
    orderBy: (SQL | AnyColumn)[];
    /** `where` holds a text search (`q`): see `searchedPage`. */
    searched?: boolean;
  },
): Promise<{ data: T[]; meta: ListMeta }> {
  const perPage = Math.min(q.per_page ?? 15, 100);
  const page = Math.max(q.page ?? 1, 1);
  const offset = (page - 1) * perPage;
  if (!opts.query && opts.searched && opts.where) return searchedPage<T>(db, { ...opts, where: opts.where }, page, perPage);
  if (!opts.query) {
    const remembered = rememberedTotal(db, opts.table, opts.where);
    if (remembered === undefined) {
      const capped = db
        .select({ one: sql`1` })
        .from(opts.table as never)
        .where(opts.where)
        .limit(COUNT_EXACT_UP_TO + 1);
      const rows = (await db
        .select({ row: opts.table as never, total: sql<number>`(select count(*) from (${capped}) as "capped")`.mapWith(Number) })
        .from(opts.table as never)
        .where(opts.where)
        .orderBy(...opts.orderBy)
        .limit(perPage)
        .offset(offset)) as unknown as { row: T; total: number }[];
      // an empty page (past the end, or nothing found) carries no total: counted apart
      let total = rows.length ? rows[0].total : await countRows(db, opts.table, opts.where);
      if (total > COUNT_EXACT_UP_TO) total = await countInFull(db, opts.table, opts.where);
      const data = rows.map((r) => r.row);
      return { data, meta: pageMeta(page, perPage, total, data.length) };
    }
    const data = await walkedPage<T>(db, opts, perPage, offset);
    return { data, meta: pageMeta(page, perPage, remembered, data.length) };
  }
  const total = await countRows(db, opts.table, opts.where);
  const data = (await opts.query
    .orderBy(...opts.orderBy)
    .limit(perPage)
    .offset(offset)) as T[];
  return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
}

/** A text search's matches up to this many are read through the search's indexes and sorted, not found by walking the sort. */
export const SORT_MATCHES_UP_TO = 2_000;

/**
 * A page of a text search (`ilike` over trigram indexes). PostgreSQL cannot estimate how many rows `%text%` matches
 * (it guessed 505 for 100 of 52,000 users), so with a guess of a few hundred it walks the sort's index (the primary
 * key backwards) filtering every row until the page is full: 7,400 rows and 11 ms for a surname that 100 users have,
 * where reading the 100 through the indexes and sorting them takes 1 ms (docs/performance.md). So the first statement
 * reads at most SORT_MATCHES_UP_TO + 1 matches through the search's indexes (the `limit` keeps the planner from
 * turning the subquery back into the index walk), counts them in the same pass (`count(*) over ()`, before the page's
 * limit) and sorts the page from them: a search with few matches is one statement, its page and its total. When
 * there are more, its total is counted apart (`countRows`, bounded and remembered) and the page found by walking the
 * sort, which fills a page at once when matches are many; a big search remembered as such goes there directly.
 */
async function searchedPage<T>(db: Db, opts: { table: PgTable; where: SQL; orderBy: (SQL | AnyColumn)[] }, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  let total = rememberedTotal(db, opts.table, opts.where);
  if (total === undefined) {
    const matches = db
      .select()
      .from(opts.table as never)
      .where(opts.where)
      .limit(SORT_MATCHES_UP_TO + 1)
      // named as the table, so that the sort's and the row's columns ("users"."id") name the subquery's
      .as(getTableName(opts.table));
    const rows = (await db
      .select({ row: opts.table as never, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .orderBy(...opts.orderBy)
      .limit(perPage)
      .offset(offset)) as unknown as { row: T; total: number }[];
    const sorted = rows.length ? rows[0].total : undefined;
    if (sorted !== undefined && sorted <= SORT_MATCHES_UP_TO) {
      const data = rows.map((r) => r.row);
      return { data, meta: pageMeta(page, perPage, sorted, data.length) };
    }
    // nothing on this page (nothing found, or a page past the end) or too many matches to sort: counted apart
    total = await countRows(db, opts.table, opts.where);
  }
  if (offset >= total) return { data: [] as T[], meta: pageMeta(page, perPage, total, 0) };
  const data = await walkedPage<T>(db, opts, perPage, offset);
  return { data, meta: pageMeta(page, perPage, total, data.length) };
}

/** One page of a table's rows that `where` keeps, found by walking the sort (its index, when it has one). */
async function walkedPage<T>(db: Db, opts: { table: PgTable; where?: SQL; orderBy: (SQL | AnyColumn)[] }, perPage: number, offset: number) {
  return (await db
    .select()
    .from(opts.table as never)
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(perPage)
    .offset(offset)) as T[];
}

/** Lists' totals are counted exactly up to this many rows on every page; past it, see `countRows`. */
export const COUNT_EXACT_UP_TO = 10_000;
/** How long a big list's total is remembered (per process, school, table and filter). */
export const COUNT_REMEMBER_MS = 30_000;
/** Remembered totals per data handle (a school's handle belongs to one database), so two databases never share one. */
const bigCounts = new WeakMap<Db, Map<string, { total: number; at: number }>>();
function countsOf(db: Db) {
  let counts = bigCounts.get(db);
  if (!counts) bigCounts.set(db, (counts = new Map()));
  return counts;
}
const renderer = new PgDialect();

function countKey(db: Db, table: PgTable, where: SQL | undefined) {
  const rendered = where ? renderer.sqlToQuery(where) : { sql: '', params: [] };
  return `${schoolOf(db) ?? '-'}:${getTableName(table)}:${rendered.sql}:${JSON.stringify(rendered.params)}`;
}

/** The total of a big list (over COUNT_EXACT_UP_TO) counted less than COUNT_REMEMBER_MS ago by this process, if any. */
function rememberedTotal(db: Db, table: PgTable, where: SQL | undefined): number | undefined {
  const hit = countsOf(db).get(countKey(db, table, where));
  return hit && Date.now() - hit.at < COUNT_REMEMBER_MS ? hit.total : undefined;
}

/**
 * A list's total without scanning a school's whole table on every page (issue 16, docs/performance.md): a list whose
 * total was over COUNT_EXACT_UP_TO when counted less than COUNT_REMEMBER_MS ago answers that total without a statement;
 * otherwise the matching rows are counted up to COUNT_EXACT_UP_TO + 1 (a bounded scan), and a list bigger than that
 * is counted in full and its total remembered. So paging through (or searching) 50,000 users counts them twice a
 * minute at most, not on every page; a big list's total may lag a creation or deletion by up to that long. A list
 * of up to COUNT_EXACT_UP_TO rows is counted exactly on every page.
 */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const remembered = rememberedTotal(db, table, where);
  if (remembered !== undefined) return remembered;
  const capped = db
    .select({ one: sql`1` })
    .from(table as never)
    .where(where)
    .limit(COUNT_EXACT_UP_TO + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (Number(n) <= COUNT_EXACT_UP_TO) return Number(n);
  return countInFull(db, table, where);
}

/** Counts a big list in full and remembers its total for COUNT_REMEMBER_MS. */
async function countInFull(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(table as never)
    .where(where);
  const counts = countsOf(db);
  if (counts.size > 10_000) counts.clear();
  counts.set(countKey(db, table, where), { total: Number(total), at: Date.now() });
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
