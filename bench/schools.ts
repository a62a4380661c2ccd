// Many schools against one (issue 26 item 5; docs/performance.md "Many schools (bench:schools)"), on demand, not in
// `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres npm run bench:schools
// A throwaway database gets BENCH_SCHOOLS schools (300), each with one student whose password is known (direct inserts
// through the unbound handle, one argon2 hash computed once). Then four phases, each with the API of BENCH_API_DIR
// (this checkout; `<dir>/server/dist/main.mjs`, built with `npm run build:server`) started afresh in BENCH_WORKERS
// processes (2): many schools straight to PostgreSQL, one school straight, many through PgBouncer, one through PgBouncer
// (a PgBouncer of our own on BENCH_PGBOUNCER_PORT, 6544, started by scripts/pgbouncer.sh and stopped at the end). In
// each phase every school of the phase signs in once (POST /api/token, BENCH_CLIENTS at a time) and its token is kept;
// then BENCH_CLIENTS (100) closed loops, each request at a random school of the phase (the one school in the "one"
// phases), repeat an authenticated GET BENCH_PATH (/api/news: two school-bound statements a request, so that both loads reach the database; /api/user is answered from per-process caches that one school keeps warm and 300 do not) with the school's `Domain` header for BENCH_SECONDS (15).
// The sign-ins are not in the timed window: their argon2 hashes would otherwise be 300 against 1 and the comparison
// would be of password hashing, not of connections. A separate connection (to BENCH_PG's own database) counts the
// bench database's backends in pg_stat_activity every 100 ms: its peak under load (first sign-in to the load's end)
// and over the whole phase (the API's start-up included); and the database's committed transactions a request over
// the load (each school-bound statement outside a transaction is one), which shows what the caches save.
// BENCH_PHASES: which phases (`many-direct,one-direct,many-bouncer,one-bouncer`); BENCH_DB_CONNECTION_LIMIT: `alter
// database … connection limit` for the bench database (PostgreSQL exempts superusers from it: to keep an old build's
// pools per school off a shared server's other users, give BENCH_PG a server of its own instead);
// BENCH_WARMUP_SECONDS (3): the loops' untimed start; BENCH_LABEL: the build's name in the report (its commit);
// BENCH_DOC=0: print only, do not write docs/performance.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { tenantAccess, tenants, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/core/password.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { percentile } from './surge.ts';

const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PATH = process.env.BENCH_PATH ?? '/api/news';
const BOUNCER_PORT = Number(process.env.BENCH_PGBOUNCER_PORT ?? 6544);
const API_DIR = resolve(process.env.BENCH_API_DIR ?? '.');
const POOL_SIZE = Number(process.env.DB_POOL_SIZE ?? 10);
const PHASES = (process.env.BENCH_PHASES ?? 'many-direct,one-direct,many-bouncer,one-bouncer').split(',').map((s) => s.trim()) as PhaseName[];
const PASSWORD = 'bench-schools-1';
type PhaseName = 'many-direct' | 'one-direct' | 'many-bouncer' | 'one-bouncer';
const base = process.env.BENCH_PG;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');
if (!existsSync(join(API_DIR, 'server/dist/main.mjs'))) throw new Error(`${API_DIR}/server/dist/main.mjs is missing: npm run build:server there first`);

