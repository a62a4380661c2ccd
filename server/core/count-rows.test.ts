import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, gt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { openDatabase, statementProbe, type Database } from '../db/client.ts';
import { COUNT_EXACT_UP_TO, COUNT_REMEMBER_MS, countRows, paginate } from './pagination.ts';

/** List totals (issue 16, docs/performance.md "Counts"): exact up to the cap on every page, remembered above it. */
const rows = pgTable('count_rows_probe', { n: integer().notNull() });

describe('countRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.db.execute(sql`create table count_rows_probe (n integer not null)`);
    await database.db.execute(sql`insert into count_rows_probe select g from generate_series(1, ${COUNT_EXACT_UP_TO + 5}) g`);
  }, 240_000);
  afterAll(() => database.close());

  it('counts a small list exactly every time, a big one in full once and then from memory for a while', async () => {
    const db = database.db;
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      expect(await countRows(db, rows, gt(rows.n, COUNT_EXACT_UP_TO))).toBe(5);
      await db.insert(rows).values({ n: COUNT_EXACT_UP_TO + 6 });
      expect(await countRows(db, rows, gt(rows.n, COUNT_EXACT_UP_TO))).toBe(6); // small: exact at once
      expect(await countRows(db, rows, undefined)).toBe(COUNT_EXACT_UP_TO + 6);
      await db.insert(rows).values({ n: 0 });
      expect(await countRows(db, rows, undefined)).toBe(COUNT_EXACT_UP_TO + 6); // big: remembered
      now.mockReturnValue(1_000_000 + COUNT_REMEMBER_MS + 1);
      expect(await countRows(db, rows, undefined)).toBe(COUNT_EXACT_UP_TO + 7); // counted again once it is old
    } finally {
      now.mockRestore();
    }
  });

  it('reads a page of a whole table with its total in one statement, and the total apart only for an empty page', async () => {
    const db = database.db;
    const statements: string[] = [];
    statementProbe.listener = (query) => statements.push(query);
    const now = vi.spyOn(Date, 'now').mockReturnValue(5_000_000);
    try {
      const small = gt(rows.n, COUNT_EXACT_UP_TO - 10);
      const page = await paginate<{ n: number }>(db, { page: 2, per_page: 2 }, { table: rows, where: small, orderBy: [asc(rows.n)] });
      const all = (await db.select().from(rows).where(small)).map((r) => r.n).sort((a, b) => a - b);
      statements.length = 0;
      const again = await paginate<{ n: number }>(db, { page: 2, per_page: 2 }, { table: rows, where: small, orderBy: [asc(rows.n)] });
      expect(statements).toHaveLength(1);
      expect(again).toEqual(page);
      expect(page.data).toEqual([{ n: all[2] }, { n: all[3] }]);
      expect(page.meta).toEqual({ current_page: 2, last_page: Math.ceil(all.length / 2), from: 3, to: 4, total: all.length, per_page: 2 });

      statements.length = 0;
      const past = await paginate<{ n: number }>(db, { page: 99, per_page: 2 }, { table: rows, where: small, orderBy: [asc(rows.n)] });
      expect(past.data).toEqual([]);
      expect(past.meta.total).toBe(all.length);
      expect(statements).toHaveLength(2);

      // a big list: counted in full on its first page, then only its page is read while its total is remembered
      const big = gt(rows.n, -1);
      const first = await paginate<{ n: number }>(db, { per_page: 3 }, { table: rows, where: big, orderBy: [asc(rows.n)] });
      const total = (await db.select().from(rows)).length;
      expect(first.meta.total).toBe(total);
      statements.length = 0;
      const next = await paginate<{ n: number }>(db, { page: 2, per_page: 3 }, { table: rows, where: big, orderBy: [asc(rows.n)] });
      expect(statements).toHaveLength(1);
      expect(next.meta.total).toBe(total);
      expect(next.data).toHaveLength(3);
    } finally {
      statementProbe.listener = undefined;
      now.mockRestore();
    }
  });

  it('pages a text search from its matches when they are few (one statement), and by the sort when many: the same rows either way', async () => {
    const db = database.db;
    const statements: string[] = [];
    statementProbe.listener = (query) => statements.push(query);
    try {
      // few matches (n ending in 7 among the first 1,000: 100 rows): page and total in one statement, sorted from the matches
      const few = sql`${rows.n} <= 1000 and ${rows.n}::text like '%7'`;
      const page2 = await paginate<{ n: number }>(db, { page: 2, per_page: 10 }, { table: rows, where: few, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(page2.meta).toMatchObject({ total: 100, current_page: 2, from: 11, to: 20, last_page: 10 });
      expect(page2.data.map((r) => r.n)).toEqual([897, 887, 877, 867, 857, 847, 837, 827, 817, 807]);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/count\(\*\) over \(\) from \(select .* limit \$\d+\) "count_rows_probe" order by/);
      // past the end: the empty page, then the total counted apart
      statements.length = 0;
      const past = await paginate<{ n: number }>(db, { page: 11, per_page: 10 }, { table: rows, where: few, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(past).toMatchObject({ data: [], meta: { total: 100, from: null } });
      expect(statements).toHaveLength(2);
      // nothing found: the same
      const none = await paginate<{ n: number }>(db, { page: 1, per_page: 10 }, { table: rows, where: sql`${rows.n} < 0`, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(none).toMatchObject({ data: [], meta: { total: 0, from: null } });
      // many matches (every n up to 5,000): more than can be sorted, so counted apart and the page found by the sort
      statements.length = 0;
      const many = sql`${rows.n} between 1 and 5000`;
      const first = await paginate<{ n: number }>(db, { page: 1, per_page: 3 }, { table: rows, where: many, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(first.meta.total).toBe(5000);
      expect(first.data.map((r) => r.n)).toEqual([5000, 4999, 4998]);
      expect(statements).toHaveLength(3);
      expect(statements.at(-1)).not.toMatch(/over \(\)/);
      // exactly as many as are sorted from the matches, and one more
      const edge = await paginate<{ n: number }>(db, { page: 3, per_page: 3 }, { table: rows, where: sql`${rows.n} between 1 and 2000`, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(edge.meta.total).toBe(2000);
      expect(edge.data.map((r) => r.n)).toEqual([1994, 1993, 1992]);
      const over = await paginate<{ n: number }>(db, { page: 3, per_page: 3 }, { table: rows, where: sql`${rows.n} between 1 and 2001`, orderBy: [sql`${rows.n} desc`], searched: true });
      expect(over.meta.total).toBe(2001);
      expect(over.data.map((r) => r.n)).toEqual([1995, 1994, 1993]);
    } finally {
      statementProbe.listener = undefined;
    }
  });
});
