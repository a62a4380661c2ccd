// The exam rush and the answer route against the raw loop, A/B (docs/performance.md "One pool per process: the cost"),
// on demand, not in `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_A=<dir> BENCH_B=<dir> node_modules/.bin/tsx bench/answer-ab.ts
// What `npm run bench` measures of the closed loops (bench/run.ts), for two checkouts in one run: one database, the demo
// seed, BENCH_STUDENTS (400) students with an attempt each at an exam of BENCH_QUESTIONS (30) questions. Each phase, from the same state (the
// attempts emptied of their answers before each loop): the side's API (`node <dir>/server/dist/main.mjs`,
// API_WORKERS=BENCH_WORKERS, 1 as in `npm run bench`) takes the exam rush (next question + answer, closed loop,
// BENCH_CONNECTIONS 50, BENCH_SECONDS 10) then the answer route alone; then, the API stopped, the raw loop of that side's
// own code in this process (its openDatabase, storeAnswer, event batch: the token's read, the answer's statement and
// its event, no HTTP) on as many loops. Sides alternate A B B A …, BENCH_PAIRS (2) pairs. Throwaway database.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { questionAnswers, questionOptions, questions, quizAttempts, quizzes, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { startApiProcess } from './api-process.ts';
import { createExam, enrolForQuiz } from './exam.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 400);
// an exam of BENCH_QUESTIONS (30) questions (bench/exam.ts): students × questions new answers, more than any loop
// stores in BENCH_SECONDS, so that no loop runs out of them into 409 repeats (which cost less than answers)
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const sides = { A: resolve(process.env.BENCH_A ?? '.'), B: resolve(process.env.BENCH_B ?? '.') };
const base = process.env.BENCH_PG;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');

