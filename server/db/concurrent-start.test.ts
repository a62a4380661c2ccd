import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { freshPostgresDatabase } from '../test/harness.ts';

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
        const opened = await Promise.allSettled(Array.from({ length: 6 }, () => openDatabase({ url: fresh.url })));
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

/** `DB_POOL_SIZE` (config.databasePoolSize → openDatabase's poolSize): no pool of the process opens more connections. */
describe.skipIf(!base)('the pools of one process on PostgreSQL', () => {
  it("holds at most poolSize connections in each pool, the process's own and each school's", async () => {
    const fresh = await freshPostgresDatabase(base!, 'lms_pool');
    const database = await openDatabase({ url: fresh.url, poolSize: 2 });
    try {
      const backends = async (db: typeof database.db) => {
        const pids = await Promise.all(Array.from({ length: 6 }, () => db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.2)`)));
        return new Set(pids.map((r) => (r as unknown as { rows: { pid: number }[] }).rows[0].pid)).size;
      };
      expect(await backends(database.db)).toBe(2);
      expect(await backends(database.forSchool(1))).toBe(2);
    } finally {
      await database.close();
      await fresh.drop();
    }
  }, 120_000);
});
