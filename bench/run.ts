// `npm run bench`: the exam rush. Many students load their next question and post answers at once,
// against the real API on loopback (embedded PGlite by default, or DATABASE_URL), beside a bare Fastify
// route measured in the same run. Also reports what the first screens of both apps download (brotli and gzip).
// On PostgreSQL the surge, the closed loops and the user search hit the API as `npm start` runs it, in processes of
// its own (server/dist/main.mjs, built here, or server/main.ts through tsx; API_WORKERS=BENCH_WORKERS, default 1, 2 for
// both cores), so that the load generator does not take the API's CPU; the raw loop, the bare route, the upload's
// memory growth and the process memory measure this process. On PGlite (no DATABASE_URL) the API runs in this process:
// a separate one cannot share an in-memory database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { events, groupUsers, groups, questionAnswers, questionOptions, questions, quizAttempts, quizzes, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { firstLoadTable, firstLoads } from './bundles.ts';
import { hashPassword } from '../server/core/password.ts';
import { percentile, runSurge, type OpKind } from './surge.ts';
import { storeAnswer } from '../server/modules/quizzes/answer-path.ts';
import { createEventBatch } from '../server/core/event-batch.ts';
import { sha256 } from '../server/core/context.ts';
import { tokens as tokenTable } from '../server/db/schema/index.ts';
import { addSearchUsers, demoTokenOf, processTreeMb, searchRows, startupTimes, uploadGrowth } from './extras.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { backendsOf, databaseCpuMeter, startCpuSplit } from './cpu.ts';
import { createExam, demoQuiz, enrolForQuiz } from './exam.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const BENCH_QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 0);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// the surge (open model, bench/surge.ts): sign-ins spread over the first window, quiz starts over the second
const SIGNIN_WINDOW = Number(process.env.BENCH_SIGNIN_SECONDS ?? 20);
const START_WINDOW = Number(process.env.BENCH_START_SECONDS ?? 10);
const PASSWORD = 'bench-password-1';
// users added to the demo school for the user search (bench/extras.ts): 50,000 as the goal says (about 17 s to add on
// the quiet machine); `node --import tsx bench/search-upload.ts` runs the search and the upload alone
const SEARCH_USERS = Number(process.env.BENCH_SEARCH_USERS ?? 50_000);
const load1 = () => loadavg()[0].toFixed(1);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const separate = Boolean(process.env.DATABASE_URL);
// the server's bundle, as `npm start` builds it (scripts/build-server.mjs; under a second); tsx when it cannot be built
const bundled = separate && spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status === 0 && existsSync('server/dist/main.mjs');
// both apps as this checkout builds them, before anything is timed, so that the first loads are today's and never a
// stale or missing dist's (BENCH_DIST names a build of your own instead)
const appsBuilt = process.env.BENCH_DIST !== undefined || spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status === 0;

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
// X-Forwarded-For from loopback is believed: the surge gives each student an address of their own (bench/surge.ts)
const config = { ...loadConfig({}), dataDir, logLevel: 'silent', trustProxy: ['127.0.0.1'] };
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: process.env.DATABASE_URL ? undefined : 'memory://' });
await seedReferenceData(database.db);
await seedDemo(database.db, dataDir);
const db = database.db;

// The students: all in the demo school's MBA group, which is enrolled in the program holding the pass quiz.
const [group] = await db.select().from(groups).where(eq(groups.tenant_id, 1));
// BENCH_QUESTIONS=N: an exam of its own (bench/exam.ts), so that the surge's answers go on for minutes as in a real exam
const quiz = BENCH_QUESTIONS > 0 ? await createExam(db, BENCH_QUESTIONS) : await demoQuiz(db);
// no locks: the demo quiz shows correctness, which locks a question once answered (issue 30), and the surge's students
// who go back to change answers (bench/surge.ts, BENCH_CHANGERS) would all be refused with ERROR_ANSWER_LOCKED
await db.update(quizzes).set({ max_attempts: null, show_correct: false }).where(eq(quizzes.id, quiz.id));
const quizQuestions = await db.select().from(questions).where(eq(questions.quiz_id, quiz.id));
const benchHash = await hashPassword(PASSWORD);
const created = await db
  .insert(users)
  .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `bench${i}`, email: `bench${i}@demo.test`, password_hash: benchHash, name: 'Bench', surname: String(i) })))
  .returning({ id: users.id });