const name = `lms_bench_schools_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
if (process.env.BENCH_DB_CONNECTION_LIMIT) await admin.query(`alter database ${name} connection limit ${Number(process.env.BENCH_DB_CONNECTION_LIMIT)}`);
const direct = new URL(base);
direct.pathname = `/${name}`;
const slugOf = (i: number) => `bench-s${i + 1}`;

interface PhaseResult {
  phase: PhaseName;
  schools: number;
  signIns: number;
  signInFailed: number;
  signInFailures: Record<string, number>;
  signInP50: number;
  signInP99: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  status5xx: number;
  otherNon2xx: number;
  errors: number;
  failures: Record<string, number>;
  /** the peak from the first sign-in to the load's end */
  peakConnections: number;
  /** the peak over the whole phase, the API's start-up included (its migration check's own connection) */
  peakWithStart: number;
  /** the bench database's committed transactions (pg_stat_database) over the warm-up and the timed load, a request */
  transactionsPerRequest: number;
  load: string;
}
const results: PhaseResult[] = [];
let bouncerStarted = false;
const t0 = new Date();
try {
  // the schools: migrations and reference data by this checkout's code, then N schools in three statements
  const setup = await openDatabase({ url: direct.toString() });
  await seedReferenceData(setup.db);
  const hash = await hashPassword(PASSWORD);
  const made = await setup.db
    .insert(tenants)
    .values(Array.from({ length: SCHOOLS }, (_, i) => ({ slug: slugOf(i), title: `Bench school ${i + 1}` })))
    .returning({ id: tenants.id });
  await setup.db.insert(tenantAccess).values(made.map((t) => ({ tenant_id: t.id })));
  await setup.db.insert(users).values(made.map((t, i) => ({ tenant_id: t.id, login: 'student', email: `student@${slugOf(i)}.test`, password_hash: hash, name: 'Bench', surname: String(i + 1) })));
  await setup.close();

  for (const phase of PHASES) results.push(await runPhase(phase));
} finally {
  if (bouncerStarted) execFileSync('bash', ['scripts/pgbouncer.sh', 'stop', String(BOUNCER_PORT)], { stdio: 'inherit' });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

const bound = WORKERS * POOL_SIZE + WORKERS;
const build = process.env.BENCH_LABEL ?? execFileSync('git', ['-C', API_DIR, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
const of = (p: PhaseName) => results.find((r) => r.phase === p);
const ratio = (way: 'direct' | 'bouncer') => {
  const many = of(`many-${way}`);
  const one = of(`one-${way}`);
  return many && one ? (100 * many.rps) / Math.max(1, one.rps) : undefined;
};
const why = (f: Record<string, number>) =>
  Object.entries(f)
    .map(([k, n]) => `${n}× ${k}`)
    .join(', ');
const manyRuns = results.filter((r) => r.phase.startsWith('many'));
const goals = [
  ['every school signs in', manyRuns.every((r) => r.signInFailed === 0)],
  ['zero 5xx', results.every((r) => r.status5xx === 0 && r.errors === 0)],
  ['many ÷ one ≥ 90 % (direct and through PgBouncer)', (['direct', 'bouncer'] as const).every((w) => ratio(w) === undefined || ratio(w)! >= 90)],
  [`PostgreSQL connections ≤ ${WORKERS} × ${POOL_SIZE} + ${WORKERS} = ${bound}`, results.every((r) => r.peakConnections <= bound)],
  [`…counting the start-up's too`, results.every((r) => r.peakWithStart <= bound)],
] as const;
const report = [
  `### ${t0.toISOString().slice(0, 16).replace('T', ' ')} UTC, build ${build}`,
  '',
  `${SCHOOLS} schools with a student each, ${CLIENTS} clients, ${SECONDS} s a phase after ${WARMUP} s of warm-up, GET ${PATH}, API_WORKERS=${WORKERS}, DB_POOL_SIZE=${POOL_SIZE}${process.env.BENCH_DB_CONNECTION_LIMIT ? `, the bench database's connection limit ${process.env.BENCH_DB_CONNECTION_LIMIT}` : ''}; PgBouncer 1.18 in transaction mode (default_pool_size 20). Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), shared with other work: its load average is in each row.`,
  '',
  '| phase | schools | sign-ins failed | sign-in p50/p99 ms | requests | req/s | p50/p99 ms | 5xx (all failures) | other non-2xx, errors | peak PostgreSQL connections (with start-up) | transactions a request | load avg |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.phase} | ${r.schools} | ${r.signInFailed}${r.signInFailed ? ` (${why(r.signInFailures)})` : ''} | ${Math.round(r.signInP50)}/${Math.round(r.signInP99)} | ${r.requests} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)}/${r.p99.toFixed(1)} | ${r.status5xx}${r.otherNon2xx + r.errors + r.status5xx ? ` (${why(r.failures)})` : ''} | ${r.otherNon2xx + r.errors} | ${r.peakConnections} (${r.peakWithStart}) | ${r.transactionsPerRequest.toFixed(2)} | ${r.load} |`,
  ),
  '',
  `Many ÷ one: straight to PostgreSQL ${ratio('direct')?.toFixed(0) ?? '–'} %, through PgBouncer ${ratio('bouncer')?.toFixed(0) ?? '–'} %.`,
  '',
  ...goals.map(([goal, met]) => `- ${goal}: **${met ? 'met' : 'not met'}**`),
].join('\n');
console.log(`\n${report}`);
if (process.env.BENCH_DOC !== '0') {
  const doc = 'docs/performance.md';
  const [open, close] = ['<!-- bench:schools latest -->', '<!-- /bench:schools latest -->'];
  const text = readFileSync(doc, 'utf8');
  const block = `${open}\n${report}\n${close}`;
  writeFileSync(
    doc,
    text.includes(open) && text.includes(close)
      ? text.slice(0, text.indexOf(open)) + block + text.slice(text.indexOf(close) + close.length)
      : `${text.trimEnd()}\n\n## Many schools (bench:schools)\n\n${block}\n`,
  );
  console.log(`written into ${doc}`);
}
process.exit(0);

