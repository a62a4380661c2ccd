import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';
import { freshPostgresDatabase, testDatabaseOptions } from '../test/harness.ts';
import { preparedSql } from './prepared.ts';
import { poolRequestScope } from './pooled.ts';
import { groups, tenants } from './schema/index.ts';

/**
 * One pool per API process, the school set per transaction (server/db/pooled.ts, docs/school-isolation.md): many
 * schools over a few connections, each statement seeing only its school, nothing of one school left on a connection
 * for the next. In `npm test`'s third API run the same file runs through PgBouncer in transaction mode.
 */
const base = process.env.TEST_DATABASE_URL;
const SCHOOLS = 50;

describe.skipIf(!base)('one pool for every school (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let ids: number[] = [];
  let observer: pg.Client;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase(base!, 'lms_pooled');
    database = await openDatabase({ ...testDatabaseOptions(fresh.url), poolSize: 3 });
    const made = await database.db
      .insert(tenants)
      .values(Array.from({ length: SCHOOLS }, (_, i) => ({ slug: `school-${i}`, title: `School ${i}` })))
      .returning({ id: tenants.id });
    ids = made.map((t) => t.id);
    // two groups a school, named after it
    await database.db.insert(groups).values(ids.flatMap((id) => [1, 2].map((n) => ({ tenant_id: id, title: `g${n} of ${id}` }))));
    observer = new pg.Client({ connectionString: fresh.url });
    await observer.connect();
  }, 120_000);

  afterAll(async () => {
    await observer?.end();
    await database?.close();
    await fresh?.drop();
  });

  /** Backends of PostgreSQL on this test's database, apart from the observer's own. */
  const backends = async () => Number((await observer.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows[0].n);

  it("interleaves 50 schools' statements over three connections, each raw query without a school condition seeing only its school", async () => {
    let peak = 0;
    const watching = setInterval(() => void backends().then((n) => (peak = Math.max(peak, n))), 5);
    try {
      const asks = Array.from({ length: 400 }, (_, i) => ids[(i * 7) % SCHOOLS]);
      const answers = await Promise.all(
        asks.map(async (school) => {
          const { rows } = await database.forSchool(school).execute(sql`select tenant_id, title, current_setting('app.tenant_id', true) as setting, pg_sleep(0.001) from groups order by id`);
          return { school, rows: rows as { tenant_id: number; title: string; setting: string }[] };
        }),
      );
      for (const { school, rows } of answers) {
        expect(rows.map((r) => r.tenant_id)).toEqual([school, school]);
        expect(rows.map((r) => r.title)).toEqual([`g1 of ${school}`, `g2 of ${school}`]);
        expect(rows[0].setting).toBe(String(school));
      }
    } finally {
      clearInterval(watching);
    }
    // the pool's three, whatever the number of schools (through PgBouncer: at most its connections to PostgreSQL)
    expect(peak).toBeLessThanOrEqual(process.env.TEST_PGBOUNCER_URL ? 20 : 3);
    expect(peak).toBeGreaterThan(0);
  });

  it('keeps a transaction on its school from begin to commit, among other schools in flight', async () => {
    const results = await Promise.all(
      ids.slice(0, 20).map((school) =>
        database.forSchool(school).transaction(async (tx) => {
          const before = await tx.execute(sql`select count(*)::int as n from groups`);
          await tx.insert(groups).values({ title: `tx of ${school}` });
          await tx.execute(sql`select pg_sleep(0.002)`);
          const after = await tx.execute(sql`select count(*)::int as n, current_user as role from groups`);
          return { before: before.rows[0], after: after.rows[0] };
        }),
      ),
    );
    for (const r of results) expect(r).toEqual({ before: { n: 2 }, after: { n: 3, role: 'campus_app' } });
    const written = await database.db.select({ tenant_id: groups.tenant_id, title: groups.title }).from(groups).where(sql`${groups.title} like 'tx of %'`);
    for (const row of written) expect(row.title).toBe(`tx of ${row.tenant_id}`);
    expect(written).toHaveLength(20);
  });

  it("leaves nothing of a school on the connection: the next unbound statement is the owner's, with no school set", async () => {
    const one = await openDatabase({ ...testDatabaseOptions(fresh.url), poolSize: 1 });
    try {
      const school = one.forSchool(ids[3]);
      await school.execute(sql`select 1`);
      await school.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      // a failed statement and a rolled-back transaction leave nothing either
      await school.execute(sql`select 1/0`).catch(() => undefined);
      await school
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      const { rows } = await one.db.execute(
        sql`select current_user as role, coalesce(current_setting('app.tenant_id', true), '') as setting, (select count(distinct tenant_id)::int from groups) as schools`,
      );
      expect(rows[0]).toEqual({ role: 'postgres', setting: '', schools: SCHOOLS });
      // and another school's handle on that same connection sees its own only
      const other = await one.forSchool(ids[4]).execute(sql`select distinct tenant_id from groups`);
      expect(other.rows).toEqual([{ tenant_id: ids[4] }]);
    } finally {
      await one.close();
    }
  });

  it("refuses a raw write into another school's rows", async () => {
    const err = await database
      .forSchool(ids[0])
      .execute(sql`insert into groups (tenant_id, title) values (${ids[1]}, 'smuggled')`)
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(String((err?.cause as Error | undefined)?.message ?? err?.message)).toMatch(/row-level security/);
    const smuggled = await database.db.select().from(groups).where(eq(groups.title, 'smuggled'));
    expect(smuggled).toEqual([]);
  });

  it("runs a hot path's named statement per school, and a statement that fails to parse does not spoil the next", async () => {
    for (const school of ids.slice(30, 36)) {
      const rows = await preparedSql(database.forSchool(school), sql`select count(*)::int as n, min(tenant_id) as t from groups`).execute();
      expect(rows).toEqual([{ n: 2, t: school }]);
    }
    const bad = preparedSql(database.forSchool(ids[0]), sql`select count(*) from no_such_table`);
    await expect(bad.execute()).rejects.toThrow();
    await expect(bad.execute()).rejects.toThrow(/no_such_table/);
  });
});