await db.insert(groupUsers).values(created.map((u) => ({ tenant_id: 1, group_id: group.id, user_id: u.id })));
// and enrolled directly in the programs that hold the quiz (whatever the seed's groups are)
await enrolForQuiz(
  db,
  quiz.id,
  created.map((u) => u.id),
);
const demoDb = bindToSchool(db, 1);
const tokens = await Promise.all(created.map((u) => issueTokens(demoDb, u.id).then((t) => t.access_token)));

// the API in this process: all of it on PGlite, only the upload (which measures this process's memory) on PostgreSQL
let app = null as Awaited<ReturnType<typeof buildApp>> | null;
async function inProcessApi() {
  app ??= await buildApp({ config, database, logger: false });
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

// the API in processes of its own, started now that the students and their tokens are in the database
let server = null as ApiProcess | null;
process.once('exit', () => server?.child.kill('SIGTERM'));
async function separateApi() {
  // BENCH_CPU_PROF=dir: a --cpu-prof of each API process (primary and workers) written into dir when it ends
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  server = await startApiProcess([...prof, ...(bundled ? ['server/dist/main.mjs'] : ['--import', 'tsx', 'server/main.ts'])], dataDir, {
    API_WORKERS: String(WORKERS),
    // X-Forwarded-For from loopback is believed: each student has an address of their own (bench/surge.ts)
    TRUST_PROXY: '127.0.0.1',
    SIGNIN_ADDRESS_LIMIT: String(Math.max(100, STUDENTS)),
  });
  return server.url;
}
const apiMode = separate
  ? `API in ${WORKERS} separate process${WORKERS === 1 ? '' : 'es'} (${bundled ? 'node server/dist/main.mjs' : 'tsx server/main.ts'}, API_WORKERS=${WORKERS})`
  : 'API in this process (PGlite in memory: a separate process cannot share it)';
console.log(`${apiMode}; load generator in this process`);
const base = separate ? await separateApi() : await inProcessApi();
const headers = (token: string) => ({ authorization: `Bearer ${token}`, domain: 'demo', 'content-type': 'application/json' });

// The surge by arrival rate: every student signs in, starts the quiz and answers every 1–3 s, on their own schedule.
// the surge starts from a clean slate: the pages the setup wrote (and any earlier run on this server) are flushed now,
// so that their flush cannot fall into the exam's start minute (CHECKPOINT needs a superuser: skipped otherwise); the
// checkpoints of the surge's own writes still happen as they would in an exam
if (separate) await db.execute(sql`checkpoint`).catch(() => undefined);
const surge = await runSurge({ base, tenant: 'demo', logins: created.map((_, i) => `bench${i}`), password: PASSWORD, quizId: quiz.id, signInWindowS: SIGNIN_WINDOW, startWindowS: START_WINDOW });
const surgeLoad = load1();

// Then the closed loop: every student starts an attempt, then the rush: load question, post answer.
const attempts: number[] = [];
for (const token of tokens) {
  const res = await fetch(`${base}/api/quiz/${quiz.id}?is_new=true`, { headers: headers(token) });
  const body = (await res.json()) as { data?: { attempt: { id: number } } };
  if (!body.data) throw new Error(`start refused: ${res.status} ${JSON.stringify(body)}`);
  attempts.push(body.data.attempt.id);
}
const firstOption = new Map<number, number>();
for (const q of quizQuestions) {
  const [o] = await db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id)).limit(1);
  firstOption.set(q.id, o.id);
}

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

