import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hash } from '@node-rs/argon2';
import { eq, like } from 'drizzle-orm';
import { throttleHits } from '../../db/schema/index.ts';
import { Throttle, sweepThrottles } from '../../core/throttle.ts';

const CLIENT = { client_id: 'web', client_secret: 'public', grant_type: 'password' };
const PASSWORD = 'Right1234';
/** A cheap argon2 hash (verification reads its parameters from it), so that a hundred wrong passwords take no time. */
const cheapHash = (plain: string) => hash(plain, { memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * Sign-in and reset throttles (docs/security.md "Throttles"): counted by the connection's address unless a proxy named
 * in TRUST_PROXY forwards the request, per account as well as per address, in the database that every process shares.
 */
describe('accounts: throttles that a client cannot reset', () => {
  let api: TestApi;
  const extraApps: FastifyInstance[] = [];
  let n = 0;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await api.close();
  });

  /** A user of its own for each test, so that the counters of one test never meet another's. */
  async function freshUser(tenantId = 1) {
    const login = `throttled${++n}`;
    await api.db.insert(users).values({ tenant_id: tenantId, login, email: `${login}@mail.test`, password_hash: await cheapHash(PASSWORD) });
    return login;
  }

  /** Another API process on the same database (its own counters in memory, if it had any), optionally behind proxies. */
  async function anotherProcess(overrides: Partial<Config> = {}) {
    const database: Database = {
      db: api.db,
      forSchool: (id) => api.app.schoolDb(id),
      kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      wasEmpty: false,
      close: async () => {},
    };
    const app = await buildApp({ config: { ...api.config, ...overrides }, database, logger: false });
    await app.ready();
    extraApps.push(app);
    return (opts: InjectOptions) => app.inject({ ...opts, headers: { domain: 'demo', ...opts.headers } });
  }

  const signIn = (
    username: string,
    password: string,
    opts: Partial<InjectOptions> = {},
    via: (o: InjectOptions) => Promise<{ statusCode: number; json(): { name: string; variables: Record<string, number> } }> = (o) => api.call(o),
  ) => via({ method: 'POST', url: '/api/token', ...opts, payload: { ...CLIENT, username, password } });

  it('does not reset the limit for a rotating X-Forwarded-For: no proxy is trusted by default', async () => {
    const login = await freshUser();
    for (let i = 0; i < 5; i++) {
      const r = await signIn(login, `wrong-${i}-pass`, { remoteAddress: '10.20.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect(r.json().name).toBe('ERROR_PASS');
    }
    const sixth = await signIn(login, PASSWORD, { remoteAddress: '10.20.0.1', headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect([sixth.statusCode, sixth.json().name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
  });

  it('holds 100 failed sign-ins an hour per account across addresses, then refuses even the right password from a new one', async () => {
    const login = await freshUser();
    const other = await freshUser();
    for (let i = 0; i < 100; i++) {
      const r = await signIn(login, `wrong-${i}-pass`, { remoteAddress: `10.30.${i >> 8}.${i & 255}` });
      expect(r.json().name, `attempt ${i + 1}`).toBe('ERROR_PASS');
    }
    const locked = await signIn(login.toUpperCase(), PASSWORD, { remoteAddress: '10.31.0.1' });
    expect([locked.statusCode, locked.json().name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(locked.json().variables.retry_after).toBeGreaterThan(3500);
    expect(locked.json().variables.retry_after).toBeLessThanOrEqual(3600);
    // by e-mail too: it is the same account
    expect((await signIn(`${login}@mail.test`, PASSWORD, { remoteAddress: '10.31.0.2' })).statusCode).toBe(429);
    // another account, and the same login in another school, are not locked
    expect((await signIn(other, PASSWORD, { remoteAddress: '10.31.0.3' })).statusCode).toBe(200);
    await api.db.insert(users).values({ tenant_id: 2, login, email: `${login}@north.test`, password_hash: await cheapHash(PASSWORD) });
    expect((await signIn(login, PASSWORD, { remoteAddress: '10.31.0.4' }, (o) => api.call({ ...o, tenant: 'north' }))).statusCode).toBe(200);
  });

  it('uses the forwarded address from a proxy named in TRUST_PROXY, and only from it', async () => {
    const viaProxy = await anotherProcess({ trustProxy: ['10.40.0.1', '10.41.0.0/16'] });
    const login = await freshUser();
    const from = (client: string, remote = '10.40.0.1') => ({ remoteAddress: remote, headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 5; i++) expect((await signIn(login, `wrong-${i}-pass`, from('203.0.113.5'), viaProxy)).json().name).toBe('ERROR_PASS');
    expect((await signIn(login, PASSWORD, from('203.0.113.5'), viaProxy)).statusCode).toBe(429);
    // another client behind the same proxy is another address
    expect((await signIn(login, 'wrong-x-pass', from('203.0.113.6'), viaProxy)).json().name).toBe('ERROR_PASS');
    // the client's own additions to the header (left of what the proxy appended) are not believed
    const chain = await anotherProcess({ trustProxy: ['10.40.0.1'] });
    const second = await freshUser();
    for (let i = 0; i < 5; i++) expect((await signIn(second, `wrong-${i}-pass`, from(`192.0.2.${i}, 203.0.113.7`), chain)).json().name).toBe('ERROR_PASS');
    expect((await signIn(second, PASSWORD, from('192.0.2.77, 203.0.113.7'), chain)).statusCode).toBe(429);
    // a connection that is not from a named proxy: its header is ignored
    const third = await freshUser();
    for (let i = 0; i < 5; i++) expect((await signIn(third, `wrong-${i}-pass`, from(`203.0.113.${10 + i}`, '10.50.0.1'), viaProxy)).json().name).toBe('ERROR_PASS');
    expect((await signIn(third, PASSWORD, from('203.0.113.99', '10.50.0.1'), viaProxy)).statusCode).toBe(429);
  });

  it('limits sign-ins per address across logins to SIGNIN_ADDRESS_LIMIT, which a school behind one address can raise', async () => {
    const strict = await anotherProcess({ signInAddressLimit: 5 });
    const logins = await Promise.all(Array.from({ length: 6 }, () => freshUser()));
    for (const login of logins.slice(0, 5)) expect((await signIn(login, 'wrong-a-pass', { remoteAddress: '10.70.0.1' }, strict)).json().name).toBe('ERROR_PASS');
    const sprayed = await signIn(logins[5], PASSWORD, { remoteAddress: '10.70.0.1' }, strict);
    expect([sprayed.statusCode, sprayed.json().name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    // another address is not held back; the default limit (100) lets the same address go on
    expect((await signIn(logins[5], PASSWORD, { remoteAddress: '10.70.0.2' }, strict)).statusCode).toBe(200);
    expect((await signIn(logins[5], PASSWORD, { remoteAddress: '10.70.0.1' })).statusCode).toBe(200);
  });

  it('shares the counters between two API processes on one database', async () => {
    const other = await anotherProcess();
    const login = await freshUser();
    for (let i = 0; i < 5; i++) {
      const via = i % 2 ? other : (o: InjectOptions) => api.call(o);
      expect((await signIn(login, `wrong-${i}-pass`, { remoteAddress: '10.60.0.1' }, via)).json().name).toBe('ERROR_PASS');
    }
    expect((await signIn(login, PASSWORD, { remoteAddress: '10.60.0.1' }, other)).statusCode).toBe(429);
    expect((await signIn(login, PASSWORD, { remoteAddress: '10.60.0.1' })).statusCode).toBe(429);
  });

  it('lets exactly 5 of 20 simultaneous wrong passwords from one address through', async () => {
    const login = await freshUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(login, `wrong-${i}-pass`, { remoteAddress: '10.70.0.1' })));
    const names = answers.map((r) => r.json().name);
    expect(names.filter((x) => x === 'ERROR_PASS').length).toBe(5);
    expect(names.filter((x) => x !== 'ERROR_PASS').every((x) => x === 'TOO_MANY_ATTEMPTS')).toBe(true);
    expect((await signIn(login, PASSWORD, { remoteAddress: '10.70.0.1' })).statusCode).toBe(429);
    // a success does not count: many sign-ins from one address are never throttled
    const ok = await freshUser();
    for (let i = 0; i < 8; i++) expect((await signIn(ok, PASSWORD, { remoteAddress: '10.70.0.2' })).statusCode).toBe(200);
  });

  it('limits reset requests per address whatever X-Forwarded-For says, and reset mails per account from any address', async () => {
    const reset = (email: string, remoteAddress: string, xff?: string) =>
      api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', remoteAddress, headers: xff ? { 'x-forwarded-for': xff } : {}, payload: { email } });
    // probing for e-mails from one address, rotating the header
    for (let i = 0; i < 5; i++) expect((await reset(`ghost${i}@mail.test`, '10.80.0.1', `198.51.100.${i}`)).json().name).toBe('Email_doesnt_exists');
    const probe = await reset('ghost9@mail.test', '10.80.0.1', '198.51.100.9');
    expect([probe.statusCode, probe.json().name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    // mails to one account from many addresses: 5 an hour
    const login = await freshUser();
    const outbox = join(api.config.dataDir, 'outbox', 'demo');
    const mailsTo = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const before = mailsTo();
    for (let i = 0; i < 5; i++) expect((await reset(`${login}@mail.test`, `10.81.0.${i}`)).statusCode).toBe(200);
    const sixth = await reset(`${login}@mail.test`, '10.81.0.99');
    expect([sixth.statusCode, sixth.json().name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(sixth.json().variables.retry_after).toBeGreaterThan(3500);
    expect(mailsTo() - before).toBe(5);
  });

  it('keeps hashed keys, does not count a refused attempt, and sweeps expired attempts', async () => {
    const t = new Throttle(api.db, { name: 'probe:short', max: 2, windowMs: 300 });
    const rows = () => api.db.select().from(throttleHits).where(like(throttleHits.key, 'probe:short:%'));
    await t.hit('10.90.0.1|someone');
    await t.hit('10.90.0.1|someone');
    await expect(t.hit('10.90.0.1|someone')).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', variables: { retry_after: 1 } });
    expect(await rows()).toHaveLength(2);
    expect((await rows()).every((r) => /^probe:short:[0-9a-f]{64}$/.test(r.key))).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    const freed = await t.hit('10.90.0.1|someone'); // the window passed
    expect(await sweepThrottles(api.db)).toBeGreaterThanOrEqual(2);
    expect(await rows()).toHaveLength(1);
    await freed.forgive();
    expect(await api.db.select().from(throttleHits).where(eq(throttleHits.key, 'nothing'))).toEqual([]);
    expect(await rows()).toHaveLength(0);
  });
});
