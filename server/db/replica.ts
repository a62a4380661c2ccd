import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { type Database, type Db, statementProbe } from './client.ts';
import { SchoolPool } from './pooled.ts';
import { bindToSchool } from './school.ts';

/**
 * The reports' reads on a streaming replica (`DATABASE_REPLICA_URL`, docs/deployment.md "Reports on a replica").
 *
 * The reports, the statistics and the Excel exports read a school's rows through `ReportReads.run`, which hands them
 * the replica's school-bound handle (the same wall as the primary's: SchoolPool sets the school and the role per
 * statement, which a hot standby allows) while the replica is up and behind by at most `maxLagSeconds`; otherwise,
 * and when the replica fails in the middle of a read, the primary's. Nothing else is ever given the replica's handle,
 * so no write reaches it, and what must read its own writes (saved reports, export jobs, the checks of a report's
 * parameters) keeps `req.db`.
 *
 * The lag is measured without trusting either clock: every check notes the primary's WAL position with this process's
 * time; the replica is as far behind as the oldest noted position it has not yet replayed. (The usual
 * `now() - pg_last_xact_replay_timestamp()` grows while the primary is idle, and compares two machines' clocks.)
 */

/** A replica this far behind or more is named to the admin beside the answer (`replica_lag_seconds`). */
export const LAG_NOTICE_SECONDS = 5;

export interface ReplicaState {
  /** Answering as a hot standby at the last check. */
  up: boolean;
  /** Seconds behind the primary at the last check (0 when it had replayed everything); null when unknown. */
  lagSeconds: number | null;
  /** Why it is not used, when it is not. */
  reason?: string;
}

export interface ReadOutcome<T> {
  value: T;
  on: 'replica' | 'primary';
  /** The replica's lag when the reads were served by it and it was `LAG_NOTICE_SECONDS` or more behind. */
  noticeLagSeconds?: number;
}

export interface ReportReads {
  /** Runs `read` with the school's handle for reports: the replica's when it may serve, else the primary's. */
  run<T>(schoolId: number, read: (db: Db) => Promise<T>): Promise<ReadOutcome<T>>;
  /** Whether reads go to the replica now, and why not. */
  state(): ReplicaState;
  /** Checks the replica now (also done every `checkEveryMs`). */
  check(): Promise<ReplicaState>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  url: string;
  primary: Database;
  poolSize?: number;
  queueTimeoutMs?: number;
  /** The replica is reached through a pooler in transaction mode: statements unnamed. */
  pooled?: boolean;
  /** Behind by more than this, the reads go to the primary (`DATABASE_REPLICA_MAX_LAG_SECONDS`, default 30). */
  maxLagSeconds?: number;
  checkEveryMs?: number;
}

/** Without a replica: every read on the primary. */
export function primaryReads(primary: Database): ReportReads {
  const state: ReplicaState = { up: false, lagSeconds: null, reason: 'no replica configured' };
  return {
    run: async (schoolId, read) => ({ value: await read(primary.forSchool(schoolId)), on: 'primary' }),
    state: () => state,
    check: async () => state,
    close: async () => {},
  };
}

/** 'X/Y' (pg_lsn as text) as one number. */
export const lsnOf = (text: string) => {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

/**
 * An error that says the replica cannot serve (lost connection, shut down, still starting, a query cancelled by a
 * conflict with recovery, a full queue), after which the read is run again on the primary. A statement the server
 * refused for its own sake (bad input, a missing row) is not: it would fail on the primary too.
 */
export function isReplicaTrouble(err: unknown): boolean {
  // Drizzle wraps the driver's error in one of its own (`cause`)
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && 'severity' in e) return /^(08|40|53|57|58)/.test(code);
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
    if (typeof message === 'string' && /^(timeout exceeded when trying to connect|Connection terminated)/.test(message)) return true;
    e = cause;
  }
  return false;
}

