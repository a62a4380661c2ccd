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

export async function startTestApi(overrides: Partial<Config> = {}, extra: FastifyPluginAsync[] = []): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-test-'));
  const config = { ...loadConfig({}), dataDir, logLevel: 'silent', ...overrides };
  const pgBase = process.env.TEST_DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let database: Database;
  if (pgBase) {
    const name = `lms_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
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
