import { mkdtempSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { freshPostgresDatabase } from './harness.ts';

/**
 * Overload is an answer, not a failure (issue 26 item 3; docs/api.md "Busy"): a real API on a real PostgreSQL whose
 * pool queue waits too long, and then whose database refuses every connection, answers 503 ERROR_BUSY with
 * `Retry-After`, never 500, and a write so refused leaves no row. Nothing is mocked: the pool's one connection is
 * really held, and the database really refuses (`ALLOW_CONNECTIONS false`, which binds a superuser too, with its
 * sessions ended). PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite has no connections to refuse or queue for.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('the API when the database is saturated or refuses (PostgreSQL)', () => {
  const RETRY_AFTER = 2;
  let app: FastifyInstance;
  let database: Database;
  let dbName = '';
  let drop: () => Promise<void> = async () => {};
  let dataDir = '';
  let token = '';

  /** A statement on the test's database, on a connection of its own (never the app's pool). */
  const direct = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const url = new URL(base!);
    url.pathname = `/${dbName}`;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    try {
      return (await c.query<T>(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  /** A statement on the server's maintenance database (to open and close the test's database). */
  const onServer = async (text: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const groupsTitled = async (title: string) => Number((await direct<{ n: string }>('select count(*) as n from groups where title = $1', [title]))[0].n);
  const createGroup = (title: string) => app.inject({ method: 'POST', url: '/admin/group', headers: { domain: 'demo', authorization: `Bearer ${token}` }, payload: { title } });
  const expectBusy = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER));
    expect(res.json()).toMatchObject({ category: 'busy', name: 'ERROR_BUSY', variables: { retry_after: RETRY_AFTER } });
  };

  beforeAll(async () => {
    const start = inject('seededStart');
    if (!start.template) throw new Error('the seeded start was made for PGlite; TEST_DATABASE_URL changed after the run began');
    const fresh = await freshPostgresDatabase(base!, 'lms_busy', start.template);
    drop = fresh.drop;
    dbName = new URL(fresh.url).pathname.slice(1);
    dataDir = mkdtempSync(join(tmpdir(), 'lms-busy-'));
    await cp(start.dataDir, dataDir, { recursive: true });
    // one connection, and a short wait for it: the pool's queue is easy to fill and gives up quickly
    // straight to PostgreSQL, in the PgBouncer run too: behind PgBouncer a refusing database keeps a statement waiting
    // for the pooler's query_wait_timeout (120 s by default) before its 08P01 (docs/deployment.md "When the database is full")
    database = await openDatabase({ url: fresh.url, poolSize: 1, queueTimeoutMs: 400 });
    const config = { ...loadConfig({}), dataDir, logLevel: 'silent', checkResponses: true, busyRetryAfterSeconds: RETRY_AFTER };
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { domain: 'demo' },
      payload: { username: 'admin', password: DEMO_PASSWORD, client_id: 'web', client_secret: 'public', grant_type: 'password' },
    });
    expect(res.statusCode).toBe(200);
    token = res.json().access_token;
  });

  afterAll(async () => {
    await onServer(`alter database ${dbName} allow_connections true`).catch(() => undefined);
    await app?.close();
    await database?.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers 503 ERROR_BUSY with Retry-After when the pool's queue waits longer than DB_QUEUE_TIMEOUT_MS, writes nothing, and serves again once a connection is free", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding = () => {};
    const isHolding = new Promise<void>((r) => {
      holding = r;
    });
    // the pool's one connection, really taken and kept (a long report, a slow transaction of another request)
    const hold = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await held;
    });
    await isHolding;
    try {
      const started = Date.now();
      const write = await createGroup('Queued while busy');
      expectBusy(write);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350); // it waited its queue timeout, then gave up
      const read = await app.inject({ method: 'GET', url: '/admin/group', headers: { domain: 'demo', authorization: `Bearer ${token}` } });
      expectBusy(read);
    } finally {
      release();
      await hold;
    }
    expect(await groupsTitled('Queued while busy')).toBe(0);
    const again = await createGroup('Queued while busy');
    expect(again.statusCode).toBe(201);
    expect(await groupsTitled('Queued while busy')).toBe(1);
  });

  it('answers 503 ERROR_BUSY with Retry-After when the database refuses connections, writes nothing, and serves again once it accepts them', async () => {
    await onServer(`alter database ${dbName} allow_connections false`);
    // the pool's idle connection ends too: the next statement needs a new one, which the database refuses
    await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);
    await new Promise((r) => setTimeout(r, 100));
    try {
      expectBusy(await createGroup('Refused while closed'));
      // from the portal's origin: the browser lets the app read Retry-After (CORS exposes it)
      const read = await app.inject({ method: 'GET', url: '/admin/group', headers: { domain: 'demo', authorization: `Bearer ${token}`, origin: 'http://demo.localhost:8080' } });
      expectBusy(read);
      expect(String(read.headers['access-control-expose-headers'])).toMatch(/(^|, ?)Retry-After(,|$)/);
      // a load balancer's check sees it too
      expectBusy(await app.inject({ method: 'GET', url: '/health' }));
    } finally {
      await onServer(`alter database ${dbName} allow_connections true`);
    }
    expect(await groupsTitled('Refused while closed')).toBe(0);
    const again = await createGroup('Refused while closed');
    expect(again.statusCode).toBe(201);
    expect(await groupsTitled('Refused while closed')).toBe(1);
  });
});
