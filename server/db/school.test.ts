import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { groupUsers, groups, programs, tenants, users } from './schema/index.ts';
import { SchoolBoundaryError } from './school.ts';

/**
 * The two walls between schools (docs/school-isolation.md): the bound handle writes the school's condition into
 * every statement, and on PostgreSQL row-level security filters whatever reaches the database without it.
 */
let h: TestApi;
let demo: number;
let north: number;
const onPostgres = !!process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  h = await startTestApi();
  const rows = await h.db.select().from(tenants);
  demo = rows.find((t) => t.slug === 'demo')!.id;
  north = rows.find((t) => t.slug === 'north')!.id;
});
afterAll(() => h?.close());

describe('the bound handle (first wall)', () => {
  it('reads only its school: plain, joined, aliased, counted', async () => {
    const db = h.app.schoolDb(demo);
    const all = await h.db.select({ tenant: users.tenant_id }).from(users);
    expect(new Set(all.map((u) => u.tenant))).toEqual(new Set([demo, north]));

    const mine = await db.select({ tenant: users.tenant_id }).from(users);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((u) => u.tenant === demo)).toBe(true);

    // a join on a shared key that would pair rows of both schools: the joined table is bound too
    const paired = await db.select({ a: users.tenant_id, b: programs.tenant_id }).from(users).innerJoin(programs, sql`true`);
    expect(paired.length).toBeGreaterThan(0);
    expect(paired.every((r) => r.a === demo && r.b === demo)).toBe(true);

    const other = alias(users, 'other');
    const viaAlias = await db.select({ t: other.tenant_id }).from(other);
    expect(viaAlias.every((r) => r.t === demo)).toBe(true);

    const [{ n }] = await db.select({ n: count() }).from(users);
    expect(await db.$count(users)).toBe(n);
    expect(n).toBe(all.filter((u) => u.tenant === demo).length);

    expect((await db.select().from(tenants)).map((t) => t.id)).toEqual([demo]);
  });

  it("cannot find, change or delete another school's row by its id", async () => {
    const db = h.app.schoolDb(demo);
    const [theirs] = await h.db.select().from(programs).where(eq(programs.tenant_id, north)).limit(1);
    expect(await db.select().from(programs).where(eq(programs.id, theirs.id))).toEqual([]);
    expect(await db.update(programs).set({ title: 'taken' }).where(eq(programs.id, theirs.id)).returning()).toEqual([]);
    expect(await db.delete(programs).where(eq(programs.id, theirs.id)).returning()).toEqual([]);
    const [still] = await h.db.select().from(programs).where(eq(programs.id, theirs.id));
    expect(still.title).toBe(theirs.title);
  });

  it("stamps inserts with its school and refuses to write another school's id", async () => {
    const db = h.app.schoolDb(north);
    const [g] = await db
      .insert(groups)
      .values({ title: 'Stamped' } as never)
      .returning();
    expect(g.tenant_id).toBe(north);
    await expect(db.insert(groups).values({ tenant_id: demo, title: 'Smuggled' }).returning()).rejects.toBeInstanceOf(SchoolBoundaryError);
    await expect(db.update(groups).set({ tenant_id: demo }).where(eq(groups.id, g.id))).rejects.toBeInstanceOf(SchoolBoundaryError);
    expect(await h.db.select().from(groups).where(eq(groups.title, 'Smuggled'))).toEqual([]);
  });

  it('keeps a transaction bound, nested ones too', async () => {
    const db = h.app.schoolDb(demo);
    const seen = await db.transaction(async (tx) => {
      const outer = await tx.select({ t: users.tenant_id }).from(users);
      const inner = await tx.transaction(async (t2) => t2.select({ t: programs.tenant_id }).from(programs));
      return [...outer, ...inner];
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.t === demo)).toBe(true);
  });

  it('binds the link tables that carry no school of their own through their school-owned side', async () => {
    const db = h.app.schoolDb(demo);
    const rows = await db.select({ t: groups.tenant_id }).from(groupUsers).innerJoin(groups, eq(groups.id, groupUsers.group_id));
    expect(rows.every((r) => r.t === demo)).toBe(true);
  });
});

describe.runIf(onPostgres)('row-level security (second wall, PostgreSQL)', () => {
  it("a raw query without any school condition, run through the school's handle, sees only that school", async () => {
    const db = h.app.schoolDb(north);
    const res = await db.execute(sql`select distinct tenant_id from users`);
    expect(res.rows).toEqual([{ tenant_id: north }]);
    const schools = await db.execute(sql`select id from tenants`);
    expect(schools.rows).toEqual([{ id: north }]);
  });

  it('a raw write into another school is refused by the policy', async () => {
    const db = h.app.schoolDb(north);
    const err = await db.execute(sql`insert into groups (tenant_id, title) values (${demo}, 'Raw smuggle')`).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(String((err?.cause as Error | undefined)?.message)).toMatch(/row-level security/);
    const res = await db.execute(sql`update programs set title = 'raw' where tenant_id = ${demo} returning id`);
    expect(res.rows).toEqual([]);
  });
});

describe('policy coverage', () => {
  it('every table with a tenant_id column has row-level security and the school policy', async () => {
    const res = await h.db.execute(sql`
      select c.table_name, t.relrowsecurity as rls,
             exists (select from pg_policies p where p.tablename = c.table_name and p.policyname = 'school_wall') as policy
      from information_schema.columns c join pg_class t on t.relname = c.table_name and t.relkind = 'r'
      where c.table_schema = 'public' and c.column_name = 'tenant_id'`);
    const rows = res.rows as { table_name: string; rls: boolean; policy: boolean }[];
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => !r.rls || !r.policy).map((r) => r.table_name)).toEqual([]);
  });

  it('the unbound handle (core, seed) still sees every school', async () => {
    const res = await h.db
      .select({ t: users.tenant_id })
      .from(users)
      .where(and(eq(users.role, 'student')));
    expect(new Set(res.map((r) => r.t)).size).toBe(2);
  });
});
