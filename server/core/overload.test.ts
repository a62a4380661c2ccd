import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { AppError } from './errors.ts';
import { isOverload } from './overload.ts';

/**
 * The classifier of server/core/overload.ts: which errors mean "the database is busy or unreachable, come back in a
 * moment" (503 ERROR_BUSY) and which are real failures or bad input. The driver's own errors are made for real where
 * a machine can make them: a closed port, a server that never answers (the pool's queue and its connect timeout), and
 * on PostgreSQL (TEST_DATABASE_URL) a role over its CONNECTION LIMIT and a database closed to connections.
 */
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A server that accepts connections and never says a word (a saturated server, a stuck proxy). */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const s: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((r) => {
        for (const sock of sockets) sock.destroy();
        s.close(() => r());
      }),
  };
}

describe('isOverload: what the database says', () => {
  it('reads PostgreSQL refusals and unavailability as busy, by SQLSTATE', () => {
    for (const code of ['53300', '53400', '57P03', '57P01', '57P02', '08001', '08004', '08006']) expect(isOverload(withCode(code)), code).toBe(true);
  });

  it("reads PgBouncer's refusals (08P01 with its words) and a database closed to connections (55000) as busy, other 08P01 and 55000 not", () => {
    expect(isOverload(withCode('08P01', 'no more connections allowed (max_client_conn)'))).toBe(true);
    expect(isOverload(withCode('08P01', 'query_wait_timeout'))).toBe(true);
    expect(isOverload(withCode('08P01', 'pgbouncer cannot connect to server'))).toBe(true);
    expect(isOverload(withCode('08P01', 'server login has been failing, try again later (server_login_retry)'))).toBe(true);
    expect(isOverload(withCode('55000', 'database "x" is not currently accepting connections'))).toBe(true);
    // PostgreSQL's refusals of PgBouncer's own login, passed on by PgBouncer 1.18 under 08P01 (seen through scripts/pgbouncer.sh)
    expect(isOverload(withCode('08P01', 'database "x" is not currently accepting connections'))).toBe(true);
    expect(isOverload(withCode('08P01', 'too many connections for role "app"'))).toBe(true);
    expect(isOverload(withCode('08P01', 'sorry, too many clients already'))).toBe(true);
    expect(isOverload(withCode('08P01', 'the database system is starting up'))).toBe(true);
    expect(isOverload(withCode('08P01', 'unsupported pkt type: 80'))).toBe(false);
    expect(isOverload(withCode('55000', 'currval of sequence "s" is not yet defined in this session'))).toBe(false);
  });

  it('leaves bad input, conflicts, programming errors and catalogue errors alone', () => {
    for (const code of ['23505', '23503', '22P02', '42P01', '42703', '40001', '57014', 'ENOENT', 'FST_ERR_VALIDATION'])
      expect(isOverload(withCode(code, 'duplicate key value violates unique constraint')), code).toBe(false);
    expect(isOverload(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isOverload(new AppError(404, 'NOT_FOUND_USER'))).toBe(false);
    expect(isOverload(undefined)).toBe(false);
    expect(isOverload('timeout exceeded when trying to connect')).toBe(false); // a string is not the pool's Error
  });

  it('finds the refusal under the wrappers (cause chains, AggregateError) and survives a cause loop', () => {
    expect(isOverload(new Error('Failed query: select 1', { cause: new Error('wrap', { cause: withCode('53300') }) }))).toBe(true);
    expect(isOverload(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect'))).toBe(true);
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isOverload(a)).toBe(false);
  });
});

describe('isOverload: real errors of the driver', () => {
  const opened: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it('a database whose port refuses connections (ECONNREFUSED), through Drizzle as the API meets it', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x', max: 1 });
    opened.push({ close: () => pool.end() });
    const err = await drizzle(pool)
      .execute(sql`select 1`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    expect(isOverload(err)).toBe(true);
  });

  it("the pool's queue waiting longer than connectionTimeoutMillis, and a server that does not answer in that time", async () => {
    const silent = await silentServer();
    opened.push(silent);
    const pool = new pg.Pool({ host: '127.0.0.1', port: silent.port, user: 'x', database: 'x', max: 1, connectionTimeoutMillis: 300 });
    opened.push({ close: () => pool.end() });
    const first = pool.connect().then(
      () => undefined,
      (e: unknown) => e,
    ); // holds the pool's one slot while it connects
    const queued = pool.connect().then(
      () => undefined,
      (e: unknown) => e,
    ); // waits in the queue behind it
    const [connectTimeout, queueTimeout] = await Promise.all([first, queued]);
    expect((connectTimeout as Error).message).toBe('Connection terminated due to connection timeout');
    expect((queueTimeout as Error).message).toBe('timeout exceeded when trying to connect');
    expect(isOverload(connectTimeout)).toBe(true);
    expect(isOverload(queueTimeout)).toBe(true);
  });
});

const base = process.env.TEST_DATABASE_URL;

// PGlite has no connections to refuse: these need a PostgreSQL server
describe.skipIf(!base)('isOverload: real refusals of PostgreSQL (TEST_DATABASE_URL)', () => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const role = `lms_busy_${suffix}`;
  const closed = `lms_closed_${suffix}`;
  const onServer = async (text: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const connectError = async (url: URL) => {
    const c = new pg.Client({ connectionString: url.toString() });
    return c.connect().then(
      async () => (await c.end(), undefined),
      (e: unknown) => e,
    );
  };
  afterAll(async () => {
    await onServer(`drop database if exists ${closed} with (force)`);
    await onServer(`drop role if exists ${role}`);
  });

  it('a role over its CONNECTION LIMIT (53300, as max_connections gives it)', async () => {
    await onServer(`create role ${role} login connection limit 0`);
    const url = new URL(base!);
    url.username = role;
    const err = await connectError(url);
    expect(err).toMatchObject({ code: '53300' });
    expect(isOverload(err)).toBe(true);
  });

  it('a database closed to connections (ALLOW_CONNECTIONS false: 55000 "not currently accepting connections")', async () => {
    await onServer(`create database ${closed}`);
    await onServer(`alter database ${closed} allow_connections false`);
    const url = new URL(base!);
    url.pathname = `/${closed}`;
    const err = await connectError(url);
    expect(err).toMatchObject({ code: '55000' });
    expect(isOverload(err)).toBe(true);
  });
});
