import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';

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
  /** `app.inject` with the `Domain` header (default `demo`) and an optional bearer token. */
  call(opts: InjectOptions & { token?: string; tenant?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of `baseUrl` (TEST_DATABASE_URL), and how to drop it. */
export async function freshPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const onServer = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

export async function startTestApi(overrides: Partial<Config> = {}, extra: FastifyPluginAsync[] = []): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-test-'));
  const config = { ...loadConfig({}), dataDir, logLevel: 'silent', ...overrides };
  const pgBase = process.env.TEST_DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  if (pgBase) {
    const fresh = await freshPostgresDatabase(pgBase, 'lms_test');
    database = await openDatabase({ url: fresh.url });
    dropDb = fresh.drop;
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  await seedReferenceData(database.db);
  await seedDemo(database.db, config.dataDir);
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
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
