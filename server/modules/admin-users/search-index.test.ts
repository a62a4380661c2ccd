import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { statementProbe } from '../../db/client.ts';
import { userSearchText, users } from '../../db/schema/index.ts';

/**
 * The back office's user search over one trigram index (migration 0022, docs/performance.md "One trigram index over
 * the user's names"): what a manager notices (a search spanning surname and name, nothing of another school) and that
 * the statement the route sends is served by the index through the school-bound handle, under row-level security on
 * PostgreSQL.
 */
describe('/admin/user?q= over one index of the names', () => {
  let api: TestApi;
  let admin: string;
  let northAdmin: string;
  const found = async (q: string, token = admin, tenant = 'demo') => {
    const res = await api.call({ method: 'GET', url: `/admin/user?q=${encodeURIComponent(q)}&per_page=100`, token, tenant });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { login: string }[]).map((u) => u.login).sort();
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    northAdmin = await api.login('admin', 'north');
    const person = { password_hash: 'x', surname: 'Сидоров', name: 'Иван' };
    await api.db.insert(users).values([
      { ...person, tenant_id: 1, login: 'sidorov', email: 'sidorov@demo.test', patronymic: 'Петрович' },
      { ...person, tenant_id: 1, login: 'sidorova', email: 'sidorova@demo.test', surname: 'Сидорова', name: 'Анна' },
      { ...person, tenant_id: 2, login: 'north.sidorov', email: 'sidorov@north.test' },
    ]);
    // enough users that the planner chooses between the index and the school's rows on its own (no enable_seqscan)
    await api.db.execute(
      sql`insert into users (tenant_id, login, email, password_hash, surname, name) select 1, 'many' || g, 'many' || g || '@search.test', 'x', 'Фамилия-' || (g % 500), 'Имя' || (g % 97) from generate_series(1, 5000) g`,
    );
    await api.db.execute(sql`analyze users`);
  }, 120_000);
  afterAll(() => api.close());

  it('finds a user by surname and name typed together, and by any one field as before', async () => {
    expect(await found('Сидоров Иван')).toEqual(['sidorov']);
    expect(await found('сидоров иван петрович')).toEqual(['sidorov']);
    expect(await found('Сидоров')).toEqual(['sidorov', 'sidorova']);
    expect(await found('Петрович')).toEqual(['sidorov']);
    expect(await found('sidorova@demo')).toEqual(['sidorova']);
    expect(await found('  Сидоров Иван  ')).toEqual(['sidorov']);
    expect(await found('Иван Сидоров')).toEqual([]); // the fields' order: surname, name, patronymic, login, e-mail
    expect(await found('%')).toEqual([]);
  });

  it("never finds another school's users", async () => {
    expect(await found('sidorov@north')).toEqual([]);
    expect(await found('north.sidorov')).toEqual([]);
    expect(await found('Сидоров Иван', northAdmin, 'north')).toEqual(['north.sidorov']);
    expect(await found('sidorova', northAdmin, 'north')).toEqual([]);
    expect(await found('many', northAdmin, 'north')).toEqual([]);
  });

  it("the migration's index is over exactly the expression the search writes", () => {
    const migration = readFileSync(new URL('../../db/migrations/0022_users_search_trgm.sql', import.meta.url), 'utf8');
    const indexed = /CREATE INDEX IF NOT EXISTS "users_search_trgm" ON "users" USING gin \(\((.*)\) gin_trgm_ops\)/.exec(migration)?.[1];
    const written = new PgDialect().sqlToQuery(userSearchText).sql.replaceAll('"users".', '').replaceAll('"', '');
    expect(`(${indexed})`).toBe(written);
  });

  it('the statement the route sends is served by the index, through the school-bound handle (row-level security on PostgreSQL)', async () => {
    const sent: { query: string; params: unknown[] }[] = [];
    statementProbe.listener = (query, params) => sent.push({ query, params });
    try {
      expect(await found('Фамилия-12 Имя')).toHaveLength(10); // g % 500 = 12: 10 of the 5,000
    } finally {
      statementProbe.listener = undefined;
    }
    const search = sent.find((s) => s.query.includes('count(*) over ()'));
    expect(search?.query).toContain('ilike');
    // the school's own connection: on PostgreSQL the role campus_app with the school set, so the policies apply
    const school = api.app.schoolDb(1) as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } };
    const plan = (await school.$client.query(`explain ${search?.query}`, search?.params ?? [])).rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('users_search_trgm');
    expect(plan).not.toMatch(/Seq Scan on users/);
    if (process.env.TEST_DATABASE_URL) {
      const [{ role }] = (await school.$client.query('select current_user as role', [])).rows;
      expect(role).toBe('campus_app');
    }
  });
});
