import { asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { groupUsers, users } from '../../db/schema/index.ts';
import type { PageOpts, ReportParams, Row, Text } from './catalogue.ts';
import type { Window } from './period.ts';

/** Pieces shared by the reports of the catalogue. */

/** The students the parameters name: `user_id`, `users`, members of `group_id` (conditions on a user id column). */
export function userScope(db: Db, col: PgColumn, p: ReportParams): SQL[] {
  const out: SQL[] = [];
  if (p.user_id) out.push(eq(col, p.user_id));
  if (p.users?.length) out.push(inArray(col, p.users));
  if (p.group_id) out.push(inArray(col, db.select({ id: groupUsers.user_id }).from(groupUsers).where(eq(groupUsers.group_id, p.group_id))));
  return out;
}

/** Conditions of the period on an instant column. */
export function windowOn(col: PgColumn, w: Window): SQL[] {
  const out: SQL[] = [];
  if (w.from) out.push(gte(col, w.from));
  if (w.to) out.push(lt(col, w.to));
  return out;
}
/** A text in both languages. */
export const text = (ru: string, en: string): Text => ({ ru, en });

/** Streams batches fetched by a keyset: `fetch(after)` answers the next rows after the key `after` (null: from the start), in key order. */
export async function* keyset<R extends Row>(fetch: (after: number | null, limit: number) => Promise<R[]>, keyOf: (r: R) => number, batch = 1000): AsyncIterable<R> {
  let after: number | null = null;
  for (;;) {
    const rows = await fetch(after, batch);
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** Streams a report computed in pages (small reports whose rows are built in code): page after page of `batch` rows. */
export async function* pages(page: (opts: PageOpts) => Promise<{ rows: Row[] }>, batch = 500): AsyncIterable<Row> {
  for (let n = 1; ; n++) {
    const { rows } = await page({ page: n, perPage: batch });
    for (const r of rows) yield r;
    if (rows.length < batch) return;
  }
}

type Sortable = PgColumn | SQL | SQL.Aliased;
/** ORDER BY of a page: the asked sortable column (several for a name), else the report's default. */
export function orderOf(o: PageOpts, sortable: Record<string, Sortable | Sortable[]>, fallback: Sortable, fallbackDir: 'asc' | 'desc' = 'asc'): SQL[] {
  const picked = o.sort ? sortable[o.sort] : undefined;
  const cols = picked ? [picked].flat() : [fallback];
  const dir = picked ? (o.order === 'desc' ? desc : asc) : fallbackDir === 'desc' ? desc : asc;
  return cols.map((c) => dir(c as PgColumn));
}

/** `Surname Name` of the joined `users` row. */
export const studentName = () => sql<string>`trim(concat_ws(' ', ${users.surname}, ${users.name}))`;
