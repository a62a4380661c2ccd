import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { bindToSchool } from './school.ts';
import { watchedHandle } from './write-watch.ts';
import { SchoolPool } from './pooled.ts';
import { SCHOOL_WALL_IN_PLACE_SQL, SCHOOL_WALL_SQL } from './school-wall.ts';

// `../db/`: the same folder from this file and from the bundle `npm start` runs (server/dist/main.mjs)
export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * One Drizzle API over two drivers. The PGlite and node-postgres databases share the schema,
 * the query builder and the migration history, so application code never knows which it has.
 *
 * PGlite is one connection: it queues every query behind an open transaction itself, so code
 * inside `db.transaction(tx => …)` must use `tx` only (using `db` there would wait forever).
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  /** Unbound: for server/core (school and token look-up), migrations, the seed and the named cross-school paths. */
  db: Db;
  /**
   * The handle bound to one school (server/db/school.ts). On PostgreSQL it shares the process's one pool, each of its
   * statements and transactions running as the wall's role with the school set (pooled.ts), so row-level security
   * filters it for that school (school-wall.ts); on PGlite, the one connection.
   */
  forSchool(schoolId: number): Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: listens on a channel on a connection of its own (opened again when lost); answers how to stop.
   * The API processes hear each other's cache invalidations through it (server/core/broadcast.ts).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onLink?: (connected: boolean) => void): Promise<() => Promise<void>>;
  /** Whether the database had no tables before migrations ran (first start). */
  wasEmpty: boolean;
  /** PGlite only: a dump of the whole data folder, to open copies with `pgliteSnapshot` (the test suite's seeded start). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Sees every statement the application sends through Drizzle (all handles, both drivers), when set. Tests use it to
 * count the statements of one request (server/modules/quizzes/answer-path.test.ts); nothing sets it in production.
 */
export const statementProbe: { listener?: (query: string, params: unknown[]) => void } = {};
const logger = { logQuery: (query: string, params: unknown[]) => statementProbe.listener?.(query, params) };

export interface DatabaseOptions {
  /** PostgreSQL URL; absent means embedded PGlite. */
  url?: string;
  /** Folder for PGlite data; `memory://` for a throwaway in-memory database. */
  pgliteDir?: string;
  /** Connections of the process's one pool on PostgreSQL, whatever the number of schools; default 10. */
  poolSize?: number;
  /** How long a statement may wait for a free connection of the pool before it fails as overload (503); default 5000 ms. */
  queueTimeoutMs?: number;
  /**
   * PostgreSQL straight, when `url` is a pooler (PgBouncer in transaction mode): the start-up's migrations (a session
   * lock) and the LISTEN connection of the broadcasts go there. Default: `url`.
   */
  directUrl?: string;
  /** `url` is a pooler in transaction mode: no named prepared statements (they would not outlive a transaction). */
  pooled?: boolean;
  /** PGlite only: start from this data-folder dump (`snapshot()` of another database) instead of an empty cluster. */
  pgliteSnapshot?: Blob;
}

