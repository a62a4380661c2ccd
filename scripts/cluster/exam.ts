// `npm run cluster -- exam` (issue 32 items 3 and 4): the exam surge of bench/surge.ts (an open model: each student
// signs in at a random moment of the first window, starts the quiz in the second, then answers every 1–3 s) through
// the cluster's load balancer, in four phases on the cluster that scripts/cluster/cluster.sh has brought up:
//   1. the exam alone;
//   2. the exam with API host 2 killed outright in the middle (kill -9 of every process of its namespace) and started
//      again 5 s later;
//   3. the exam with a 1,000,000-row Excel export started at its peak, the reports on the replica;
//   4. the same with the API hosts started again without DATABASE_REPLICA_URL: the export on the primary.
// The students behave as the portal does: a request that got no answer, a 502/503/504, is tried again after a second
// ("reconnecting"), and an answer that was stored before its reply was lost comes back 409, after which the next
// question is asked for. Every acknowledged answer is then looked for in the database.
// EXAM_STUDENTS (2000), EXAM_QUESTIONS (30), EXAM_PHASES (1,2,3,4); CLUSTER_WRITE_DOCS=0: print only.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { openDatabase } from '../../server/db/client.ts';
import { seedReferenceData } from '../../server/seed/reference.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { hashPassword } from '../../server/core/password.ts';
import { issueTokens } from '../../server/core/tokens.ts';
import { groupUsers, groups, questionAnswers, quizAttempts, quizzes, tenants, users } from '../../server/db/schema/index.ts';
import { createExam, enrolForQuiz } from '../../bench/exam.ts';
import { MILLION_SCHOOL, ensureMillionSchool } from '../../bench/report-data.ts';
import { percentile } from '../../bench/surge.ts';

