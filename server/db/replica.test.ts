import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { issueTokens } from '../core/tokens.ts';
import { exportJobs, tenants, users } from './schema/index.ts';
import { type Database, openDatabase } from './client.ts';
import { isReplicaTrouble, lsnOf } from './replica.ts';

/**
 * The reports' replica (server/db/replica.ts, issue 32): a real hot standby of a primary of the test's own, both made
 * here with Debian's PostgreSQL (initdb, pg_basebackup; as the `postgres` OS user when run as root) on ports 25011 and
 * 25012, and removed at the end. Runs in the PostgreSQL pass (TEST_DATABASE_URL), where PostgreSQL's binaries are there.
 */

const BIN = ['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => existsSync(join(b, 'initdb')));
const asRoot = userInfo().uid === 0;
// once, in the PostgreSQL pass: the pass through PgBouncer (TEST_PGBOUNCER_URL), which may overlap it, would only
// repeat it on the same ports
const runnable = Boolean(process.env.TEST_DATABASE_URL && !process.env.TEST_PGBOUNCER_URL && BIN);
const PRIMARY_PORT = 25011;
const STANDBY_PORT = 25012;

describe('replica: the parts without a database', () => {
  it('reads WAL positions and tells a lost replica from a bad statement', () => {
    expect(lsnOf('1/0') > lsnOf('0/FFFFFFFF')).toBe(true);
    expect(lsnOf('0/16B3748')).toBe(0x16b3748n);
    expect(isReplicaTrouble(Object.assign(new Error('terminating connection due to conflict with recovery'), { code: '40001', severity: 'FATAL' }))).toBe(true);
    expect(isReplicaTrouble(new Error('wrapped', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isReplicaTrouble(Object.assign(new Error('invalid input syntax'), { code: '22P02', severity: 'ERROR' }))).toBe(false);
    // a write that reached a standby is a defect to see, not a reason to try the primary
    expect(isReplicaTrouble(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006', severity: 'ERROR' }))).toBe(false);
  });
});

describe.skipIf(!runnable)('replica: reports on a hot standby, and back to the primary', () => {
  // made in beforeAll: a skipped suite leaves nothing behind
  let dir = '';
  const primaryDir = () => join(dir, 'primary');
  const standbyDir = () => join(dir, 'standby');
  const pg = (tool: string, args: string[]) => {
    const cmd = join(BIN as string, tool);
    return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', cwd: dir }) : execFileSync(cmd, args, { stdio: 'pipe', cwd: dir });
  };
  const settings = (port: number) => ['-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c shared_buffers=16MB -c max_connections=40`];
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let schoolId: number;

  const students = async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/statistics', headers: { domain: 'demo', authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { students: { total: number } }; replica_lag_seconds?: number };
    return { total: body.data.students.total, lag: body.replica_lag_seconds };
  };
  const onStandby = (sql: string) =>
    pg('psql', ['-h', '127.0.0.1', '-p', String(STANDBY_PORT), '-U', 'postgres', '-Atc', sql])
      .toString()
      .trim();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lms-replica-'));
    chmodSync(dir, 0o777);
    pg('initdb', ['-D', primaryDir(), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    pg('pg_ctl', ['-D', primaryDir(), '-w', '-l', join(dir, 'primary.log'), ...settings(PRIMARY_PORT), 'start']);
    pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(PRIMARY_PORT), '-U', 'postgres', '-D', standbyDir(), '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    pg('pg_ctl', ['-D', standbyDir(), '-w', '-l', join(dir, 'standby.log'), ...settings(STANDBY_PORT), 'start']);
    const dataDir = join(dir, 'data');
    database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres` });
    await seedReferenceData(database.db);
    // one school, its administrator and one student: what the dashboard needs (the demo seed costs seconds)
    const [school] = await database.db.insert(tenants).values({ slug: 'demo', title: 'Demo' }).returning();
    const [admin] = await database.db
      .insert(users)
      .values([
        { tenant_id: school.id, login: 'admin', email: 'admin@demo.test', password_hash: 'x', name: 'A', surname: 'Admin', role: 'admin' },
        { tenant_id: school.id, login: 'student', email: 'student@demo.test', password_hash: 'x', name: 'S', surname: 'Student', role: 'student' },
      ])
      .returning();
    schoolId = school.id;
    token = (await issueTokens(database.forSchool(school.id), admin.id)).access_token;
    const config = {
      ...loadConfig({}),
      dataDir,
      logLevel: 'silent',
      checkResponses: true,
      databaseReplicaUrl: `postgres://postgres@127.0.0.1:${STANDBY_PORT}/postgres`,
      databaseReplicaMaxLagSeconds: 7,
    };
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    // the standby has replayed the seed
    for (let i = 0; i < 100 && (await app.reportReads.check()).lagSeconds !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const d of dir ? [standbyDir(), primaryDir()] : []) if (existsSync(join(d, 'postmaster.pid'))) pg('pg_ctl', ['-D', d, '-m', 'immediate', 'stop']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the statistics from the standby, names its lag past 5 s, and goes to the primary past the limit or when it stops', async () => {
    expect(app.reportReads.state()).toEqual({ up: true, lagSeconds: 0 });
    const before = await students();
    expect(before.lag).toBeUndefined();

    // replay paused: a student added on the primary is not in the standby's figures, which are still served
    onStandby('select pg_wal_replay_pause()');
    await database.db.insert(users).values({ tenant_id: schoolId, login: 'late-student', email: 'late@demo.test', password_hash: 'x', name: 'Late', surname: 'Student', role: 'student' });
    await app.reportReads.check();
    expect(await students()).toEqual({ total: before.total, lag: undefined });

    await new Promise((r) => setTimeout(r, 5200));
    await app.reportReads.check();
    const lagging = await students();
    expect(lagging.total).toBe(before.total);
    expect(lagging.lag).toBeGreaterThanOrEqual(5);

    // past DATABASE_REPLICA_MAX_LAG_SECONDS (7 here): the primary answers, with the new student and no notice
    await new Promise((r) => setTimeout(r, 2200));
    await app.reportReads.check();
    expect(app.reportReads.state().reason).toMatch(/behind/);
    expect(await students()).toEqual({ total: before.total + 1, lag: undefined });

    // replay resumed: the standby serves again, caught up
    onStandby('select pg_wal_replay_resume()');
    for (let i = 0; i < 50 && (await app.reportReads.check()).lagSeconds !== 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(app.reportReads.state()).toEqual({ up: true, lagSeconds: 0 });
    expect(await students()).toEqual({ total: before.total + 1, lag: undefined });

    // an export job: its rows read on the standby, its own row written and read back on the primary
    const started = await app.inject({
      method: 'POST',
      url: '/admin/excel/export',
      headers: { domain: 'demo', authorization: `Bearer ${token}` },
      payload: { type: 'quizScoreResults', params: { period: 'year' } },
    });
    expect(started.statusCode).toBe(202);
    const id = started.json().data.id;
    let status = '';
    for (let i = 0; i < 100 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await app.inject({ method: 'GET', url: `/admin/excel/export/${id}`, headers: { domain: 'demo', authorization: `Bearer ${token}` } })).json().data.status;
    }
    expect(status).toBe('done');
    expect(onStandby('select pg_is_in_recovery()')).toBe('t');
    expect((await database.db.select().from(exportJobs)).map((j) => j.status)).toContain('done');

    // the standby stopped without a word: the next read fails there and is answered from the primary at once
    pg('pg_ctl', ['-D', standbyDir(), '-m', 'immediate', 'stop']);
    expect(await students()).toEqual({ total: before.total + 1, lag: undefined });
    expect(app.reportReads.state().up).toBe(false);
    expect((await app.reportReads.check()).reason).toMatch(/unreachable/);
  }, 60_000);
});