export function openReplicaReads(opts: ReplicaOptions): ReportReads {
  const maxLag = opts.maxLagSeconds ?? 30;
  const named = !opts.pooled;
  const queueTimeoutMs = opts.queueTimeoutMs ?? 5000;
  // a dead host must not hold a report for long: connecting has its own bound here, the primary's pool has none
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 3000 });
  pool.on('error', () => {});
  const probe = new pg.Pool({ connectionString: opts.url, max: 1, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2000, query_timeout: 2000 });
  probe.on('error', () => {});
  const logger = { logQuery: (query: string, params: unknown[]) => statementProbe.listener?.(query, params) };
  const schools = new Map<number, Db>();
  const replicaFor = (schoolId: number) => {
    let hit = schools.get(schoolId);
    if (!hit) {
      hit = bindToSchool(drizzlePg(new SchoolPool(pool, schoolId, named, queueTimeoutMs) as unknown as pg.Pool, { schema, logger }), schoolId);
      schools.set(schoolId, hit);
    }
    return hit;
  };

  let state: ReplicaState = { up: false, lagSeconds: null, reason: 'not checked yet' };
  /** The primary's WAL positions as noted by this process: [time in ms, position]. */
  const noted: [number, bigint][] = [];
  const keepMs = Math.max(maxLag * 2, 60) * 1000;

  async function check(): Promise<ReplicaState> {
    const now = Date.now();
    try {
      const primaryRows = (await opts.primary.db.execute('select pg_current_wal_lsn()::text as lsn')).rows as { lsn: string }[];
      noted.push([now, lsnOf(primaryRows[0].lsn)]);
      while (noted.length > 1 && noted[0][0] < now - keepMs) noted.shift();
    } catch {
      // the primary unreachable: the replica is judged on what was noted before
    }
    try {
      const { rows } = await probe.query<{ standby: boolean; replayed: string | null }>('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed');
      const [{ standby, replayed }] = rows;
      if (!standby || !replayed) state = { up: false, lagSeconds: null, reason: 'not a hot standby' };
      else {
        const at = lsnOf(replayed);
        const missing = noted.find(([, lsn]) => lsn > at);
        const lagSeconds = missing ? Math.max(0, (Date.now() - missing[0]) / 1000) : 0;
        state = lagSeconds > maxLag ? { up: true, lagSeconds, reason: `behind by more than ${maxLag} s` } : { up: true, lagSeconds };
      }
    } catch (err) {
      state = { up: false, lagSeconds: null, reason: `unreachable (${(err as Error).message})` };
    }
    return state;
  }

  let checking: Promise<ReplicaState> | undefined;
  const checkOnce = () => {
    checking ??= check().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  const timer = setInterval(() => void checkOnce(), opts.checkEveryMs ?? 1000);
  timer.unref();
  void checkOnce();

  const serves = () => state.up && state.reason === undefined;
  return {
    async run(schoolId, read) {
      if (!serves()) return { value: await read(opts.primary.forSchool(schoolId)), on: 'primary' };
      const lag = state.lagSeconds ?? 0;
      try {
        const value = await read(replicaFor(schoolId));
        return { value, on: 'replica', ...(lag >= LAG_NOTICE_SECONDS ? { noticeLagSeconds: Math.round(lag) } : {}) };
      } catch (err) {
        if (!isReplicaTrouble(err)) throw err;
        // the replica failed under the read: the next reads go to the primary until a check finds it well again
        state = { up: false, lagSeconds: null, reason: `failed a read (${(err as Error).message})` };
        return { value: await read(opts.primary.forSchool(schoolId)), on: 'primary' };
      }
    },
    state: () => state,
    // a check begun before the caller's change might not see it: wait for it, then check again
    check: async () => {
      await checking?.catch(() => undefined);
      return checkOnce();
    },
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await Promise.allSettled([pool.end(), probe.end()]);
    },
  };
}
