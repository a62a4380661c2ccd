// The surge's CPU per request, A/B (docs/performance.md "The surge's CPU per request"), on demand, not in `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_A=<dir> BENCH_B=<dir> node_modules/.bin/tsx bench/surge-ab.ts
// One database, one set of students (tokens issued, no sign-in), a quiz of BENCH_QUESTIONS (30). Each phase starts the
// API of one side (`node <dir>/server/dist/main.mjs`, API_WORKERS=BENCH_WORKERS, 2), then runs the surge's start window
// and answers (bench/surge.ts, open model: starts spread over BENCH_START_SECONDS, then an answer every 1–3 s until the
// attempt is over) with the generator's client BENCH_CLIENT_A / BENCH_CLIENT_B (undici or fetch), from the same state
// (the quiz's attempts deleted before each phase). Sides alternate A B B A …, BENCH_PAIRS pairs. For each phase: p50/p99
// of starts, first questions and answers, and the CPU seconds of the API's processes, of the database's backends
// serving them and of this load generator, in milliseconds a request. Throwaway database.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { chapterQuizzes, chapters, programUsers, questionOptions, questions, quizAttempts, quizzes, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/modules/accounts/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { freePort } from './extras.ts';
import { percentile, runSurge } from './surge.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
const START_WINDOW = Number(process.env.BENCH_START_SECONDS ?? 30);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const sides = { A: process.env.BENCH_A ?? '.', B: process.env.BENCH_B ?? '.' };
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
  const [demoQuiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.title, 'Зачёт по отчётности')));
  const [exam] = await db
    .insert(quizzes)
    .values({ tenant_id: 1, title: `Bench exam of ${QUESTIONS} questions`, max_attempts: null })
    .returning();
  for (let i = 0; i < QUESTIONS; i++) {
    const [q] = await db
      .insert(questions)
      .values({ tenant_id: 1, quiz_id: exam.id, text: `Question ${i + 1}`, type: 'radio', sort: i })
      .returning();
    await db.insert(questionOptions).values([0, 1, 2, 3].map((k) => ({ tenant_id: 1, question_id: q.id, text: `Option ${k + 1}`, is_correct: k === 0, score: k === 0 ? 1 : 0, sort: k })));
  }
  const [place] = await db.select().from(chapterQuizzes).where(eq(chapterQuizzes.quiz_id, demoQuiz.id)).limit(1);
  await db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: place.chapter_id, quiz_id: exam.id, sort: 99 });
  const created = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `ab${i}`, email: `ab${i}@demo.test`, password_hash: 'x', name: 'AB', surname: String(i) })))
    .returning({ id: users.id });
  const holders = await db.select({ id: chapters.program_id }).from(chapterQuizzes).innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id)).where(eq(chapterQuizzes.quiz_id, exam.id));
  for (const h of holders)
    await db
      .insert(programUsers)
      .values(created.map((u) => ({ tenant_id: 1, program_id: h.id, user_id: u.id })))
      .onConflictDoNothing();
  const demoDb = bindToSchool(db, 1);
  const tokens = await Promise.all(created.map((u) => issueTokens(demoDb, u.id).then((t) => t.access_token)));

  /** utime + stime of a process and its children (the API's primary and workers), seconds. */
  const ticks = Number(process.env.CLK_TCK ?? 100);
  const cpuOf = (pid: number): number => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const own = (Number(f[11]) + Number(f[12])) / ticks;
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return own + children.reduce((s, c) => s + cpuOf(c), 0);
    } catch {
      return 0;
    }
  };
  const backends = async () => (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid as number);

  async function phase(side: 'A' | 'B') {
    await db.delete(quizAttempts).where(eq(quizAttempts.quiz_id, exam.id));
    const port = await freePort();
    const distDir = mkdtempSync(join(tmpdir(), 'lms-bench-surge-dist-'));
    for (const a of ['learner', 'admin']) {
      mkdirSync(join(distDir, a), { recursive: true });
      writeFileSync(join(distDir, a, 'index.html'), '<!doctype html><title>stand-in</title>');
    }
    const server = spawn(process.execPath, [join(sides[side], 'server/dist/main.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        API_WORKERS: String(WORKERS),
        API_PORT: String(port),
        WEB_PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const api = `http://127.0.0.1:${port}`;
    for (
      const t0 = Date.now();
      !(await fetch(`${api}/health`).then(
        (r) => r.ok,
        () => false,
      ));
    ) {
      if (Date.now() - t0 > 60_000) throw new Error('the API did not answer /health within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const apiCpu0 = cpuOf(server.pid!);
    const pgCpu0 = new Map((await backends()).map((p) => [p, cpuOf(p)]));
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
    const apiCpu = cpuOf(server.pid!) - apiCpu0;
    let pgCpu = 0;
    for (const p of await backends()) pgCpu += cpuOf(p) - (pgCpu0.get(p) ?? 0);
    const ended = new Promise((res) => server.once('exit', res));
    server.kill('SIGTERM');
    await ended;
    // CPU milliseconds a request
    const per = (s: number) => ((1000 * s) / r.requests).toFixed(2);
    const p = (k: 'start' | 'first question' | 'answer') => `${Math.round(percentile(r.ops[k].latencies, 50))}/${Math.round(percentile(r.ops[k].latencies, 99))}`;
    const failed = Object.values(r.ops).reduce((s, o) => s + o.failed, 0);
    console.log(
      `| ${side} (${clients[side]}) | ${r.requests} | ${failed} | ${p('start')} | ${p('first question')} | ${p('answer')} | ${per(apiCpu)} | ${per(pgCpu)} | ${per(r.cpuS)} | ${per(apiCpu + pgCpu + r.cpuS)} | ${load0.toFixed(1)}–${r.loadMax.toFixed(1)} |`,
    );
  }

  console.log(`${STUDENTS} students, ${QUESTIONS} questions, starts over ${START_WINDOW} s, API_WORKERS=${WORKERS}; A=${sides.A}, B=${sides.B}`);
  console.log('| side | requests | errors | start p50/p99 ms | first question p50/p99 | answer p50/p99 | CPU ms a request: API | PostgreSQL | generator | all | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (let i = 0; i < PAIRS; i++) for (const side of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) await phase(side);
  await database.close();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(0);