async function runPhase(phase: PhaseName): Promise<PhaseResult> {
  const many = phase.startsWith('many');
  const viaBouncer = phase.endsWith('bouncer');
  const env: Record<string, string> = { API_WORKERS: String(WORKERS), SIGNIN_ADDRESS_LIMIT: '1000000', DATABASE_URL: direct.toString() };
  if (process.env.DB_POOL_SIZE) env.DB_POOL_SIZE = process.env.DB_POOL_SIZE;
  if (viaBouncer) {
    if (!bouncerStarted) {
      execFileSync('bash', ['scripts/pgbouncer.sh', 'start', String(BOUNCER_PORT)], { stdio: 'ignore' });
      bouncerStarted = true;
    }
    const pooler = new URL(direct);
    pooler.port = String(BOUNCER_PORT);
    env.DATABASE_URL = pooler.toString();
    env.DATABASE_DIRECT_URL = direct.toString();
  }
  // the peak of the bench database's backends: from before the API starts to the phase's end, and under load (from the
  // first sign-in to the load's end)
  let peak = 0;
  let peakUnderLoad = 0;
  let underLoad = false;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      peak = Math.max(peak, rows[0].n);
      if (underLoad) peakUnderLoad = Math.max(peakUnderLoad, rows[0].n);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-schools-'));
  let api: ApiProcess | undefined;
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: CLIENTS });
  try {
    api = await startApiProcess([join(API_DIR, 'server/dist/main.mjs')], dataDir, env);
    const schools = many ? Array.from({ length: SCHOOLS }, (_, i) => i) : [0];
    underLoad = true;
    const load0 = loadavg()[0];
    let loadMax = load0;
    const loadSampler = setInterval(() => (loadMax = Math.max(loadMax, loadavg()[0])), 1000);

    // every school of the phase signs in once, CLIENTS at a time
    const tokens = new Map<number, string>();
    const signInFailures: Record<string, number> = {};
    const signInMs: number[] = [];
    const queue = [...schools];
    await Promise.all(
      Array.from({ length: Math.min(CLIENTS, queue.length) }, async () => {
        for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
          const t = performance.now();
          try {
            const res = await request(`${api!.url}/api/token`, {
              method: 'POST',
              dispatcher: agent,
              headers: { domain: slugOf(s), 'content-type': 'application/json' },
              body: JSON.stringify({ username: 'student', password: PASSWORD, client_id: 'web', client_secret: 'public', grant_type: 'password' }),
            });
            const body = (await res.body.json().catch(() => ({}))) as { access_token?: string; name?: string };
            if (res.statusCode === 200 && body.access_token) {
              tokens.set(s, body.access_token);
              signInMs.push(performance.now() - t);
            } else {
              const why = `${res.statusCode} ${body.name ?? ''}`.trim();
              signInFailures[why] = (signInFailures[why] ?? 0) + 1;
            }
          } catch (err) {
            const why = (err as Error).message;
            signInFailures[why] = (signInFailures[why] ?? 0) + 1;
          }
        }
      }),
    );

    // the timed load: CLIENTS closed loops, each request at a random school that signed in
    const signedIn = [...tokens.keys()];
    // the database's count of transactions, after its backends have reported the sign-ins' (an idle backend reports
    // within 10 s); read again once the API has stopped (a backend reports as it ends)
    await new Promise((r) => setTimeout(r, 11_000));
    const committed = async () => (await admin.query('select xact_commit::bigint as n from pg_stat_database where datname = $1', [name])).rows[0].n as string;
    const committed0 = Number(await committed());
    let sent = 0;
    const latencies: number[] = [];
    const failures: Record<string, number> = {};
    let status5xx = 0;
    let otherNon2xx = 0;
    let errors = 0;
    // a warm-up of WARMUP seconds first (the processes' code and plans, the pools' connections), untimed; a 5xx or an
    // error counts in it too
    const started = performance.now() + WARMUP * 1000;
    const until = started + SECONDS * 1000;
    let timed = 0;
    if (signedIn.length)
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            const s = signedIn[Math.floor(Math.random() * signedIn.length)];
            const t = performance.now();
            try {
              const res = await request(`${api!.url}${PATH}`, { dispatcher: agent, headers: { domain: slugOf(s), authorization: `Bearer ${tokens.get(s)}` } });
              const text = await res.body.text();
              sent++;
              if (t >= started) timed++;
              if (res.statusCode >= 200 && res.statusCode < 300) {
                if (t >= started) latencies.push(performance.now() - t);
              } else {
                if (res.statusCode >= 500) status5xx++;
                else otherNon2xx++;
                const why = `${res.statusCode} ${(text.match(/"name":"([^"]+)"/) ?? [])[1] ?? ''}`.trim();
                failures[why] = (failures[why] ?? 0) + 1;
              }
            } catch (err) {
              errors++;
              const why = (err as Error).message;
              failures[why] = (failures[why] ?? 0) + 1;
            }
          }
        }),
      );
    const elapsed = (performance.now() - started) / 1000;
    underLoad = false;
    clearInterval(loadSampler);
    // the peak is read once the API has stopped: nothing of the phase is left unsampled
    await api.stop();
    api = undefined;
    await new Promise((r) => setTimeout(r, 1000));
    const transactions = Number(await committed()) - committed0;
    sampling = false;
    await sampler;
    latencies.sort((a, b) => a - b);
    signInMs.sort((a, b) => a - b);
    const r: PhaseResult = {
      phase,
      schools: schools.length,
      signIns: schools.length,
      signInFailed: schools.length - tokens.size,
      signInFailures,
      signInP50: percentile(signInMs, 50),
      signInP99: percentile(signInMs, 99),
      requests: timed,
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      status5xx,
      otherNon2xx,
      errors,
      failures,
      peakConnections: peakUnderLoad,
      peakWithStart: peak,
      transactionsPerRequest: transactions / Math.max(1, sent),
      load: `${load0.toFixed(1)}–${loadMax.toFixed(1)}`,
    };
    console.log(`${phase}: ${JSON.stringify(r)}`);
    return r;
  } finally {
    await api?.stop();
    await agent.close();
    sampling = false;
    await sampler;
    // PgBouncer keeps its server connections open when its clients leave: stopped after each of its phases, so that
    // they are not counted in the next phase's peak
    if (viaBouncer && bouncerStarted) {
      execFileSync('bash', ['scripts/pgbouncer.sh', 'stop', String(BOUNCER_PORT)], { stdio: 'inherit' });
      bouncerStarted = false;
    }
  }
}
