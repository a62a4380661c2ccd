import { isIP } from 'node:net';
import { resolve } from 'node:path';

/**
 * Runtime configuration: the one place that reads the environment (see README "Configuration"). Every value is
 * checked when the server starts; a wrong one stops it with a message naming the variable, rather than failing later.
 */
export interface Config {
  databaseUrl?: string;
  /**
   * PostgreSQL itself when `DATABASE_URL` is a pooler in transaction mode (PgBouncer): `DATABASE_DIRECT_URL`. Setting it
   * says there is a pooler: statements are sent unnamed, and the start-up's migrations and the LISTEN connection of the
   * broadcasts go straight to PostgreSQL (docs/deployment.md "Behind PgBouncer").
   */
  databaseDirectUrl?: string;
  /**
   * A streaming replica (hot standby) of the database (`DATABASE_REPLICA_URL`): the reports, the statistics and the
   * Excel exports read there while it is up and at most `databaseReplicaMaxLagSeconds` behind, else on the primary
   * (server/db/replica.ts; docs/deployment.md "Reports on a replica"). Never written to.
   */
  databaseReplicaUrl?: string;
  /** Behind by more than this (`DATABASE_REPLICA_MAX_LAG_SECONDS`, default 30), the replica's reads go to the primary. */
  databaseReplicaMaxLagSeconds: number;
  /**
   * Connections an API process opens at most on PostgreSQL (`DB_POOL_SIZE`, default 10): its one pool, whatever the
   * number of schools, plus one listening connection (server/db/client.ts; docs/deployment.md "Connections").
   */
  databasePoolSize?: number;
  dataDir: string;
  apiPort: number;
  webPort: number;
  host: string;
  defaultTenant: string;
  /** Origins allowed by CORS; `*.localhost` and the web port are always allowed in development. */
  webOrigins: string[];
  /** Seed the demo schools into an empty embedded database on start. */
  seedDemo: boolean;
  logLevel: string;
  /** Public API address the apps call (default: the page's host name on `apiPort`). */
  apiUrl?: string;
  /** Where the built apps are served from. */
  distDir?: string;
  /** Largest video a back-office upload accepts, in MB. */
  videoMaxMb: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (`TRUST_PROXY`: addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`).
   * The client address (`req.ip`, which the sign-in and reset throttles count by) comes from the header only when the
   * connection comes from one of them. Empty (the default): the header is ignored.
   */
  trustProxy: string[];
  /**
   * Sign-in attempts per address in 15 minutes, across logins and schools (`SIGNIN_ADDRESS_LIMIT`, default 100): the
   * password-spraying limit. Counted while an attempt is in flight, so a school whose students all sign in at once
   * from one address (a campus NAT, an exam room) raises it (docs/security.md "Throttles").
   */
  signInAddressLimit: number;
  /**
   * Hold every answer against its route's response schema and fail the call when they differ (`CHECK_RESPONSES=1`;
   * the API tests always do): keeps the documented contracts true (server/core/responses.ts). Off in production.
   */
  checkResponses: boolean;
  /**
   * How long a quiz answer's activity event waits to be written with others, in ms (`ACTIVITY_BATCH_MS`, default 1000;
   * 0: each with its answer, in the answer's own statement). The activity reports lag the answers by this much at most;
   * a process killed without a graceful stop loses its last batch of events (never an answer). docs/reports.md.
   */
  activityBatchMs: number;
  /**
   * How long an API process may answer a bearer token from memory instead of reading its rows again, in seconds
   * (`SIGNIN_CACHE_SECONDS`, default 10; 0: every request reads them). Only on PostgreSQL, only while the process hears
   * the database's change messages, and emptied by every change of a user or a token (docs/security.md "The sign-in
   * cache"): the figure bounds how stale a row can be if a message is ever late, not how long a change takes.
   */
  signInCacheSeconds: number;
  /**
   * How long a running bulk issue of diplomas may go without its worker's beat before a reader marks it interrupted,
   * in seconds (`DIPLOMA_BATCH_STALE_SECONDS`, default 120; a document takes about a second). docs/documents.md.
   */
  diplomaBatchStaleSeconds: number;
  /**
   * How often, in hours, each API process removes stored files that no row names (`FILE_SWEEP_HOURS`, default 6; 0:
   * never, not even at start). It also runs once when the API starts listening (server/core/file-sweep.ts).
   */
  fileSweepHours: number;
  /** How old, in minutes, a stored file must be before the sweep may remove it (`FILE_SWEEP_GRACE_MINUTES`, default 60). */
  fileSweepGraceMinutes: number;
  /**
   * How long a request may wait in its pool's queue for a PostgreSQL connection, in ms (`DB_QUEUE_TIMEOUT_MS`, default
   * 5000; 0: for ever). Past it the pool gives up and the API answers 503 ERROR_BUSY with `Retry-After` instead of
   * holding the request (server/db/client.ts `connectionTimeoutMillis`; docs/deployment.md "When the database is full").
   */
  databaseQueueTimeoutMs: number;
  /**
   * The `Retry-After` of a 503 ERROR_BUSY, in seconds (`BUSY_RETRY_AFTER_SECONDS`, default 3): how long the apps wait
   * before they try a read again, once (docs/api.md "Busy").
   */
  busyRetryAfterSeconds: number;
  /**
   * Who runs the background report work, the Excel export jobs and the scheduled reports (`EXPORT_JOBS`, default
   * `run`). `run`: this process runs the jobs it queues and every second takes a job left queued by any process;
   * `queue`: this process only queues them, for a process of `run` elsewhere, say a reports host of its own at a lower
   * CPU priority beside the API hosts that an exam loads (docs/deployment.md "A reports host").
   */
  exportJobs: 'run' | 'queue';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration: ${problems.join('; ')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const port = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 65535) problems.push(`${name} must be a port number (0–65535), not "${raw}"`);
    return n;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = env[name];
    if (!raw) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
    } catch {
      problems.push(`${name} is not a URL: "${raw}"`);
    }
    return raw;
  };
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const defaultTenant = (env.DEFAULT_TENANT || 'demo').toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(defaultTenant)) problems.push('DEFAULT_TENANT must be a host name label (letters, digits, hyphens)');
  const videoMaxMb = env.MEDIA_VIDEO_MAX_MB ? Number(env.MEDIA_VIDEO_MAX_MB) : 2048;
  if (!Number.isFinite(videoMaxMb) || videoMaxMb <= 0) problems.push('MEDIA_VIDEO_MAX_MB must be a positive number of megabytes');
  const databasePoolSize = env.DB_POOL_SIZE ? Number(env.DB_POOL_SIZE) : undefined;
  if (databasePoolSize !== undefined && !(Number.isInteger(databasePoolSize) && databasePoolSize >= 1 && databasePoolSize <= 1000))
    problems.push('DB_POOL_SIZE must be a whole number of connections from 1 to 1000');
  const webOrigins = (env.WEB_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const o of webOrigins) {
    try {
      new URL(o);
    } catch {
      problems.push(`WEB_ORIGINS holds "${o}", which is not an origin (https://host[:port])`);
    }
  }
  const signInAddressLimit = env.SIGNIN_ADDRESS_LIMIT ? Number(env.SIGNIN_ADDRESS_LIMIT) : 100;
  if (!Number.isInteger(signInAddressLimit) || signInAddressLimit < 5 || signInAddressLimit > 1_000_000)
    problems.push('SIGNIN_ADDRESS_LIMIT must be a whole number of sign-in attempts from 5 to 1000000');
  const activityBatchMs = env.ACTIVITY_BATCH_MS ? Number(env.ACTIVITY_BATCH_MS) : 1000;
  if (!Number.isInteger(activityBatchMs) || activityBatchMs < 0 || activityBatchMs > 60_000) problems.push('ACTIVITY_BATCH_MS must be a whole number of milliseconds from 0 to 60000');
  const signInCacheSeconds = env.SIGNIN_CACHE_SECONDS ? Number(env.SIGNIN_CACHE_SECONDS) : 10;
  if (!Number.isInteger(signInCacheSeconds) || signInCacheSeconds < 0 || signInCacheSeconds > 60) problems.push('SIGNIN_CACHE_SECONDS must be a whole number of seconds from 0 to 60');
  const diplomaBatchStaleSeconds = env.DIPLOMA_BATCH_STALE_SECONDS ? Number(env.DIPLOMA_BATCH_STALE_SECONDS) : 120;
  if (!Number.isInteger(diplomaBatchStaleSeconds) || diplomaBatchStaleSeconds < 1 || diplomaBatchStaleSeconds > 86_400)
    problems.push('DIPLOMA_BATCH_STALE_SECONDS must be a whole number of seconds from 1 to 86400');
  const fileSweepHours = env.FILE_SWEEP_HOURS ? Number(env.FILE_SWEEP_HOURS) : 6;
  if (!Number.isInteger(fileSweepHours) || fileSweepHours < 0 || fileSweepHours > 720) problems.push('FILE_SWEEP_HOURS must be a whole number of hours from 0 to 720');
  const fileSweepGraceMinutes = env.FILE_SWEEP_GRACE_MINUTES ? Number(env.FILE_SWEEP_GRACE_MINUTES) : 60;
  if (!Number.isInteger(fileSweepGraceMinutes) || fileSweepGraceMinutes < 10 || fileSweepGraceMinutes > 10_080)
    problems.push('FILE_SWEEP_GRACE_MINUTES must be a whole number of minutes from 10 to 10080');
  const databaseQueueTimeoutMs = env.DB_QUEUE_TIMEOUT_MS ? Number(env.DB_QUEUE_TIMEOUT_MS) : 5000;
  if (!Number.isInteger(databaseQueueTimeoutMs) || databaseQueueTimeoutMs < 0 || databaseQueueTimeoutMs > 120_000)
    problems.push('DB_QUEUE_TIMEOUT_MS must be a whole number of milliseconds from 0 to 120000');
  const busyRetryAfterSeconds = env.BUSY_RETRY_AFTER_SECONDS ? Number(env.BUSY_RETRY_AFTER_SECONDS) : 3;
  if (!Number.isInteger(busyRetryAfterSeconds) || busyRetryAfterSeconds < 1 || busyRetryAfterSeconds > 60) problems.push('BUSY_RETRY_AFTER_SECONDS must be a whole number of seconds from 1 to 60');
  const databaseReplicaMaxLagSeconds = env.DATABASE_REPLICA_MAX_LAG_SECONDS ? Number(env.DATABASE_REPLICA_MAX_LAG_SECONDS) : 30;
  if (!Number.isInteger(databaseReplicaMaxLagSeconds) || databaseReplicaMaxLagSeconds < 1 || databaseReplicaMaxLagSeconds > 3600)
    problems.push('DATABASE_REPLICA_MAX_LAG_SECONDS must be a whole number of seconds from 1 to 3600');
  const exportJobs = env.EXPORT_JOBS || 'run';
  if (exportJobs !== 'run' && exportJobs !== 'queue') problems.push('EXPORT_JOBS must be run or queue');
  const trustProxy = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const p of trustProxy) if (!isAddressOrRange(p)) problems.push(`TRUST_PROXY holds "${p}", which is not an IP address or CIDR range (10.0.0.0/8)`);
  const config: Config = {
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseDirectUrl: url('DATABASE_DIRECT_URL', ['postgres:', 'postgresql:']),
    databaseReplicaUrl: url('DATABASE_REPLICA_URL', ['postgres:', 'postgresql:']),
    databaseReplicaMaxLagSeconds,
    databasePoolSize,
    dataDir: resolve(env.DATA_DIR || './data'),
    apiPort: port('API_PORT', 8000),
    webPort: port('WEB_PORT', 8080),
    host: env.HOST || '0.0.0.0',
    defaultTenant,
    webOrigins,
    seedDemo: env.SEED_DEMO !== '0',
    logLevel,
    apiUrl: url('API_URL', ['http:', 'https:']),
    distDir: env.DIST_DIR || undefined,
    videoMaxMb,
    trustProxy,
    signInAddressLimit,
    checkResponses: env.CHECK_RESPONSES === '1',
    activityBatchMs,
    signInCacheSeconds,
    diplomaBatchStaleSeconds,
    fileSweepHours,
    fileSweepGraceMinutes,
    databaseQueueTimeoutMs,
    busyRetryAfterSeconds,
    exportJobs: exportJobs === 'queue' ? 'queue' : 'run',
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** `10.0.0.1`, `::1`, `10.0.0.0/8` or `fd00::/8`. */
function isAddressOrRange(s: string) {
  const [addr, bits, extra] = s.split('/');
  const v = isIP(addr);
  if (!v || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (v === 4 ? 32 : 128);
}