describe.skipIf(!base)('waiting for a connection and losing one (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    fresh = await freshPostgresDatabase(base!, 'lms_pooled_wait');
    database = await openDatabase({ ...testDatabaseOptions(fresh.url), poolSize: 1, queueTimeoutMs: 200 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  /** Holds the pool's one connection for `ms` (a transaction sleeping). */
  const hold = (ms: number) => database.db.transaction(async (tx) => void (await tx.execute(sql`select pg_sleep(${ms / 1000})`)));

  it("times out a request's first wait (503 before anything is written), never a later one (its work may be half-done)", async () => {
    const held = hold(600);
    await new Promise((r) => setTimeout(r, 50));
    const first = await poolRequestScope.run({ hadConnection: false }, () =>
      database.db.execute(sql`select 1`).then(
        () => 'served',
        (e: Error) => String(e.cause ?? e),
      ),
    );
    expect(first).toMatch(/timeout exceeded when trying to connect/);
    await held;
    const later = await poolRequestScope.run({ hadConnection: false }, async () => {
      await database.db.execute(sql`select 1`);
      const again = hold(600);
      await new Promise((r) => setTimeout(r, 50));
      const r = await database.db.execute(sql`select 2 as n`);
      await again;
      return r.rows;
    });
    expect(later).toEqual([{ n: 2 }]);
  });

  it('keeps a named statement whose first run failed in its execution (not its parse): the next run binds it, never parses it twice', async () => {
    // one connection: the statement is parsed on it in the round trip that fails
    const statement = preparedSql(database.forSchool(1), sql`select 10 / ${sql.placeholder('d')}::int as n`);
    await expect(statement.execute({ d: 0 })).rejects.toThrow();
    expect(await statement.execute({ d: 2 })).toEqual([{ n: 5 }]);
    expect(await statement.execute({ d: 5 })).toEqual([{ n: 2 }]);
  });

  it('survives the server ending a connection in the middle of a transaction: that call fails, the next is served', async () => {
    const observer = new pg.Client({ connectionString: fresh.url });
    await observer.connect();
    try {
      const failed = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(5)`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await new Promise((r) => setTimeout(r, 300));
      await observer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep(5)%'`);
      expect(await failed).toBe('failed');
      const { rows } = await database.db.execute(sql`select 3 as n`);
      expect(rows).toEqual([{ n: 3 }]);
    } finally {
      await observer.end();
    }
  });
});