const STUDENTS = Number(process.env.EXAM_STUDENTS ?? 2000);
const QUESTIONS = Number(process.env.EXAM_QUESTIONS ?? 30);
const PHASES = (process.env.EXAM_PHASES ?? '1,2,3,4').split(',').map(Number);
const SIGNIN_S = 20;
const START_S = 10;
const PASSWORD = 'exam-password-1';
const ROOT = process.env.CLUSTER_ROOT ?? '/var/tmp/lms-cluster';
const LB = 'http://10.77.0.20:8000';
const PRIMARY = 'postgres://postgres@10.77.0.10:5432/lms';
/** The API hosts started again (CLUSTER_REPLICA=0: without DATABASE_REPLICA_URL), which also ends an export left running. */
const restartApis = (replica: boolean) => execFileSync('bash', ['scripts/cluster/cluster.sh', 'restart-apis'], { stdio: 'inherit', env: { ...process.env, CLUSTER_REPLICA: replica ? '1' : '0' } });
let replicaOn = true; /** The same, without holding this process (the students go on meanwhile). */
const clusterAsync = (...args: string[]) =>
  new Promise<void>((resolve, reject) =>
    spawn('bash', ['scripts/cluster/cluster.sh', ...args], { stdio: 'inherit' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cluster.sh ${args.join(' ')}: ${code}`)))),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const rand = (a: number, b: number) => a + Math.random() * (b - a);

// ---- the data: the demo school, the exam and its students, the school of 1,000,000 attempts and its admin ----
const database = await openDatabase({ url: PRIMARY });
const db = database.db;
await seedReferenceData(db);
if (!(await db.select().from(tenants).where(eq(tenants.slug, 'demo'))).length) await seedDemo(db, `${ROOT}/files`);
const examTitle = `Bench exam of ${QUESTIONS} questions`;
const quiz =
  (
    await db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.title, examTitle)))
  )[0] ?? (await createExam(db, QUESTIONS));
const logins = Array.from({ length: STUDENTS }, (_, i) => `exam${i}`);
const have = new Set(
  (
    await db
      .select({ login: users.login })
      .from(users)
      .where(and(eq(users.tenant_id, 1), inArray(users.login, logins)))
  ).map((u) => u.login),
);
if (have.size < STUDENTS) {
  const hash = await hashPassword(PASSWORD);
  const [group] = await db.select().from(groups).where(eq(groups.tenant_id, 1));
  const fresh = logins.filter((l) => !have.has(l));
  const made = await db
    .insert(users)
    .values(fresh.map((login) => ({ tenant_id: 1, login, email: `${login}@demo.test`, password_hash: hash, name: 'Exam', surname: login, role: 'student' as const })))
    .returning({ id: users.id });
  await db.insert(groupUsers).values(made.map((u) => ({ tenant_id: 1, group_id: group.id, user_id: u.id })));
  await enrolForQuiz(
    db,
    quiz.id,
    made.map((u) => u.id),
  );
}
const millionId = await ensureMillionSchool(PRIMARY);
const [exportAdmin] =
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, millionId), eq(users.login, 'export-admin')))
  ).length > 0
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, millionId), eq(users.login, 'export-admin')))
    : await db.insert(users).values({ tenant_id: millionId, login: 'export-admin', email: 'export-admin@bench.test', password_hash: 'x', name: 'Export', surname: 'Admin', role: 'admin' }).returning();
await db.execute(sql`checkpoint`);

// ---- one phase ----
interface Done {
  kind: string;
  endS: number;
  ms: number;
}
interface Phase {
  name: string;
  done: Done[];
  failures: { kind: string; atS: number; why: string }[];
  acked: [number, number][];
  attempts: number[];
  finishedReplies: number;
  reconnectMaxS: number;
  seconds: number;
  killS?: number;
  backS?: number;
  exportS?: [number, number | undefined];
  exportStatus?: string;
  load: number;
}

async function runPhase(name: string, opts: { kill?: boolean; exportAtPeak?: boolean }): Promise<Phase> {
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4000 });
  const p: Phase = { name, done: [], failures: [], acked: [], attempts: [], finishedReplies: 0, reconnectMaxS: 0, seconds: 0, load: 0 };
  const t0 = performance.now();
  const nowS = () => (performance.now() - t0) / 1000;
  const sampler = setInterval(() => (p.load = Math.max(p.load, loadavg()[0])), 1000);
  // biome-ignore lint/suspicious/noExplicitAny: the driver reads whatever JSON the API answered
  type Json = Record<string, any>;
  /** One request as the portal sends it: tried again after a second while there is no answer or a 502/503/504. */
  async function call(kind: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: Json }> {
    let firstFailure: number | undefined;
    for (let tries = 0; ; tries++) {
      const t = performance.now();
      try {
        const res = await request(LB + path, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          dispatcher: agent,
        });
        const json = ((await res.body.json().catch(() => ({}))) ?? {}) as Json;
        if (![502, 503, 504].includes(res.statusCode)) {
          if (firstFailure !== undefined) p.reconnectMaxS = Math.max(p.reconnectMaxS, (performance.now() - firstFailure) / 1000);
          if (res.statusCode < 300) p.done.push({ kind, endS: nowS(), ms: performance.now() - t });
          return { status: res.statusCode, json };
        }
        p.failures.push({ kind, atS: nowS(), why: `${res.statusCode} ${json.name ?? ''}`.trim() });
      } catch (err) {
        p.failures.push({ kind, atS: nowS(), why: (err as Error).message });
      }
      firstFailure ??= t;
      if (tries >= 60) return { status: 0, json: {} };
      await sleep(1000);
    }
  }
  async function student(login: string) {
    await sleep(rand(0, SIGNIN_S * 1000));
    const signed = await call('sign-in', 'POST', '/api/token', { domain: 'demo' }, { username: login, password: PASSWORD, client_id: 'web', client_secret: 'public', grant_type: 'password' });
    const token = signed.json.access_token as string | undefined;
    if (!token) return;
    const h = { domain: 'demo', authorization: `Bearer ${token}` };
    await sleep(t0 + (SIGNIN_S + rand(0, START_S)) * 1000 - performance.now());
    const started = await call('start', 'GET', `/api/quiz/${quiz.id}?is_new=true`, h);
    const attempt = started.json.data?.attempt?.id as number | undefined;
    if (!attempt) return;
    p.attempts.push(attempt);
    const next = async () => (await call('question', 'GET', `/api/quiz/${quiz.id}/question?id_quizAttemp=${attempt}`, h)).json.data?.question;
    let q = await next();
    while (q) {
      await sleep(rand(1, 3) * 1000);
      const reply = await call('answer', 'POST', '/api/QuestionUserAnswer', h, { id_quizAttemp: attempt, question_id: q.id, answer: q.options?.[0]?.id });
      if (reply.status >= 200 && reply.status < 300) {
        p.acked.push([attempt, q.id]);
        if (reply.json.data?.status === 'FINISHED') p.finishedReplies++;
        q = reply.json.data?.next?.question;
      } else if (reply.status === 409) q = await next();
      else break;
    }
  }
  const peakAt = (SIGNIN_S + START_S + 5) * 1000;
  const side: Promise<void>[] = [];
  let examOver = false;
  if (opts.kill)
    side.push(
      sleep(peakAt + 20_000).then(async () => {
        p.killS = nowS();
        await clusterAsync('kill-api', '2');
        await sleep(5000);
        await clusterAsync('start-api', '2');
        // HAProxy takes it back after two good checks a second apart
        await sleep(2000);
        p.backS = nowS();
      }),
    );
  if (opts.exportAtPeak)
    side.push(
      sleep(peakAt).then(async () => {
        const h = { domain: MILLION_SCHOOL, authorization: `Bearer ${(await issueTokens(database.forSchool(millionId), exportAdmin.id)).access_token}` };
        const from = nowS();
        const job = await call('export', 'POST', '/admin/excel/export', h, { type: 'quizScoreResults', params: { period: 'all' } });
        const id = job.json.data?.id;
        p.exportS = [from, undefined];
        // followed while the exam goes on (at this machine's pace 1,000,000 rows take minutes longer than the exam);
        // what is left of it ends with the API hosts' restart before the next phase
        for (let status = job.json.data?.status; id && status !== 'done' && status !== 'failed' && !examOver; ) {
          await sleep(2000);
          const seen = (await call('export poll', 'GET', `/admin/excel/export/${id}`, h)).json.data;
          status = seen?.status;
          p.exportStatus = `${status}, ${seen?.rows_done ?? '?'} of ${seen?.rows_total ?? '?'} rows`;
        }
        p.exportS = [from, examOver ? undefined : nowS()];
      }),
    );
  await Promise.all(logins.map(student));
  p.seconds = nowS();
  examOver = true;
  await Promise.all(side);
  clearInterval(sampler);
  await agent.close();
  return p;
}

// ---- the figures ----
const p99 = (ds: Done[]) => {
  const ms = ds.map((d) => d.ms).sort((a, b) => a - b);
  return ms.length ? `${Math.round(percentile(ms, 99))} ms (${ms.length})` : '—';
};
const answers = (p: Phase, from = 0, to = Number.POSITIVE_INFINITY) => p.done.filter((d) => d.kind === 'answer' && d.endS >= from && d.endS < to);

async function verdict(p: Phase) {
  const stored = new Set<string>();
  for (let i = 0; i < p.attempts.length; i += 1000) {
    const chunk = p.attempts.slice(i, i + 1000);
    for (const r of await db.select({ a: questionAnswers.attempt_id, q: questionAnswers.question_id }).from(questionAnswers).where(inArray(questionAnswers.attempt_id, chunk)))
      stored.add(`${r.a}/${r.q}`);
  }
  const lost = p.acked.filter(([a, q]) => !stored.has(`${a}/${q}`)).length;
  let finished = 0;
  for (let i = 0; i < p.attempts.length; i += 1000)
    finished += Number(
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(quizAttempts)
          .where(and(inArray(quizAttempts.id, p.attempts.slice(i, i + 1000)), eq(quizAttempts.status, 'FINISHED')))
      )[0].n,
    );
  const failedSpan = p.failures.length ? `${p.failures[0].atS.toFixed(1)}–${p.failures[p.failures.length - 1].atS.toFixed(1)} s` : '—';
  const why = Object.entries(p.failures.reduce<Record<string, number>>((m, f) => ((m[`${f.kind}: ${f.why}`] = (m[`${f.kind}: ${f.why}`] ?? 0) + 1), m), {}))
    .map(([k, n]) => `${n} × ${k}`)
    .join('; ');
  return { lost, finished, failedSpan, why };
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines: string[] = [];
const results: Record<number, Phase> = {};
for (const n of PHASES) {
  const name = ['', 'exam alone', 'API host 2 killed mid-exam', 'export of 1,000,000 rows at the peak, reports on the replica', 'the same export, reports on the primary'][n];
  // every phase on app hosts started afresh: no phase inherits another's export, caches or heap (an exam alone on
  // hosts that had served two phases before gave a p99 of 250-430 ms against 47-51 ms on fresh ones); phase 4 reads
  // on the primary
  replicaOn = n !== 4;
  restartApis(replicaOn);
  console.log(`phase ${n}: ${name}`);
  const p = await runPhase(name, { kill: n === 2, exportAtPeak: n === 3 || n === 4 });
  results[n] = p;
  const v = await verdict(p);
  const answering = answers(p, SIGNIN_S + START_S);
  let row = `| ${n}. ${name} | ${p.attempts.length} of ${STUDENTS} started, **${v.finished} finished** | ${p.acked.length} acknowledged, **${v.lost} lost** | ${p.failures.length} (${v.failedSpan})${v.why ? `: ${v.why}` : ''} | ${p99(answering)} | ${p.reconnectMaxS.toFixed(1)} s | ${p.load.toFixed(1)} |`;
  if (n === 2 && p.killS !== undefined && p.backS !== undefined)
    row += `\n|  | killed at ${p.killS.toFixed(1)} s, back in the balancer at ${p.backS.toFixed(1)} s | p99 of answers before: ${p99(answers(p, SIGNIN_S + START_S, p.killS))} | during: ${p99(answers(p, p.killS, p.backS))} | after: ${p99(answers(p, p.backS))} |  |  |`;
  if (p.exportS) {
    const [from, to] = p.exportS;
    const span = to !== undefined ? `done in ${(to - from).toFixed(0)} s` : `at the exam's end (${(p.seconds - from).toFixed(0)} s after its start): ${p.exportStatus ?? '?'}`;
    row += `\n|  | export started at ${from.toFixed(0)} s, ${span} | p99 of answers while it ran: ${p99(answers(p, from, to ?? p.seconds))} |  |  |  |  |`;
  }
  lines.push(row);
  console.log(row);
}
const a = results[1]
  ? Number(
      percentile(
        answers(results[1], SIGNIN_S + START_S)
          .map((d) => d.ms)
          .sort((x, y) => x - y),
        99,
      ),
    )
  : undefined;
const ratio = (n: number) => {
  const p = results[n];
  if (!p || a === undefined) return '—';
  const v = percentile(
    answers(p, SIGNIN_S + START_S)
      .map((d) => d.ms)
      .sort((x, y) => x - y),
    99,
  );
  return `${Math.round((100 * v) / a)} %`;
};
const table = `Run ${when} UTC: ${STUDENTS} students, ${QUESTIONS} questions, sign-ins over ${SIGNIN_S} s, starts over ${START_S} s, an answer every 1–3 s.

| phase | attempts | answers | failed requests (when, from the phase's start) | p99 of answers | longest "reconnecting" | load (1 min, max) |
|---|---|---|---|---|---|---|
${lines.join('\n')}

Exam p99 of answers against the exam alone: with the export on the replica **${ratio(3)}**, on the primary **${ratio(4)}** (goal: within 120 % on the replica).`;
console.log(`\n${table}\n`);
if (process.env.CLUSTER_WRITE_DOCS !== '0') {
  const doc = 'docs/deployment.md';
  const [start, end] = ['<!-- npm run cluster -- exam: start -->', '<!-- npm run cluster -- exam: end -->'];
  const text = readFileSync(doc, 'utf8');
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) writeFileSync(doc, `${text.slice(0, i + start.length)}\n${table}\n${text.slice(j)}`);
}
if (!replicaOn || results[3] || results[4]) restartApis(true);
await database.close();
process.exit(0);
