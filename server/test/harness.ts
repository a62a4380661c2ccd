import { mkdtempSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { onServer } from './seeded-start.ts';

/**
 * A real API on a real database for one test file: embedded PGlite in memory by default, or a
 * fresh database on the PostgreSQL server named by TEST_DATABASE_URL (`npm test` runs the API
 * suite both ways). Seeded with the demo schools; files go to a temporary DATA_DIR.
 */
export interface TestApi {
  app: FastifyInstance;
  db: Database['db'];
  config: Config;
  /** Signs in as a demo login (`student`, `admin`, …) of a school; answers the access token. */
  login(login: string, tenant?: string, password?: string): Promise<string>;
  /** The id of a login of a school (tenant 1 is the demo school, 2 the north school); throws when there is none. */
  userId(login: string, tenantId?: number): Promise<number>;
  /** `app.inject` with the `Domain` header (default `demo`) and an optional bearer token. */
  call(opts: InjectOptions & { token?: string; tenant?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A new database on the PostgreSQL server of `baseUrl` (TEST_DATABASE_URL), empty or a copy of `template`, and how to drop it. */
export async function freshPostgresDatabase(baseUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * How a test opens a database of the PostgreSQL server: straight, or, when TEST_PGBOUNCER_URL names a PgBouncer in
 * transaction mode in front of it (`npm test`'s third API run, scripts/pgbouncer.sh), through that pooler as a
 * deployment behind one does (`DATABASE_DIRECT_URL` set: migrations and LISTEN straight, statements unnamed).
 */
export function testDatabaseOptions(directUrl: string) {
  const bouncer = process.env.TEST_PGBOUNCER_URL;
  if (!bouncer) return { url: directUrl };
  const url = new URL(bouncer);
  url.pathname = new URL(directUrl).pathname;
  return { url: url.toString(), directUrl, pooled: true };
}

export async function startTestApi(overrides: Partial<Config> = {}, extra: FastifyPluginAsync[] = []): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-test-'));
  const config = { ...loadConfig({}), dataDir, logLevel: 'silent', checkResponses: true, ...overrides };
  const pgBase = process.env.TEST_DATABASE_URL;
  // a copy of the run's seeded start (server/test/global-setup.ts): the demo schools' rows and their files
  const start = inject('seededStart');
  await cp(start.dataDir, dataDir, { recursive: true });
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  if (pgBase) {
    if (!start.template) throw new Error('the seeded start was made for PGlite; TEST_DATABASE_URL changed after the run began');
    const fresh = await freshPostgresDatabase(pgBase, 'lms_test', start.template);
    database = await openDatabase(testDatabaseOptions(fresh.url));
    dropDb = fresh.drop;
  } else {
    if (!start.pgliteDump) throw new Error('the seeded start was made for PostgreSQL; TEST_DATABASE_URL changed after the run began');
    database = await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([await readFile(start.pgliteDump)]) });
  }
  const app = await buildApp({ config, database, logger: false, extra });
  await app.ready();

  const call: TestApi['call'] = ({ token, tenant = 'demo', headers, ...opts }) =>
    app.inject({
      ...opts,
      headers: { domain: tenant, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    }) as Promise<LightMyRequestResponse>;

  return {
    app,
    db: database.db,
    config,
    call,
    async login(login, tenant = 'demo', password = DEMO_PASSWORD) {
      const res = await call({
        method: 'POST',
        url: '/api/token',
        tenant,
        payload: { username: login, password, client_id: 'web', client_secret: 'public', grant_type: 'password' },
      });
      if (res.statusCode !== 200) throw new Error(`login ${login}@${tenant} failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async userId(login, tenantId = 1) {
      const [u] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.login, login), eq(users.tenant_id, tenantId)));
      if (!u) throw new Error(`no user ${login} in school ${tenantId}`);
      return u.id;
    },
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
