// `npm run bench`: the exam rush. Many students load their next question and post answers at once,
// against the real API on loopback (embedded PGlite by default, or DATABASE_URL), beside a bare Fastify
// route measured in the same run. Also reports the learner app's first-load JavaScript (gzip).
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { groupUsers, groups, questionOptions, questions, quizzes, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/modules/accounts/tokens.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
const config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: process.env.DATABASE_URL ? undefined : 'memory://' });
await seedReferenceData(database.db);
await seedDemo(database.db, dataDir);
const db = database.db;

// The students: all in the demo school's MBA group, which is enrolled in the program holding the pass quiz.
const [group] = await db.select().from(groups).where(eq(groups.tenant_id, 1));
const [quiz] = await db.select().from(quizzes).where(and(eq(quizzes.tenant_id, 1), eq(quizzes.title, 'Зачёт по отчётности')));
await db.update(quizzes).set({ max_attempts: null }).where(eq(quizzes.id, quiz.id));
const quizQuestions = await db.select().from(questions).where(eq(questions.quiz_id, quiz.id));
const created = await db
  .insert(users)
  .values(Array.from({ length: STUDENTS }, (_, i) => ({ tenant_id: 1, login: `bench${i}`, email: `bench${i}@demo.test`, password_hash: 'x', name: 'Bench', surname: String(i) })))
  .returning({ id: users.id });
await db.insert(groupUsers).values(created.map((u) => ({ group_id: group.id, user_id: u.id })));
const tokens = await Promise.all(created.map((u) => issueTokens(db, 1, u.id).then((t) => t.access_token)));

const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, domain: 'demo', 'content-type': 'application/json' });

// Every student starts an attempt (the exam start surge), then the rush: load question, post answer.
const attempts: number[] = [];
for (const token of tokens) {
  const res = await fetch(`${base}/api/quiz/${quiz.id}?is_new=true`, { headers: headers(token) });
  attempts.push(((await res.json()) as { data: { attempt: { id: number } } }).data.attempt.id);
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
        return { ...req, path: '/api/QuestionUserAnswer', headers: headers(tokens[i]), body: JSON.stringify({ id_quizAttemp: attempts[i], question_id: q.id, answer: q.type === 'radio' ? option : [option] }) };
      },
    },
  ],
});

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareRes = await run({ url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`, connections: CONNECTIONS, duration: DURATION });

// First-load JavaScript of the learner app: the entry script and what index.html preloads.
let learnerKb = 'not built (run npm run build)';
const html = 'dist/learner/index.html';
if (existsSync(html)) {
  const srcs = [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = srcs.reduce((s, f) => s + gzipSync(readFileSync(join('dist/learner', f))).length, 0);
  learnerKb = `${(bytes / 1024).toFixed(1)} KB gzip (${srcs.length} files)`;
}

const row = (name: string, r: autocannon.Result) =>
  `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} / ${r.requests.total} |`;
console.log(`
Exam rush on ${database.kind}, ${STUDENTS} students, ${CONNECTIONS} connections, ${DURATION} s each

| scenario | req/s | p50 ms | p99 ms | non-2xx / total |
|---|---|---|---|---|
${row('exam rush: next question + answer', rush)}
${row('bare Fastify route', bareRes)}

Learner first load: ${learnerKb}
`);
await bare.close();
await app.close();
await database.close();
process.exit(0);