let n = 0;
let posts = 0;
const rush = await run({
  url: base,
  connections: CONNECTIONS,
  duration: DURATION,
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => {
        const i = n++ % STUDENTS;
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
        // each (student, question) pair is answered once; when the run outlasts them, repeats are refused with 409 by design
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

const rushLoad = load1();

// The answer route alone (closed loop), then the same writes without HTTP and the framework: a raw loop of the
// token's read, the answer's statement (server/modules/quizzes/answer-path.ts) and its event in a batch, as the API
// writes it, on as many concurrent loops. Each starts from the same state, the closed loop's attempts emptied of
// their answers, so that both store new answers in the same order (no 409 repeats, which are cheaper, in either) and
// their ratio compares the same writes.
async function emptyAttempts() {
  await db.delete(questionAnswers).where(inArray(questionAnswers.attempt_id, attempts));
  await db.update(quizAttempts).set({ answered_count: 0, answered_score: 0 }).where(inArray(quizAttempts.id, attempts));
}
await emptyAttempts();
// what a request cost the API, PostgreSQL and this process (PostgreSQL only: bench/cpu.ts)
const split = separate ? () => startCpuSplit(server?.child.pid, databaseCpuMeter(backendsOf(db))) : undefined;
let k2 = 0;
const answerOnlyCpu = await split?.();
const answerOnly = await run({
  url: base,
  connections: CONNECTIONS,
  duration: DURATION,
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        const k = k2++;
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
const answerOnlyLoad = load1();
const answerOnlySpent = answerOnlyCpu ? ` (${await answerOnlyCpu(answerOnly.requests.total)})` : '';
const [{ version }] = await db.select({ version: quizzes.version }).from(quizzes).where(eq(quizzes.id, quiz.id));
const schoolDb = database.forSchool(1);
await emptyAttempts();
let rawOps = 0;
const rawCpu = separate ? await startCpuSplit(undefined, databaseCpuMeter(backendsOf(db)), 'this process') : undefined;
const rawUntil = Date.now() + DURATION * 1000;
// the token's read prepared as the API's is (server/core/context.ts): the raw loop runs what the route runs
const rawTokenRead = db
  .select({ token: tokenTable, user: users })
  .from(tokenTable)
  .innerJoin(users, eq(users.id, tokenTable.user_id))
  .where(eq(tokenTable.access_hash, sql.placeholder('hash')))
  .prepare('bench_token_read');
// the answers' events as the API writes them (server/core/event-batch.ts): batched unless ACTIVITY_BATCH_MS=0
const batchMs = loadConfig({ ACTIVITY_BATCH_MS: process.env.ACTIVITY_BATCH_MS }).activityBatchMs;
const rawEvents = createEventBatch({
  delayMs: batchMs,
  maxRows: 1000,
  write: async (rows) => void (await db.insert(events).values(rows)),
  onLost: (err) => console.warn('raw loop: events not written', err),
});
await Promise.all(
  Array.from({ length: CONNECTIONS }, async (_, c) => {
    for (let k = c; Date.now() < rawUntil; k += CONNECTIONS) {
      const i = k % STUDENTS;
      const q = quizQuestions[Math.floor(k / STUDENTS) % quizQuestions.length];
      await rawTokenRead.execute({ hash: sha256(tokens[i]) });
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
        event: batchMs === 0,
      });
      if (batchMs > 0 && stored?.inserted) {
        rawEvents.add({
          tenant_id: 1,
          user_id: created[i].id,
          kind: 'quiz_answer',
          subject_type: 'question',
          subject_id: q.id,
          data: { attempt_id: attempts[i], quiz_id: quiz.id, is_correct: false },
          created_at: new Date(),
        });
      }
      rawOps++;
    }
  }),
);
await rawEvents.flush();
const rawLoad = load1();
const rawSpent = rawCpu ? ` (${await rawCpu(rawOps)})` : '';
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareRes = await run({ url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`, connections: CONNECTIONS, duration: DURATION });
const bareLoad = load1();

// The user search, a 40 MB upload's memory, and the start-up on an existing embedded database (bench/extras.ts).
await addSearchUsers(db, SEARCH_USERS, benchHash);
// the statistics a school's database has once autovacuum has seen the new rows (within a minute of a bulk load): without
// them PostgreSQL plans the search for the table it knew, a tenth of the size (bench/search-upload.ts does the same)
if (separate) await db.execute('analyze users' as never);
const tokenOf = (login: string) => demoTokenOf(db, login);
const search = await searchRows(base, { authorization: `Bearer ${await tokenOf('admin')}`, domain: 'demo' }, 10, Math.min(DURATION, 5), load1, undefined, split);
const apiMemory = server?.child.pid ? `${Math.round(processTreeMb(server.child.pid))} MB` : null;
// the upload against the same API, after one small archive through the same route (its first use of modules and
// schemas not counted); on PostgreSQL the separate API's resident memory, read from /proc, apart from this process
const upload = await uploadGrowth(base, db, await tokenOf('student'), { pid: server?.child.pid });
await server?.stop();
server = null;
const startup = process.env.BENCH_STARTUP === '0' ? null : await startupTimes();

// The diplomas' bulk issue of BENCH_DIPLOMAS (200) with its streamed ZIP (issue 31): bench/diplomas.ts in a process of
// its own, so that its resident memory is the issue's alone; its table lines join this table (BENCH_DIPLOMAS=0: skipped).
const diplomasBench =
  process.env.BENCH_DIPLOMAS === '0' ? null : spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/diplomas.ts'], { encoding: 'utf8', env: process.env, maxBuffer: 16 * 1024 * 1024 });
const diplomasLines = diplomasBench?.stdout.split('\n').filter((l) => l.startsWith('|') || l.startsWith('ZIP')) ?? [];
const diplomasTable = !diplomasBench
  ? 'not measured (BENCH_DIPLOMAS=0)'
  : diplomasBench.status === 0 && diplomasLines.length
    ? `${diplomasLines.filter((l) => l.startsWith('|')).join('\n')}\n\n${diplomasLines.filter((l) => l.startsWith('ZIP')).join(' ')}`
    : `failed (exit ${diplomasBench.status}): ${diplomasBench.stderr.trim().split('\n').slice(-3).join(' ')}`;

// First screens of both apps (learner /auth and /courses/list, back office signed out and signed in), brotli and gzip.
const loads = appsBuilt ? firstLoads(process.env.BENCH_DIST ?? 'dist') : undefined;
const loadsTable = loads ? firstLoadTable(loads) : 'not measured: the apps did not build (npm run build says why)';

// 409 ISSET_ANSWER_QUESTION repeats (a pair answered twice, by design once the run outlasts the pairs) are not successes
const codes = (r: autocannon.Result) => (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
const row = (name: string, r: autocannon.Result, load: string) => {
  const c = codes(r);
  const ok = Object.entries(c)
    .filter(([k]) => k.startsWith('2'))
    .reduce((s, [, v]) => s + v.count, 0);
  const repeats = c['409']?.count ?? 0;
  return `| ${name} | ${Math.round(ok / DURATION)} | ${r.latency.p50} | ${r.latency.p99} | ${repeats} | ${r.requests.total - ok - repeats + r.errors} / ${r.requests.total} | ${load} |`;
};
const opRow = (k: OpKind) => {
  const s = surge.ops[k];
  return `| surge: ${k} | ${s.ok} | ${Math.round(percentile(s.latencies, 50))} | ${Math.round(percentile(s.latencies, 99))} | ${s.repeats} | ${s.failed}${
    s.failed
      ? ` (${Object.entries(s.failures)
          .map(([w, n]) => `${w}: ${n}`)
          .join(', ')})`
      : ''
  } | ${surgeLoad} (max ${surge.loadMax.toFixed(1)}) |`;
};
const memory = `${Math.round(process.memoryUsage().rss / 1048576)} MB`;
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const table = `Measured ${when} UTC by \`npm run bench\` on ${database.kind}, ${apiMode}, load generator in this process: ${STUDENTS} students, a quiz of ${quizQuestions.length} questions; the surge signs them in over ${SIGNIN_WINDOW} s and starts their attempts over the next ${START_WINDOW} s, each then answers every 1–3 s (open model, bench/surge.ts; ${surge.seconds.toFixed(0)} s, ${surge.attemptsFinished} attempts finished); the closed loop runs ${CONNECTIONS} connections for ${DURATION} s. Load average (1 min) of the machine beside each figure; "repeats" are 409 answers by design, neither successes nor errors.

| scenario | successes (closed: per s) | p50 ms | p99 ms | repeats (409) | errors / total | load avg |
|---|---|---|---|---|---|---|
${(['sign-in', 'start', 'first question', 'answer', 'question map', 'change', 'finish'] as OpKind[]).map(opRow).join('\n')}
${row('closed loop: next question + answer', rush, rushLoad)}
${row(`closed loop: answer route alone${answerOnlySpent}`, answerOnly, answerOnlyLoad)}
| raw loop: token read + the answer's statement + its event batched, no HTTP (${CONNECTIONS} loops, in this process)${rawSpent} | ${Math.round(rawOps / DURATION)} | | | | | ${rawLoad} |
${row('bare Fastify route (in this process)', bareRes, bareLoad)}
${search.join('\n')}

The user search runs over ${STUDENTS + SEARCH_USERS} users of the demo school (goal: p99 ≤ 50 ms at 50,000, indexed). A 40 MB project archive, streamed by the client: answered ${upload.status} in ${upload.ms} ms, the API's resident memory grew by **${upload.growthMb.toFixed(1)} MB** at most (goal ≤ 10 MB; after one small upload through the same route; ${upload.separate ? 'the separate API, read from /proc' : `an API in this process, beside the load generator; at the highest, JS heap +${upload.heapMb?.toFixed(1)} MB, Buffers +${upload.buffersMb?.toFixed(1)} MB`}). Start-up to /health on the embedded database: ${startup ? `first start (migrations and the demo seed) ${(startup.first / 1000).toFixed(1)} s, again on that database **${(startup.again / 1000).toFixed(1)} s** (goal ≤ 3 s)` : 'not measured (BENCH_STARTUP=0)'}.

The answer route alone against the raw loop, both storing new answers from the same state: ${Math.round(answerOnly.requests.average)} vs ${Math.round(rawOps / DURATION)} per s, **${Math.round((100 * answerOnly.requests.average) / Math.max(1, rawOps / DURATION))} %** (goal ≥ 60 %).

Process memory after the runs: this process (load generator, raw loop, bare route${separate ? '' : ', the API'}) ${memory}${apiMemory ? `; the separate API (${WORKERS} process${WORKERS === 1 ? '' : 'es'}${WORKERS > 1 ? ' and their primary' : ''}) ${apiMemory} after the surge, the closed loops and the search` : ''}.

Bulk issue of diplomas to one group through the real route, in a process of its own (bench/diplomas.ts: a designed A4 template with a stamp, text and the QR; each PDF into the student's documents and a mail; the ZIP of all streamed to disk; time to the ZIP, resident memory growth at peak):

${diplomasTable}

First screens of the apps (what each loads, file bytes; bench/bundles.ts):

${loadsTable}`;
console.log(`\n${table}\n`);
// the table of docs/performance.md between its markers is replaced by this run's (BENCH_WRITE_DOCS=0: print only)
if (process.env.BENCH_WRITE_DOCS !== '0') {
  const doc = 'docs/performance.md';
  const [start, end] = ['<!-- npm run bench: start -->', '<!-- npm run bench: end -->'];
  const text = readFileSync(doc, 'utf8');
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) {
    writeFileSync(doc, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
    console.log(`${doc}: table written`);
  } else console.log(`${doc}: no markers ${start} … ${end}, table not written`);
}
await bare.close();
await app?.close();
await database.close();
process.exit(0);
