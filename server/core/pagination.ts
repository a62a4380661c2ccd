import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
type AnyColumn = PgColumn;
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static } from 'typebox';
import type { Db } from '../db/client.ts';
import { fieldError } from './errors.ts';

/** Query string every list accepts (shared/API.md "Requests"). */
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
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
 * for the count. Answers `{ data, meta }` in the shape of shared/API.md.
 */
export async function paginate<T>(
  db: Db,
  q: ListQuery,
  opts: { query: PgSelect; table: PgTable; where?: SQL; orderBy: (SQL | AnyColumn)[] },
): Promise<{ data: T[]; meta: ListMeta }> {
  const perPage = Math.min(q.per_page ?? 15, 100);
  const page = Math.max(q.page ?? 1, 1);
  const [{ total }] = await db.select({ total: count() }).from(opts.table as never).where(opts.where);
  const data = (await opts.query.orderBy(...opts.orderBy).limit(perPage).offset((page - 1) * perPage)) as T[];
  return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
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

/** An id given as `filter[<key>]`: absent or empty → undefined; anything but a positive integer → 422 on `filter.<key>`. */
export function filterId(filter: Record<string, unknown> | undefined, key: string): number | undefined {
  const v = filter?.[key];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw fieldError(`filter.${key}`, 'validation.format');
  return n;
}
