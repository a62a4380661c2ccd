import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    expect(loadConfig({})).toMatchObject({ apiPort: 8000, webPort: 8080, defaultTenant: 'demo', logLevel: 'info', videoMaxMb: 2048, seedDemo: true, databaseUrl: undefined });
  });

  it('reads every variable in one place', () => {
    const c = loadConfig({
      API_PORT: '9000',
      WEB_PORT: '9080',
      DATABASE_URL: 'postgres://u@h/db',
      API_URL: 'https://api.example.com',
      DIST_DIR: '/srv/dist',
      MEDIA_VIDEO_MAX_MB: '100',
      DEFAULT_TENANT: 'Acme',
      WEB_ORIGINS: 'https://a.example.com, https://b.example.com',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    });
    expect(c).toMatchObject({
      apiPort: 9000,
      webPort: 9080,
      databaseUrl: 'postgres://u@h/db',
      apiUrl: 'https://api.example.com',
      distDir: '/srv/dist',
      videoMaxMb: 100,
      defaultTenant: 'acme',
      webOrigins: ['https://a.example.com', 'https://b.example.com'],
      logLevel: 'warn',
      seedDemo: false,
    });
  });

  it('trusts X-Forwarded-For from no proxy unless TRUST_PROXY names them (addresses and CIDR ranges)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes the per-address sign-in limit from SIGNIN_ADDRESS_LIMIT (default 100) and refuses a nonsense one', () => {
    expect(loadConfig({}).signInAddressLimit).toBe(100);
    expect(loadConfig({ SIGNIN_ADDRESS_LIMIT: '2000' }).signInAddressLimit).toBe(2000);
    for (const bad of ['0', '4', '12.5', 'many', '-100']) expect(() => loadConfig({ SIGNIN_ADDRESS_LIMIT: bad }), bad).toThrow(/SIGNIN_ADDRESS_LIMIT/);
  });

  it('sizes the database pools by DB_POOL_SIZE when it is set (1–1000 connections) and refuses a nonsense one', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DB_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const bad of ['0', '2.5', 'ten', '-1', '1001']) expect(() => loadConfig({ DB_POOL_SIZE: bad }), bad).toThrow(/DB_POOL_SIZE/);
  });

  it("batches the answers' events for ACTIVITY_BATCH_MS (default 1000; 0: not at all) and refuses a nonsense one", () => {
    expect(loadConfig({}).activityBatchMs).toBe(1000);
    expect(loadConfig({ ACTIVITY_BATCH_MS: '0' }).activityBatchMs).toBe(0);
    expect(loadConfig({ ACTIVITY_BATCH_MS: '250' }).activityBatchMs).toBe(250);
    for (const bad of ['-1', '1.5', 'soon', '60001']) expect(() => loadConfig({ ACTIVITY_BATCH_MS: bad }), bad).toThrow(/ACTIVITY_BATCH_MS/);
  });

  it('remembers a token for SIGNIN_CACHE_SECONDS (default 10; 0: not at all) and refuses a nonsense one', () => {
    expect(loadConfig({}).signInCacheSeconds).toBe(10);
    expect(loadConfig({ SIGNIN_CACHE_SECONDS: '0' }).signInCacheSeconds).toBe(0);
    expect(loadConfig({ SIGNIN_CACHE_SECONDS: '60' }).signInCacheSeconds).toBe(60);
    for (const bad of ['-1', '2.5', 'long', '61']) expect(() => loadConfig({ SIGNIN_CACHE_SECONDS: bad }), bad).toThrow(/SIGNIN_CACHE_SECONDS/);
  });

  it('reads a bulk issue without a beat for DIPLOMA_BATCH_STALE_SECONDS as interrupted (default 120) and refuses a nonsense one', () => {
    expect(loadConfig({}).diplomaBatchStaleSeconds).toBe(120);
    expect(loadConfig({ DIPLOMA_BATCH_STALE_SECONDS: '2' }).diplomaBatchStaleSeconds).toBe(2);
    for (const bad of ['0', '-1', '2.5', 'soon', '86401']) expect(() => loadConfig({ DIPLOMA_BATCH_STALE_SECONDS: bad }), bad).toThrow(/DIPLOMA_BATCH_STALE_SECONDS/);
  });

  it('gives up on the pool queue after DB_QUEUE_TIMEOUT_MS (default 5000; 0: never) and refuses a nonsense one', () => {
    expect(loadConfig({}).databaseQueueTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_QUEUE_TIMEOUT_MS: '0' }).databaseQueueTimeoutMs).toBe(0);
    expect(loadConfig({ DB_QUEUE_TIMEOUT_MS: '120000' }).databaseQueueTimeoutMs).toBe(120_000);
    for (const bad of ['-1', '2.5', 'soon', '120001']) expect(() => loadConfig({ DB_QUEUE_TIMEOUT_MS: bad }), bad).toThrow(/DB_QUEUE_TIMEOUT_MS/);
  });

  it('advises BUSY_RETRY_AFTER_SECONDS (default 3, 1 to 60) in a busy answer and refuses a nonsense one', () => {
    expect(loadConfig({}).busyRetryAfterSeconds).toBe(3);
    expect(loadConfig({ BUSY_RETRY_AFTER_SECONDS: '1' }).busyRetryAfterSeconds).toBe(1);
    expect(loadConfig({ BUSY_RETRY_AFTER_SECONDS: '60' }).busyRetryAfterSeconds).toBe(60);
    for (const bad of ['0', '-1', '1.5', 'later', '61']) expect(() => loadConfig({ BUSY_RETRY_AFTER_SECONDS: bad }), bad).toThrow(/BUSY_RETRY_AFTER_SECONDS/);
  });

  it('leaves the background report work to this process (EXPORT_JOBS=run, the default) or to another (queue)', () => {
    expect(loadConfig({}).exportJobs).toBe('run');
    expect(loadConfig({ EXPORT_JOBS: 'queue' }).exportJobs).toBe('queue');
    for (const bad of ['Run', 'later', '1']) expect(() => loadConfig({ EXPORT_JOBS: bad }), bad).toThrow(/EXPORT_JOBS/);
  });

  it('refuses wrong values at start with every problem named', () => {
    let err: unknown;
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', MEDIA_VIDEO_MAX_MB: '-5', DEFAULT_TENANT: 'a b', API_URL: 'not a url' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['API_PORT', 'DATABASE_URL', 'LOG_LEVEL', 'MEDIA_VIDEO_MAX_MB', 'DEFAULT_TENANT', 'API_URL']) expect(problems).toContain(name);
  });
});
