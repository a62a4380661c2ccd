// The cost of the second wall (issue 9, docs/performance.md "School-bound data access and row-level security"), on
// demand, not in `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/tsx bench/school-wall.ts
// One build, one database, one process: the exam rush (next question + answer, closed loop) in alternating phases with
// the row-level security policies applied and bypassed. Bypassing is `alter role campus_app bypassrls`: the same
// connections, statements and plans-to-be, only the policies skipped. Throwaway database; BENCH_PAIRS (4),
// BENCH_SECONDS (6 a phase), BENCH_STUDENTS (2000), BENCH_CONNECTIONS (50).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { questionOptions, questions, quizzes, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { APP_ROLE } from '../server/db/school-wall.ts';
import { demoQuiz, enrolForQuiz } from './exam.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const base = process.env.BENCH_PG;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');

const name = `lms_bench_wall_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-wall-'));
const database = await openDatabase({ url: url.toString() });
const db = database.db;
await seedReferenceData(db);
await seedDemo(db, dataDir);
const quiz = await demoQuiz(db);
await db.update(quizzes).set({ max_attempts: null }).where(eq(quizzes.id, quiz.id));
const quizQuestions = await db.select().from(questions).where(eq(questions.quiz_id, quiz.id));
const firstOption = new Map<number, number>();
for (const q of quizQuestions) {
  const [o] = await db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id)).limit(1);
  firstOption.set(q.id, o.id);
}
const created = await db
  .insert(users)
  .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `wall${i}`, email: `wall${i}@demo.test`, password_hash: 'x', name: 'Wall', surname: String(i) })))
  .returning({ id: users.id });
await enrolForQuiz(
  db,
  quiz.id,
  created.map((u) => u.id),
);
const demoDb = bindToSchool(db, 1);
const tokens = await Promise.all(created.map((u) => issueTokens(demoDb, u.id).then((t) => t.access_token)));

const config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, domain: 'demo', 'content-type': 'application/json' });
const attempts: number[] = [];
for (const token of tokens) {
  const res = await fetch(`${api}/api/quiz/${quiz.id}?is_new=true`, { headers: headers(token) });
  const body = (await res.json()) as { data?: { attempt: { id: number } } };
  if (!body.data) throw new Error(`start refused: ${res.status} ${JSON.stringify(body)}`);
  attempts.push(body.data.attempt.id);
}

const run = (opts: autocannon.Options) => new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
let gets = 0;
let posts = 0;
async function rush() {
  return run({
    url: api,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = gets++ % STUDENTS;
          return { ...req, path: `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempts[i]}`, headers: headers(tokens[i]) };
        },
      },
      {
        method: 'POST',
        setupRequest: (req) => {
          const k = posts++;
          const i = k % STUDENTS;
          const q = quizQuestions[Math.floor(k / STUDENTS) % quizQuestions.length];
          const option = firstOption.get(q.id)!;
          return {
            ...req,
            path: '/api/QuestionUserAnswer',
            headers: headers(tokens[i]),
            body: JSON.stringify({ id_quizAttemp: attempts[i], question_id: q.id, answer: q.type === 'radio' ? option : [option] }),
          };
        },
      },
    ],
  });
}

// every phase starts from the same state: the attempts open and unanswered, the same answers to give in the same order
// (otherwise a later phase would meet 409 repeats, which cost less than answers)
async function reset() {
  const ids = attempts.join(',');
  await db.execute(sql.raw(`delete from question_answers where attempt_id in (${ids})`));
  await db.execute(
    sql.raw(`update quiz_attempts set status = 'IN_PROCESS', finished_at = null, score = null, percent = null, passed = null, answered_count = 0, answered_score = 0 where id in (${ids})`),
  );
  await db.execute(sql.raw('vacuum analyze question_answers, quiz_attempts'));
  gets = 0;
  posts = 0;
}

const rows: { wall: string; rps: number; p50: number; p99: number; non2xx: number; total: number; load: string }[] = [];
await rush(); // warm-up: caches, plans, pools
for (let p = 0; p < PAIRS; p++) {
  // alternate which side goes first, so that a drift of the machine's load does not favour one side
  const order = p % 2 ? ['bypassrls', 'nobypassrls'] : ['nobypassrls', 'bypassrls'];
  for (const attr of order) {
    await reset();
    await admin.query(`alter role ${APP_ROLE} ${attr}`);
    const r = await rush();
    rows.push({
      wall: attr === 'nobypassrls' ? 'on' : 'off',
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      total: r.requests.total,
      load: loadavg()[0].toFixed(2),
    });
  }
}
await admin.query(`alter role ${APP_ROLE} nobypassrls`);

console.log(`${new Date().toISOString()} PostgreSQL, ${STUDENTS} students, ${CONNECTIONS} connections, ${SECONDS} s a phase, ${PAIRS} pairs`);
console.log('| pair | wall | req/s | p50 ms | p99 ms | non-2xx / total | load avg |');
console.log('|---|---|---|---|---|---|---|');
rows.forEach((r, i) => console.log(`| ${Math.floor(i / 2) + 1} | ${r.wall} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} / ${r.total} | ${r.load} |`));
const mean = (wall: string) => {
  const xs = rows.filter((r) => r.wall === wall).map((r) => r.rps);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
};
console.log(`mean req/s: wall on ${mean('on').toFixed(1)}, off ${mean('off').toFixed(1)}: the wall costs ${((1 - mean('on') / mean('off')) * 100).toFixed(1)} % of throughput`);

await app.close();
await database.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
