import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApi, type TestApi } from '../test/harness.ts';

/**
 * The schools and section flags caches (server/core/context.ts): on PostgreSQL a process keeps them for a minute while
 * it hears the others, because the database itself announces every change of `tenants` and `tenant_access`
 * (migration 0025), whoever makes it. Here the changes are made by SQL that no API process sent.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('a school changed behind the API (PostgreSQL)', () => {
  let api: TestApi;
  let sqlClient: pg.Client;
  let student: string;

  beforeAll(async () => {
    api = await startTestApi();
    const url = (api.db.$client as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    sqlClient = new pg.Client({ connectionString: url });
    await sqlClient.connect();
    student = await api.login('student');
  });
  afterAll(async () => {
    await sqlClient?.end();
    await api?.close();
  });

  /** The status of `GET /api/networking` as soon as it is `want`, or what it still was after 3 s. */
  const networkingStatus = async (want: number) => {
    const until = Date.now() + 3000;
    for (;;) {
      const { statusCode } = await api.call({ method: 'GET', url: '/api/networking', token: student });
      if (statusCode === want || Date.now() > until) return statusCode;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a section switched off and on again in psql is obeyed at once, though the flags are kept for a minute', async () => {
    expect(await networkingStatus(200)).toBe(200);
    await sqlClient.query(`update tenant_access set networking = false where tenant_id = (select id from tenants where slug = 'demo')`);
    expect(await networkingStatus(403)).toBe(403);
    await sqlClient.query(`update tenant_access set networking = true where tenant_id = (select id from tenants where slug = 'demo')`);
    expect(await networkingStatus(200)).toBe(200);
  });

  it('a school suspended in psql is refused at once, though the school is kept for a minute', async () => {
    await sqlClient.query(`update tenants set suspended_at = now() where slug = 'demo'`);
    expect(await networkingStatus(403)).toBe(403);
    const refused = await api.call({ method: 'GET', url: '/api/networking', token: student });
    expect(refused.json().name).toBe('ERROR_SCHOOL_SUSPENDED');
    await sqlClient.query(`update tenants set suspended_at = null where slug = 'demo'`);
    expect(await networkingStatus(200)).toBe(200);
  });
});
