import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, statementProbe, type Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { buildApp } from '../app.ts';
import { freshPostgresDatabase } from '../test/harness.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { SignInCache, type SignedIn } from './sign-in-cache.ts';
import type { BroadcastMessage } from './broadcast.ts';

const row = (userId: number, actorId: number | null = null) => ({ token: { id: userId * 10, user_id: userId, actor_id: actorId }, user: { id: userId } }) as unknown as SignedIn;

describe('SignInCache', () => {
  it('remembers a token for its lifetime only, and nothing until changes are heard', () => {
    let now = 0;
    const cache = new SignInCache(10_000, 100, () => now);
    cache.keep('a', row(1), cache.beginRead());
    expect(cache.get('a'), 'not heard yet').toBeUndefined();
    cache.setHeard(true);
    cache.keep('a', row(1), cache.beginRead());
    now = 9_999;
    expect(cache.get('a')?.user.id).toBe(1);
    now = 10_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a read that a change overtook', () => {
    const cache = new SignInCache(10_000);
    cache.setHeard(true);
    const epoch = cache.beginRead();
    cache.forgetUser(99); // somebody else's change, heard while the read was under way
    cache.keep('a', row(1), epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.keep('a', row(1), cache.beginRead());
    expect(cache.get('a')).toBeDefined();
  });

  it("forgets a user's tokens, and a demo-mode token whose actor changed", () => {
    const cache = new SignInCache(10_000);
    cache.setHeard(true);
    cache.keep('own', row(1), cache.beginRead());
    cache.keep('demo', row(2, 1), cache.beginRead());
    cache.keep('other', row(3), cache.beginRead());
    cache.forgetUser(1);
    expect([cache.get('own'), cache.get('demo'), cache.get('other')?.user.id]).toEqual([undefined, undefined, 3]);
  });

  it('forgets everything when changes stop being heard, and keeps at most its cap, the oldest leaving first', () => {
    const cache = new SignInCache(10_000, 2);
    cache.setHeard(true);
    for (const k of ['a', 'b', 'c']) cache.keep(k, row(1), cache.beginRead());
    expect([cache.get('a'), cache.size]).toEqual([undefined, 2]);
    cache.setHeard(false);
    expect(cache.size).toBe(0);
    cache.keep('d', row(1), cache.beginRead());
    expect(cache.get('d')).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0 (SIGNIN_CACHE_SECONDS=0)', () => {
    const cache = new SignInCache(0);
    cache.setHeard(true);
    cache.keep('a', row(1), cache.beginRead());
    expect(cache.get('a')).toBeUndefined();
  });
});

/**
 * Two API processes on one seeded PostgreSQL database (each with its own pools, caches and LISTEN connection, as two
 * processes of API_WORKERS have): a token is read once per process and then answered from memory; a change is seen by
 * the process that made it at its very next request, and by the other as soon as the database's message arrives,
 * whatever made the change (SQL sent by neither process here). The tests wait for the message, never for a time.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('the sign-in cache across API processes', () => {
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  let drop: () => Promise<void>;
  let sql: pg.Client;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(base!, 'lms_signin', inject('seededStart').template);
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: fresh.url });
      dbs.push(database);
      const config = { ...loadConfig({}), dataDir: mkdtempSync(join(tmpdir(), 'lms-signin-')), logLevel: 'silent' };
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      apps.push(app);
    }
    sql = new pg.Client({ connectionString: fresh.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    for (const app of apps) await app.close();
    for (const d of dbs) await d.close();
    await drop?.();
  });

  const call = (app: FastifyInstance, token: string | undefined, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { domain: 'demo', ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers } });
  const signIn = async (login: string) => {
    const res = await call(apps[0], undefined, {
      method: 'POST',
      url: '/api/token',
      payload: { username: login, password: DEMO_PASSWORD, client_id: 'web', client_secret: 'public', grant_type: 'password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };
  const me = (app: FastifyInstance, token: string) => call(app, token, { method: 'GET', url: '/api/user' });
  /** `fn`'s token reads, counted at the driver. */
  async function tokenReads<T>(fn: () => Promise<T>) {
    let reads = 0;
    statementProbe.listener = (query) => {
      if (/from "tokens"/.test(query)) reads++;
    };
    try {
      return { result: await fn(), reads };
    } finally {
      statementProbe.listener = undefined;
    }
  }
  /** Resolves when `app` hears the database say that `userId`'s rows changed. */
  const heard = (app: FastifyInstance, userId: number) => new Promise<void>((resolve) => app.onBroadcast('signed-in', (m: BroadcastMessage) => m.user === userId && resolve()));

  it('reads a token once per process, then answers it from memory', async () => {
    const token = await signIn('student');
    for (const app of apps) {
      expect((await tokenReads(() => me(app, token))).reads, 'first request').toBe(1);
      const again = await tokenReads(() => me(app, token));
      expect([again.result.statusCode, again.reads], 'second request').toEqual([200, 0]);
    }
  });

  it('a token revoked outside both processes is refused by both once the database says so', async () => {
    const token = await signIn('student');
    const id = (await me(apps[0], token)).json().data.id as number;
    await me(apps[1], token);
    expect((await tokenReads(() => me(apps[1], token))).reads, 'remembered').toBe(0);
    const told = Promise.all(apps.map((app) => heard(app, id)));
    await sql.query(`update tokens set revoked_at = now() where user_id = $1`, [id]);
    await told;
    for (const app of apps) expect((await me(app, token)).statusCode).toBe(401);
  });

  it("a user blocked or given another name outside both processes: both see it at once after the database's message", async () => {
    const token = await signIn('trainer');
    const id = (await me(apps[1], token)).json().data.id as number;
    await me(apps[0], token);
    let told = Promise.all(apps.map((app) => heard(app, id)));
    await sql.query(`update users set name = 'Renamed' where id = $1`, [id]);
    await told;
    for (const app of apps) expect((await me(app, token)).json().data.name).toBe('Renamed');
    told = Promise.all(apps.map((app) => heard(app, id)));
    await sql.query(`update users set is_blocked = true where id = $1`, [id]);
    await told;
    for (const app of apps) expect((await me(app, token)).json().name).toBe('ERROR_BLOCK');
    await sql.query(`update users set is_blocked = false where id = $1`, [id]);
  });

  it("a process's own change is seen by its very next request, without the database's message", async () => {
    const [a] = apps;
    const token = await signIn('student');
    const other = await signIn('moderator');
    const id = (await me(a, other)).json().data.id as number;
    expect((await me(a, token)).statusCode).toBe(200);
    // the triggers are off while the changes are made, so that only the process's own forgetting can explain a refusal
    await sql.query('alter table users disable trigger users_signed_in_changed; alter table tokens disable trigger tokens_signed_in_changed');
    try {
      expect((await call(a, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
      expect((await me(a, token)).statusCode, 'signed out').toBe(401);
      // through the unbound handle too (what a background job or the seed uses), on a token remembered again
      expect((await me(a, other)).statusCode).toBe(200);
      expect((await tokenReads(() => me(a, other))).reads, 'remembered').toBe(0);
      await dbs[0].db.update(users).set({ is_blocked: true }).where(eq(users.id, id));
      expect((await me(a, other)).json().name).toBe('ERROR_BLOCK');
      await dbs[0].db.update(users).set({ is_blocked: false }).where(eq(users.id, id));
    } finally {
      await sql.query('alter table users enable trigger users_signed_in_changed; alter table tokens enable trigger tokens_signed_in_changed');
    }
  });

  it('remembers nothing while the database cannot be heard, and again once it can', async () => {
    const [a] = apps;
    const token = await signIn('student');
    await me(a, token);
    const lost = new Promise<void>((resolve) => a.onBroadcastLink((up) => !up && resolve()));
    const back = new Promise<void>((resolve) => a.onBroadcastLink((up) => up && resolve()));
    // both processes' LISTEN connections are closed; each opens another a second later
    await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
    await lost;
    expect((await tokenReads(() => me(a, token))).reads, 'read while not heard').toBe(1);
    expect((await tokenReads(() => me(a, token))).reads, 'and again').toBe(1);
    await back;
    await me(a, token);
    expect((await tokenReads(() => me(a, token))).reads, 'remembered again').toBe(0);
  }, 30_000);
});
