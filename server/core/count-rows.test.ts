import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gt, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../db/client.ts';
import { COUNT_EXACT_UP_TO, COUNT_REMEMBER_MS, countRows } from './pagination.ts';

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
});