const name = `lms_bench_answer_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const load1 = () => loadavg()[0].toFixed(1);
const run = (opts: autocannon.Options) => new Promise<autocannon.Result>((res, rej) => autocannon(opts, (err, r) => (err ? rej(err) : res(r))));
try {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-answer-'));
  const database = await openDatabase({ url: url.toString() });
  const db = database.db;
  await seedReferenceData(db);
  await seedDemo(db, dataDir);
  const quiz = await createExam(db, QUESTIONS);
  await db.update(quizzes).set({ max_attempts: null }).where(eq(quizzes.id, quiz.id));
  const quizQuestions = await db.select().from(questions).where(eq(questions.quiz_id, quiz.id));
  const firstOption = new Map<number, number>();
  for (const q of quizQuestions) {
    const [o] = await db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id)).limit(1);
    firstOption.set(q.id, o.id);
  }
  const created = await db
    .insert(users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `ans${i}`, email: `ans${i}@demo.test`, password_hash: 'x', name: 'Ans', surname: String(i) })))
    .returning({ id: users.id });
  await enrolForQuiz(
    db,
    quiz.id,
    created.map((u) => u.id),
  );
  const tokens = await Promise.all(created.map((u) => issueTokens(bindToSchool(db, 1), u.id).then((t) => t.access_token)));
  const [{ version }] = await db.select({ version: quizzes.version }).from(quizzes).where(eq(quizzes.id, quiz.id));
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, domain: 'demo', 'content-type': 'application/json' });
  const attempts: number[] = [];
  {
    const api = await startApiProcess([join(sides.B, 'server/dist/main.mjs')], dataDir, { DATABASE_URL: url.toString() });
    for (const token of tokens) {
      const res = await fetch(`${api.url}/api/quiz/${quiz.id}?is_new=true`, { headers: headers(token) });
      const body = (await res.json()) as { data?: { attempt: { id: number } } };
      if (!body.data) throw new Error(`start refused: ${res.status} ${JSON.stringify(body)}`);
      attempts.push(body.data.attempt.id);
    }
    await api.stop();
  }
  async function emptyAttempts() {
    await db.delete(questionAnswers).where(inArray(questionAnswers.attempt_id, attempts));
    // an attempt whose every question was answered is finished by its last answer: every loop starts from open ones
    await db
      .update(quizAttempts)
      .set({ status: 'IN_PROCESS', finished_at: null, score: null, percent: null, passed: null, answered_count: 0, answered_score: 0 })
      .where(inArray(quizAttempts.id, attempts));
    await db.execute(sql.raw('vacuum analyze question_answers, quiz_attempts'));
  }
  const answerBody = (k: number) => {
    const i = k % STUDENTS;
    const q = quizQuestions[Math.floor(k / STUDENTS) % quizQuestions.length];
    const option = firstOption.get(q.id)!;
    return { i, body: JSON.stringify({ id_quizAttemp: attempts[i], question_id: q.id, answer: q.type === 'radio' ? option : [option] }) };
  };

  async function rawLoop(dir: string) {
    // the side's own code: its database layer, its answer path, its event batch
    const client = await import(join(dir, 'server/db/client.ts'));
    const { storeAnswer } = await import(join(dir, 'server/modules/quizzes/answer-path.ts'));
    const { createEventBatch } = await import(join(dir, 'server/core/event-batch.ts'));
    const { sha256 } = await import(join(dir, 'server/core/context.ts'));
    const schema = await import(join(dir, 'server/db/schema/index.ts'));
    const side = await client.openDatabase({ url: url.toString() });
    const tokenRead = side.db
      .select({ token: schema.tokens, user: schema.users })
      .from(schema.tokens)
      .innerJoin(schema.users, eq(schema.users.id, schema.tokens.user_id))
      .where(eq(schema.tokens.access_hash, sql.placeholder('hash')))
      .prepare('bench_token_read');
    const schoolDb = side.forSchool(1);
    const batch = createEventBatch({
      delayMs: 1000, // ACTIVITY_BATCH_MS as the API has it by default
      maxRows: 1000,
      write: async (rows: unknown[]) => void (await side.db.insert(schema.events).values(rows)),
      onLost: (err: unknown) => console.warn('raw loop: events not written', err),
    });
    let ops = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        for (let k = c; Date.now() < until; k += CONNECTIONS) {
          const i = k % STUDENTS;
          const q = quizQuestions[Math.floor(k / STUDENTS) % quizQuestions.length];
          await tokenRead.execute({ hash: sha256(tokens[i]) });
          const stored = await storeAnswer(schoolDb, {
            attemptId: attempts[i],
            userId: created[i].id,
            quizId: quiz.id,
            version,
            questionId: q.id,
            optionIds: [firstOption.get(q.id)!],
            text: null,
            is_correct: false,
            score: 0,
            event: false,
          });
          if (stored?.inserted)
            batch.add({
              tenant_id: 1,
              user_id: created[i].id,
              kind: 'quiz_answer',
              subject_type: 'question',
              subject_id: q.id,
              data: { attempt_id: attempts[i], quiz_id: quiz.id, is_correct: false },
              created_at: new Date(),
            });
          ops++;
        }
      }),
    );
    await batch.flush();
    await side.close();
    return ops / SECONDS;
  }

  async function phase(side: 'A' | 'B') {
    const api = await startApiProcess([join(sides[side], 'server/dist/main.mjs')], dataDir, { DATABASE_URL: url.toString(), API_WORKERS: String(WORKERS) });
    await emptyAttempts();
    let gets = 0;
    let posts = 0;
    const rushLoad = load1();
    const rush = await run({
      url: api.url,
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
            const { i, body } = answerBody(posts++);
            return { ...req, path: '/api/QuestionUserAnswer', headers: headers(tokens[i]), body };
          },
        },
      ],
    });
    await emptyAttempts();
    let k2 = 0;
    const routeLoad = load1();
    const route = await run({
      url: api.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const { i, body } = answerBody(k2++);
            return { ...req, path: '/api/QuestionUserAnswer', headers: headers(tokens[i]), body };
          },
        },
      ],
    });
    await api.stop();
    await emptyAttempts();
    const rawLoad = load1();
    const raw = await rawLoop(sides[side]);
    console.log(
      `| ${side} | ${Math.round(rush.requests.average)} | ${rush.latency.p50}/${rush.latency.p99} | ${rush.non2xx} | ${rushLoad} | ${Math.round(route.requests.average)} | ${route.latency.p50}/${route.latency.p99} | ${route.non2xx} | ${routeLoad} | ${Math.round(raw)} | ${rawLoad} | **${Math.round((100 * route.requests.average) / Math.max(1, raw))} %** |`,
    );
  }

  console.log(`${new Date().toISOString()} ${STUDENTS} students, ${CONNECTIONS} connections, ${SECONDS} s a loop, API_WORKERS=${WORKERS}; A=${sides.A}, B=${sides.B}`);
  console.log('| side | rush req/s | rush p50/p99 ms | rush non-2xx | load | answer route req/s | p50/p99 ms | non-2xx | load | raw loop ops/s | load | route ÷ raw |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const order = Array.from({ length: PAIRS }, (_, i) => (i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))).flat();
  for (const side of order) await phase(side);
  await database.close();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(0);
