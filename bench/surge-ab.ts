// The surge's CPU per request, A/B (docs/performance.md "The surge's CPU per request"), on demand, not in `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_A=<dir> BENCH_B=<dir> node_modules/.bin/tsx bench/surge-ab.ts
// One database, one set of students (tokens issued, no sign-in), a quiz of BENCH_QUESTIONS (30). Each phase starts the
// API of one side (`node <dir>/server/dist/main.mjs`, API_WORKERS=BENCH_WORKERS, 2), then runs the surge's start window
// and answers (bench/surge.ts, open model: starts spread over BENCH_START_SECONDS, then an answer every 1–3 s until the
// attempt is over) with the generator's client BENCH_CLIENT_A / BENCH_CLIENT_B (undici or fetch), from the same state
// (the quiz's attempts deleted before each phase). Sides alternate A B B A …, BENCH_PAIRS pairs. For each phase: p50/p99
// of starts, first questions and answers, the CPU seconds of the API's processes, of the database's backends serving
// them and of this load generator, in milliseconds a request, and the API's resident memory at the phase's end.
// BENCH_KEEP_API=1 keeps each side's API up from its first phase to the last, and adds each phase's live heap (after a
// full collection in every API process, bench/memory-probe.mjs), so that the table shows whether surge after surge
// leaves more behind. BENCH_DB_HOST_A / BENCH_DB_HOST_B: the side's way to PostgreSQL (a Unix socket's folder). Throwaway
// database.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { quizAttempts, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { databaseCpuMeter, processCpuS } from './cpu.ts';
import { createExam, enrolForQuiz } from './exam.ts';
import { processTreeMb } from './extras.ts';
import { percentile, runSurge } from './surge.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
const START_WINDOW = Number(process.env.BENCH_START_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const keepApi = process.env.BENCH_KEEP_API === '1';
const sides = { A: process.env.BENCH_A ?? '.', B: process.env.BENCH_B ?? '.' };
// BENCH_ENV_A / BENCH_ENV_B: settings of one side's API processes, `NAME=value` separated by spaces (DB_POOL_SIZE=3)
const envOf = (raw: string | undefined) =>
  Object.fromEntries(
    (raw ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
const sideEnv = { A: envOf(process.env.BENCH_ENV_A), B: envOf(process.env.BENCH_ENV_B) };
// BENCH_NODE_A / BENCH_NODE_B: node's own flags for one side's API (`--cpu-prof --cpu-prof-dir=/tmp/prof`), which
// NODE_OPTIONS refuses; the cluster's workers inherit them
const nodeFlags = { A: (process.env.BENCH_NODE_A ?? '').split(/\s+/).filter(Boolean), B: (process.env.BENCH_NODE_B ?? '').split(/\s+/).filter(Boolean) };
const memoryDir = keepApi ? mkdtempSync(join(tmpdir(), 'lms-bench-memory-')) : undefined;
if (memoryDir) for (const side of ['A', 'B'] as const) nodeFlags[side].unshift('--import', join(import.meta.dirname, 'memory-probe.mjs'));
const clients = { A: (process.env.BENCH_CLIENT_A ?? 'undici') as 'undici' | 'fetch', B: (process.env.BENCH_CLIENT_B ?? 'undici') as 'undici' | 'fetch' };
const base = process.env.BENCH_PG;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');

const name = `lms_bench_surge_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
try {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-surge-'));
  const database = await openDatabase({ url: url.toString() });
  const db = database.db;
  await seedReferenceData(db);
  await seedDemo(db, dataDir);
  const exam = await createExam(db, QUESTIONS);
  const created = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `ab${i}`, email: `ab${i}@demo.test`, password_hash: 'x', name: 'AB', surname: String(i) })))
    .returning({ id: users.id });
  await enrolForQuiz(
    db,
    exam.id,
    created.map((u) => u.id),
  );
  const demoDb = bindToSchool(db, 1);
  const tokens = await Promise.all(created.map((u) => issueTokens(demoDb, u.id).then((t) => t.access_token)));

  const pg = databaseCpuMeter(async () => (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid as number));

  /** The live heap of the API's processes, MB: each collects its garbage and writes its memory (SIGUSR2). */
  async function liveHeapMb(pid: number) {
    const tree = (p: number): number[] => [p, ...readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number).flatMap(tree)];
    const pids = tree(pid);
    for (const p of pids) process.kill(p, 'SIGUSR2');
    const files = pids.map((p) => join(memoryDir!, `${p}.json`));
    for (const t0 = Date.now(); !files.every(existsSync) && Date.now() - t0 < 120_000; ) await new Promise((r) => setTimeout(r, 100));
    let total = 0;
    for (const f of files) if (existsSync(f)) total += JSON.parse(readFileSync(f, 'utf8')).heapUsed / 1048576;
    for (const f of files) rmSync(f, { force: true });
    return total;
  }
  const running: Partial<Record<'A' | 'B', ApiProcess>> = {};
  // BENCH_DB_HOST_A / BENCH_DB_HOST_B: how one side's API reaches PostgreSQL, e.g. `/var/run/postgresql` for the
  // server's Unix socket instead of TCP on the loopback (docs/performance.md "The database's socket")
  const databaseUrlOf = (side: 'A' | 'B') => {
    const host = process.env[`BENCH_DB_HOST_${side}`];
    const u = new URL(url);
    if (host) u.searchParams.set('host', host);
    return u.toString();
  };
  async function phase(side: 'A' | 'B') {
    await db.delete(quizAttempts).where(eq(quizAttempts.quiz_id, exam.id));
    const apiProcess =
      running[side] ??
      (await startApiProcess([...nodeFlags[side], join(sides[side], 'server/dist/main.mjs')], dataDir, {
        DATABASE_URL: databaseUrlOf(side),
        API_WORKERS: String(WORKERS),
        BENCH_MEMORY_DIR: memoryDir ?? '',
        ...sideEnv[side],
      }));
    const { url: api, child: server, stop } = apiProcess;
    const apiCpu0 = processCpuS(server.pid!);
    await pg.start();
    const load0 = loadavg()[0];
    const r = await runSurge({
      base: api,
      tenant: 'demo',
      logins: tokens.map((_, i) => `ab${i}`),
      tokens,
      password: '',
      quizId: exam.id,
      signInWindowS: 0,
      startWindowS: START_WINDOW,
      client: clients[side],
    });
    const apiCpu = processCpuS(server.pid!) - apiCpu0;
    const pgCpu = await pg.stop();
    const memoryMb = processTreeMb(server.pid!);
    const heapMb = memoryDir ? await liveHeapMb(server.pid!) : undefined;
    if (keepApi) running[side] = apiProcess;
    else await stop();
    // CPU milliseconds a request
    const per = (s: number) => ((1000 * s) / r.requests).toFixed(2);
    const p = (k: 'start' | 'first question' | 'answer') => `${Math.round(percentile(r.ops[k].latencies, 50))}/${Math.round(percentile(r.ops[k].latencies, 99))}`;
    const failed = Object.values(r.ops).reduce((s, o) => s + o.failed, 0);
    console.log(
      `| ${side} (${clients[side]}) | ${r.requests} | ${failed} | ${p('start')} | ${p('first question')} | ${p('answer')} | ${per(apiCpu)} | ${per(pgCpu)} | ${per(r.cpuS)} | ${per(apiCpu + pgCpu + r.cpuS)} | ${load0.toFixed(1)}–${r.loadMax.toFixed(1)} | ${Math.round(memoryMb)}${heapMb === undefined ? '' : ` (live heap ${heapMb.toFixed(1)})`} |`,
    );
  }

  console.log(
    `${STUDENTS} students, ${QUESTIONS} questions, starts over ${START_WINDOW} s, API_WORKERS=${WORKERS}; A=${sides.A} ${process.env.BENCH_ENV_A ?? ''} ${process.env.BENCH_DB_HOST_A ?? ''}, B=${sides.B} ${process.env.BENCH_ENV_B ?? ''} ${process.env.BENCH_DB_HOST_B ?? ''}`,
  );
  console.log('| side | requests | errors | start p50/p99 ms | first question p50/p99 | answer p50/p99 | CPU ms a request: API | PostgreSQL | generator | all | load | API memory MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  // BENCH_ORDER (`AAAA`): the phases' sides in the order given, instead of the pairs
  const order = process.env.BENCH_ORDER ? ([...process.env.BENCH_ORDER] as ('A' | 'B')[]) : Array.from({ length: PAIRS }, (_, i) => (i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))).flat();
  for (const side of order) await phase(side);
  for (const kept of Object.values(running)) await kept.stop();
  await database.close();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(0);
