import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testDatabaseOptions } from '../test/harness.ts';
import { type Database, openDatabase } from './client.ts';
import { SCHOOL_WALL_IN_PLACE_SQL } from './school-wall.ts';

/**
 * A start on a database already migrated and walled skips the migrator and the school wall's SQL (client.ts): each
 * is run again as soon as something is missing. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
 */
const base = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function place(): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (base) {
    const fresh = await freshPostgresDatabase(base, 'lms_checks');
    return { open: () => openDatabase(testDatabaseOptions(fresh.url)), drop: fresh.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lms-checks-'));
  dirs.push(dir);
  return { open: () => openDatabase({ pgliteDir: join(dir, 'db') }), drop: async () => {} };
}

const inPlace = async (d: Database) => (await d.db.execute<{ in_place: boolean }>(sql.raw(SCHOOL_WALL_IN_PLACE_SQL))).rows[0].in_place;

describe('start-up on a database already set up', () => {
  it('finds the school wall in place, sees each missing piece, and the next start puts it back', async () => {
    const at = await place();
    try {
      const breakages = [
        'drop policy school_wall on settings',
        'alter table users disable row level security',
        'revoke delete on groups from campus_app',
        'revoke usage on sequence users_id_seq from campus_app',
        'create table added_later (id serial primary key, tenant_id integer not null)',
        `comment on policy school_wall on tenants is 'school wall of another version'`,
      ];
      let d = await at.open();
      for (const breakage of breakages) {
        expect(await inPlace(d), `before: ${breakage}`).toBe(true);
        await d.db.execute(sql.raw(breakage));
        expect(await inPlace(d), breakage).toBe(false);
        await d.close();
        d = await at.open();
      }
      expect(await inPlace(d)).toBe(true);
      const policies = await d.db.execute<{ tablename: string }>(sql`select tablename from pg_policies where policyname = 'school_wall' and tablename in ('settings', 'added_later')`);
      expect(policies.rows.map((r) => r.tablename).sort()).toEqual(['added_later', 'settings']);
      await d.close();
    } finally {
      await at.drop();
    }
  }, 180_000);

  it('runs the migrator when the journal holds a migration newer than the last one recorded', async () => {
    const at = await place();
    try {
      const d = await at.open();
      const recorded = async (db: Database) => (await db.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n;
      const before = await recorded(d);
      // the last migration recorded a moment earlier than its journal entry: the next start applies it again. Proof
      // that it ran: a migration that cannot run twice (a CREATE TABLE) fails the start; one that can (an ALTER INDEX)
      // is recorded a second time
      await d.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      await d.close();
      const again = await at.open().catch((err: Error) => err);
      if (again instanceof Error) expect(again.message).toMatch(/Failed query/);
      else {
        expect(await recorded(again)).toBe(before + 1);
        await again.close();
      }
    } finally {
      await at.drop();
    }
  }, 180_000);
});
