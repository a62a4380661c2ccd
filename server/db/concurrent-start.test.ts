import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { freshPostgresDatabase, testDatabaseOptions } from '../test/harness.ts';

const base = process.env.TEST_DATABASE_URL;

/**
 * Several API processes (or hosts) starting at once on one PostgreSQL database: each migrates and sets up the school
 * wall at start. Without the schema lock in openDatabase two of them failed with "tuple concurrently updated".
 */
describe.skipIf(!base)('several processes starting at once on one PostgreSQL database', () => {
  it('all open it, on an empty database and again on a migrated one', async () => {
    const fresh = await freshPostgresDatabase(base!, 'lms_start');
    try {
      for (const round of ['empty', 'migrated']) {
        const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase(testDatabaseOptions(fresh.url))));
        const failures = opened.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        await Promise.all(opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value.close()] : [])));
        expect(failures, round).toEqual([]);
        expect(opened.filter((r) => r.status === 'fulfilled' && r.value.wasEmpty)).toHaveLength(round === 'empty' ? 1 : 0);
      }
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