/** The advisory lock that start-up's migrations take on PostgreSQL (any fixed number: "lms" schema). */
const SCHEMA_LOCK = 0x6c6d73;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // The one pool of this process (docs/school-isolation.md "How a request reaches its school's rows"): the unbound
    // handle and every school's share it; a school-bound statement sets its school within its own transaction.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // the wait for a free connection is bounded per request by SchoolPool (queueTimeoutMs): a request's first wait
      // answers 503 when it is over, a later one goes on (pooled.ts `acquire`); opening a connection has its own bound
      connectionTimeoutMillis: 0,
    });
    pool.on('error', idleClientError);
    const namedStatements = !opts.pooled;
    const queueTimeoutMs = opts.queueTimeoutMs ?? 5000;
    const db = drizzlePg(new SchoolPool(pool, undefined, namedStatements, queueTimeoutMs) as unknown as pg.Pool, { schema, logger });
    const directUrl = opts.directUrl ?? opts.url;
    // Several API processes or hosts may start at once on one database: the migrations and the school wall's grants
    // and policies run under an advisory lock, one process after the other (two at once fail with "tuple
    // concurrently updated" on the catalogue); the later ones find everything in place. The lock is a session's, so it
    // is taken on a connection straight to PostgreSQL, never through a pooler.
    const lock = new pg.Client({ connectionString: directUrl });
    await lock.connect();
    let wasEmpty: boolean;
    try {
      await lock.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
      const query = async (text: string) => (await lock.query(text)).rows;
      const { rows } = await lock.query(`select to_regclass('public.tenants') as t`);
      wasEmpty = rows[0].t === null;
      if (await migrationsDue(query)) await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
      if (!(await query(SCHOOL_WALL_IN_PLACE_SQL))[0].in_place) await lock.query(SCHOOL_WALL_SQL);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => {});
      await lock.end().catch(() => {});
    }
    // a school's handle is a view of the same pool: nothing is opened per school
    const schools = new Map<number, Db>();
    const forSchool = (schoolId: number) => {
      let hit = schools.get(schoolId);
      if (!hit) {
        if (!Number.isSafeInteger(schoolId) || schoolId <= 0) throw new Error(`Not a school id: ${schoolId}`);
        hit = bindToSchool(drizzlePg(new SchoolPool(pool, schoolId, namedStatements, queueTimeoutMs) as unknown as pg.Pool, { schema, logger }), schoolId);
        schools.set(schoolId, hit);
      }
      return hit;
    };
    // `onLink` hears when the connection is lost (messages sent meanwhile are never heard) and when it is back
    const listen = async (channel: string, onMessage: (payload: string) => void, onLink?: (connected: boolean) => void) => {
      let client: pg.Client | undefined;
      let stopped = false;
      const retry = () => {
        if (!stopped) setTimeout(() => void connect().catch(retry), 1000).unref();
      };
      const connect = async () => {
        // keep-alive: a connection that the network dropped without a word is found lost, not trusted for ever
        const c = new pg.Client({ connectionString: directUrl, keepAlive: true });
        c.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
        });
        c.on('error', idleClientError);
        c.on('end', () => {
          if (client !== c) return;
          client = undefined;
          onLink?.(false);
          retry();
        });
        await c.connect();
        await c.query(`listen ${channel}`);
        // stopped while this connection was being opened again: it is not kept
        if (stopped) return void (await c.end());
        client = c;
        onLink?.(true);
      };
      await connect();
      return async () => {
        stopped = true;
        const c = client;
        client = undefined;
        await c?.end();
      };
    };
    return {
      db: watchedHandle(db),
      forSchool,
      listen,
      kind: 'postgres',
      wasEmpty,
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dirname(dir), { recursive: true });
  // pg_trgm: the trigram indexes of the list searches (migration 0009, docs/performance.md) exist on both databases
  // shared_buffers 32 MB instead of the cluster's 128 MB, all of it touched when PGlite starts: 100 MB less for the
  // process at rest (docs/performance.md "Start-up and memory"); the files stay in the system's page cache anyway
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: opts.pgliteSnapshot, startParams });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const res = await client.query<{ t: string | null }>(`select to_regclass('public.tenants') as t`);
  const wasEmpty = res.rows[0].t === null;
  const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  if (await migrationsDue(query)) await migratePglite(db as never, { migrationsFolder });
  // PGlite is one session: the school cannot be set per request on it, so only the first wall (the bound handle)
  // applies there. The policies are created all the same, so that both databases hold the same schema.
  if (!(await query(SCHOOL_WALL_IN_PLACE_SQL))[0].in_place) await client.exec(SCHOOL_WALL_SQL);
  const schools = new Map<number, Db>();
  const forSchool = (schoolId: number) => {
    let hit = schools.get(schoolId);
    if (!hit) schools.set(schoolId, (hit = bindToSchool(db, schoolId)));
    return hit;
  };
  return { db: watchedHandle(db), forSchool, kind: 'pglite', wasEmpty, snapshot: () => client.dumpDataDir('none'), close: () => client.close() };
}

/**
 * An idle pooled connection that the server closes (a restart, a dropped database, `pg_terminate_backend`) is
 * reported on the pool; without a listener Node would end the process. The pool drops that client and opens a new
 * one on the next query, so there is nothing to do but say so.
 */
function idleClientError(err: Error & { code?: string }) {
  if (err.code !== '57P01') console.warn(`PostgreSQL: an idle connection was closed (${err.code ?? err.message})`);
}

/**
 * Whether Drizzle's migrator has anything to apply: it applies the journal's migrations newer than the newest it
 * recorded (`created_at` of drizzle.__drizzle_migrations), so when none is newer the start skips it, and with it
 * reading and hashing every migration file and its transaction (a tenth to a third of a second of each start).
 */
async function migrationsDue(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const [{ m }] = await query(`select to_regclass('drizzle.__drizzle_migrations') as m`);
  if (m === null) return true;
  const [{ last }] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  if (last === null) return true;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return journal.entries.some((e) => e.when > Number(last));
}

export function pgliteDirFor(dataDir: string) {
  return join(dataDir, 'db');
}
